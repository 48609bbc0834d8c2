"""``DELETE /api/v1/me/`` with ``{"password"}``: 204 and the account is gone with its tokens; a wrong
password is 400 ``auth.wrong_password`` and nothing is written; throttled per account
(docs/accounts.md, Deleting one's account; the tables unchanged: tests/games/test_account_delete.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Match
from scorekeeper.throttles import AccountDeleteThrottle
from tests.factories import PASSWORD, api_client, make_personas

pytestmark = pytest.mark.django_db
URL = "/api/v1/me/"


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def _token_client(user: User) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def test_the_right_password_deletes_the_account_and_its_token() -> None:
    people = make_personas()
    client = _token_client(people.player)
    response = client.delete(URL, {"password": PASSWORD}, format="json")
    assert response.status_code == 204
    assert not User.objects.filter(username="player").exists()
    assert not Token.objects.exists()
    assert Match.objects.filter(pk=people.match.pk).exists()  # the owner's match stays
    again = client.get("/api/v1/matches/")
    assert again.status_code == 401


def test_a_wrong_password_is_400_and_deletes_nothing() -> None:
    people = make_personas()
    response = api_client(people.player).delete(URL, {"password": "not-mine"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "auth.wrong_password"
    assert User.objects.filter(username="player").exists()


def test_no_password_is_request_invalid() -> None:
    people = make_personas()
    response = api_client(people.player).delete(URL, {}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "request.invalid"
    assert User.objects.filter(username="player").exists()


def test_signed_out_is_401() -> None:
    assert api_client().delete(URL, {"password": PASSWORD}, format="json").status_code == 401


def test_tries_are_throttled_per_account(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AccountDeleteThrottle, "THROTTLE_RATES", {"account_delete": "2/hour"})
    people = make_personas()
    client = api_client(people.player)
    codes = [client.delete(URL, {"password": "wrong"}, format="json").status_code for _ in range(3)]
    assert codes == [400, 400, 429]
    assert client.delete(URL, {"password": PASSWORD}, format="json").status_code == 429
    assert User.objects.filter(username="player").exists()
