"""/api/v1/players/: any signed-in user lists and adds players; one player per account. And app sign-in
(/api/v1/auth/token/)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Player
from tests.factories import PASSWORD, PlayerFactory, UserFactory, api_client

pytestmark = pytest.mark.django_db


def test_a_player_can_be_linked_to_my_account() -> None:
    user = UserFactory.create(username="ana")
    response = api_client(user).post("/api/v1/players/", {"name": " Ana ", "me": True}, format="json")
    assert response.status_code == 201
    assert response.json()["name"] == "Ana"
    assert response.json()["user"] == "ana"
    again = api_client(user).post("/api/v1/players/", {"name": "Ana 2", "me": True}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "player.account_taken")
    assert Player.objects.count() == 1


def test_the_list_is_searchable_paginated_and_bounded(
    django_assert_max_num_queries: Callable[..., Any],
) -> None:
    me = UserFactory.create()
    PlayerFactory.create_batch(30, created_by=me)
    PlayerFactory.create(name="Zora", created_by=me)
    PlayerFactory.create(name="Zorro")  # a stranger's player, unseen
    client = api_client(me)
    with django_assert_max_num_queries(3):
        body = client.get("/api/v1/players/?limit=10").json()
    assert (body["count"], len(body["results"])) == (31, 10)
    assert [p["name"] for p in client.get("/api/v1/players/?search=zor").json()["results"]] == ["Zora"]
    player = body["results"][0]
    assert client.get(f"/api/v1/players/{player['id']}/").json() == player


def test_anonymous_visitors_cannot_add_players() -> None:
    response = api_client().post("/api/v1/players/", {"name": "Ana"}, format="json")
    assert (response.status_code, response.json()["code"]) == (401, "auth.required")
    assert not Player.objects.exists()


def test_an_app_signs_in_for_a_token_and_uses_it() -> None:
    UserFactory.create(username="ana")
    response = api_client().post(
        "/api/v1/auth/token/", {"username": "ana", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    app = APIClient(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert app.post("/api/v1/players/", {"name": "Ana"}, format="json").status_code == 201
    wrong = api_client().post("/api/v1/auth/token/", {"username": "ana", "password": "nope"}, format="json")
    assert (wrong.status_code, wrong.json()["code"]) == (400, "request.invalid")
