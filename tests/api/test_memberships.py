"""/api/v1/clubs/{id}/memberships/: members read the list, admins add people or change roles."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.models import Membership
from tests.factories import MembershipFactory, PlayerFactory, UserFactory, api_client, make_personas

pytestmark = pytest.mark.django_db


def test_an_admin_adds_a_member_and_can_promote_them() -> None:
    people = make_personas()
    PlayerFactory.create(user=people.outsider, created_by=people.owner)  # someone the owner plays with
    url = f"/api/v1/clubs/{people.club.pk}/memberships/"
    response = api_client(people.owner).post(url, {"username": "outsider"}, format="json")
    assert (response.status_code, response.json()["role"]) == (201, "member")
    promoted = api_client(people.owner).post(url, {"username": "outsider", "role": "admin"}, format="json")
    assert promoted.json()["role"] == "admin"
    assert Membership.objects.filter(club=people.club).count() == 3
    listed = api_client(people.member).get(url).json()["results"]
    assert {(m["user"], m["role"]) for m in listed} == {
        ("owner", "admin"),
        ("member", "member"),
        ("outsider", "admin"),
    }


def test_an_unknown_username_is_400() -> None:
    people = make_personas()
    response = api_client(people.owner).post(
        f"/api/v1/clubs/{people.club.pk}/memberships/", {"username": "nobody"}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "request.invalid")


def test_the_list_takes_a_bounded_number_of_queries(
    django_assert_max_num_queries: Callable[..., Any],
) -> None:
    people = make_personas()
    for user in UserFactory.create_batch(15):
        MembershipFactory.create(club=people.club, user=user)
    with django_assert_max_num_queries(5):  # auth, club, role, count, page
        body = api_client(people.member).get(f"/api/v1/clubs/{people.club.pk}/memberships/").json()
    assert body["count"] == 17
