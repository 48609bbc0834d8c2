"""/api/v1/clubs/: my clubs; the creator becomes the admin; members read a club, outsiders do not."""

from __future__ import annotations

import pytest

from games.models import Club, Membership
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db


def test_creating_a_club_makes_me_its_admin() -> None:
    people = make_personas()
    response = api_client(people.outsider).post("/api/v1/clubs/", {"name": "Tuesday table"}, format="json")
    assert response.status_code == 201
    club = Club.objects.get(pk=response.json()["id"])
    assert Membership.objects.get(club=club).role == "admin"
    assert [c["name"] for c in api_client(people.outsider).get("/api/v1/clubs/").json()["results"]] == [
        "Tuesday table"
    ]


def test_members_read_the_club_and_outsiders_do_not() -> None:
    people = make_personas()
    url = f"/api/v1/clubs/{people.club.pk}/"
    assert api_client(people.member).get(url).status_code == 200
    assert api_client(people.outsider).get(url).status_code == 404
    assert api_client(people.outsider).get("/api/v1/clubs/").json()["results"] == []


def test_anonymous_visitors_cannot_create_clubs() -> None:
    response = api_client().post("/api/v1/clubs/", {"name": "X"}, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert not Club.objects.exists()
