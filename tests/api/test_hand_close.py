"""POST /api/v1/matches/{id}/hands/{n}/close/: the engine scores the hand, the match's progress follows."""

from __future__ import annotations

import random

import pytest

from games.matches.services.demo import demo_plays_record
from games.matches.services.hands import hand_start
from games.models import HandScore
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db


def test_closing_a_finished_hand_scores_it_and_reports_the_match() -> None:
    people = make_personas()
    hand = hand_start(match=people.match, dealer=0, table=["2C", "3D", "4H", "5S"])
    demo_plays_record(hand=hand, rng=random.Random(3))
    response = api_client(people.player).post(f"/api/v1/matches/{people.match.pk}/hands/1/close/")
    assert response.status_code == 200
    body = response.json()
    assert body["hand"]["is_open"] is False
    assert body["hand"]["state"]["complete"] is True
    assert body["match"]["totals"] == [side["total"] for side in body["hand"]["state"]["sides"]]
    assert body["match"]["status"] == "in_progress"
    assert HandScore.objects.count() == 2


def test_closing_a_hand_still_in_play_is_a_conflict() -> None:
    people = make_personas()
    hand_start(match=people.match, dealer=0, table=["2C", "3D", "4H", "5S"])
    response = api_client(people.owner).post(f"/api/v1/matches/{people.match.pk}/hands/1/close/")
    assert (response.status_code, response.json()["code"]) == (409, "hand.incomplete")
    assert response.json()["details"] == {"number": 1, "next_seat": 1}
    assert not HandScore.objects.exists()
