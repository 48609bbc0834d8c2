"""/api/v1/clubs/{id}/seasons/: members read, admins add; a season ends on or after its first day."""

from __future__ import annotations

import pytest

from games.models import Season
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db


def test_an_admin_adds_a_season_and_members_see_it() -> None:
    people = make_personas()
    url = f"/api/v1/clubs/{people.club.pk}/seasons/"
    body = {"name": "Winter", "starts_on": "2026-12-01", "ends_on": "2027-02-28"}
    assert api_client(people.owner).post(url, body, format="json").status_code == 201
    assert [s["name"] for s in api_client(people.member).get(url).json()["results"]] == ["Winter"]


def test_a_season_cannot_end_before_it_starts() -> None:
    people = make_personas()
    body = {"name": "Odd", "starts_on": "2027-02-01", "ends_on": "2027-01-01"}
    response = api_client(people.owner).post(f"/api/v1/clubs/{people.club.pk}/seasons/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "request.invalid")
    assert not Season.objects.exists()
