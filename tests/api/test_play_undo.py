"""POST /api/v1/matches/{id}/hands/{n}/plays/undo/: takes back the last play, guarded by ``expected_seq``."""

from __future__ import annotations

import pytest

from games.matches.services.hands import hand_start
from games.matches.services.plays import hand_play_record
from games.models import Play
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db


def test_undo_takes_back_the_last_play_once() -> None:
    people = make_personas()
    hand = hand_start(match=people.match, dealer=0, table=["2C", "3D", "4H", "5S"])
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0)
    url = f"/api/v1/matches/{people.match.pk}/hands/1/plays/undo/"
    response = api_client(people.owner).post(url, {"expected_seq": 1}, format="json")
    assert response.status_code == 200
    assert response.json()["undone"]["card"] == "5H"
    assert response.json()["hand"]["next_seq"] == 0
    assert response.json()["hand"]["table"] == ["2C", "3D", "4H", "5S"]
    again = api_client(people.owner).post(url, {"expected_seq": 1}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "hand.out_of_sync")
    assert Play.objects.filter(undone_at__isnull=True).count() == 0
    nothing = api_client(people.owner).post(url, {"expected_seq": 0}, format="json")
    assert (nothing.status_code, nothing.json()["code"]) == (409, "hand.nothing_to_undo")
