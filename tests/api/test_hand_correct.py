"""POST /api/v1/matches/{id}/hands/{n}/correct/: replace a closed hand's content; the match is rescored."""

from __future__ import annotations

import random

import pytest

from games.matches.selectors.matches import match_audit
from games.matches.services.demo import demo_hand_play
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db
EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]


def test_a_corrected_hand_rescores_the_match() -> None:
    people = make_personas()
    demo_hand_play(match=people.match, rng=random.Random(2))
    response = api_client(people.owner).post(
        f"/api/v1/matches/{people.match.pk}/hands/1/correct/", {"summary": EVEN}, format="json"
    )
    assert response.status_code == 200
    body = response.json()
    assert (body["hand"]["mode"], body["hand"]["corrections"]) == ("summary", 1)
    assert body["match"]["totals"] == [11, 11]
    people.match.refresh_from_db()
    assert match_audit(people.match) == []


def test_a_correction_with_illegal_plays_is_400_and_changes_nothing() -> None:
    people = make_personas()
    demo_hand_play(match=people.match, rng=random.Random(2))
    plays = [{"seat": 0, "card": "5H"}]  # seat 1 plays first (dealer 0), and the hand is far from over
    response = api_client(people.owner).post(
        f"/api/v1/matches/{people.match.pk}/hands/1/correct/", {"plays": plays}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "turn.wrong_seat")
    people.match.refresh_from_db()
    assert match_audit(people.match) == []
    assert people.match.hands.get().corrections == 0
