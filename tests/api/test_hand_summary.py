"""POST /api/v1/matches/{id}/hands/{n}/summary/: quick entry of each side's counts; the hand closes."""

from __future__ import annotations

import pytest

from games.matches.services.hands import hand_start
from games.models import HandSummary
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db


def test_a_summary_is_scored_and_closes_the_hand() -> None:
    people = make_personas()
    hand_start(match=people.match, table=["2C", "3D", "4H", "5S"])
    sides = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    response = api_client(people.owner).post(
        f"/api/v1/matches/{people.match.pk}/hands/1/summary/", {"sides": sides}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["hand"]["mode"], body["hand"]["is_open"], body["hand"]["summary"]) == (
        "summary",
        False,
        sides,
    )
    assert body["match"]["totals"] == [15, 10]  # docs/rules/tablo.md B3, B11: 12 + 3 for 30 cards; 10 + 0


def test_an_inconsistent_summary_lists_every_problem_and_writes_nothing() -> None:
    people = make_personas()
    hand_start(match=people.match, table=["2C", "3D", "4H", "5S"])
    sides = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 30, "point_cards": 12, "tablos": 0}]
    response = api_client(people.owner).post(
        f"/api/v1/matches/{people.match.pk}/hands/1/summary/", {"sides": sides}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "summary.inconsistent")
    assert len(response.json()["details"]["problems"]) == 2
    assert not HandSummary.objects.exists()


@pytest.mark.parametrize("spades", [None, (8, 5)], ids=["without-spades", "with-spades"])
def test_a_tamlin_summary_needs_no_spades_under_simplified_cassino(spades: tuple[int, int] | None) -> None:
    """docs/rules/tamlin.md T14: ``simplified_cassino`` scores no spades; clients sending them still work."""
    people = make_personas("tamlin")
    hand_start(match=people.match, mode="summary")
    sides = [
        {"cards": 30, "ten_diamonds": 1, "two_spades": 0, "aces": 2, "tamlins": 2, "jack_penalties": 1},
        {"cards": 22, "ten_diamonds": 0, "two_spades": 1, "aces": 2, "tamlins": 0, "jack_penalties": 0},
    ]
    sides = [side | ({"spades": spades[n]} if spades else {}) for n, side in enumerate(sides)]
    response = api_client(people.owner).post(
        f"/api/v1/matches/{people.match.pk}/hands/1/summary/", {"sides": sides}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["match"]["totals"] == [8, 3]  # 3 + 2 + 2 aces + 2 tamlins - 1 Jack; 2♠ + 2 aces
