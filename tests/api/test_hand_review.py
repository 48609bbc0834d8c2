"""``GET /api/v1/matches/{id}/hands/{number}/review/``: a recorded hand's review, read like the match."""

from __future__ import annotations

import random

import pytest

from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.matches import match_share
from games.matches.services.plays import hand_play_record
from games.models import Hand
from tests.factories import Personas, api_client, make_personas

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> Personas:
    return make_personas()


def url(people: Personas, number: int = 1) -> str:
    return f"/api/v1/matches/{people.match.pk}/hands/{number}/review/"


def test_a_club_member_reads_the_review_of_a_recorded_hand(people: Personas) -> None:
    hand = demo_hand_play(match=people.match, rng=random.Random(2))
    response = api_client(people.member).get(url(people))
    assert response.status_code == 200, response.json()
    body = response.json()
    plays = list(hand.plays.filter(undone_at__isnull=True).order_by("seq"))
    assert [(play["seat"], play["card"]) for play in body["plays"]] == [(p.seat, p.card) for p in plays]
    assert [seat["seat"] for seat in body["seats"]] == [0, 1]
    assert [seat["plays"] for seat in body["seats"]] == [24, 24]
    rules = api_client().post(
        "/api/v1/rules/tablo/hands/review/",
        {
            "players": 2,
            "dealer": hand.dealer,
            "table": hand.table,
            "plays": [{"seat": p.seat, "card": p.card, "taken": p.taken} for p in plays],
        },
        format="json",
    )
    assert rules.json() == body  # the same review as the public rules API gives for the same hand


@pytest.mark.parametrize(
    ("who", "status", "code"),
    [
        pytest.param("outsider", 404, "resource.not_found", id="outsider"),  # its existence is not told
        pytest.param(None, 404, "resource.not_found", id="anonymous"),
    ],
)
def test_who_may_not_read_the_match_may_not_read_its_review(
    people: Personas, who: str | None, status: int, code: str
) -> None:
    demo_hand_play(match=people.match, rng=random.Random(2))
    response = api_client(getattr(people, who) if who else None).get(url(people))
    assert (response.status_code, response.json()["code"]) == (status, code)


def test_a_share_link_reads_the_review(people: Personas) -> None:
    demo_hand_play(match=people.match, rng=random.Random(2))
    token = match_share(match=people.match).share_token
    assert api_client().get(url(people), {"share": token}).status_code == 200


def test_a_hand_entered_by_counts_has_no_review_and_says_why(people: Personas) -> None:
    hand = hand_start(match=people.match, mode=Hand.Mode.SUMMARY)
    sides = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    hand_summary_record(hand=hand, entries=sides)
    response = api_client(people.member).get(url(people))
    assert response.status_code == 409
    assert response.json()["code"] == "review.no_plays"
    assert "counts" in response.json()["message"]


def test_an_unfinished_hand_has_no_review_yet(people: Personas) -> None:
    hand = hand_start(match=people.match, table=["2C", "3D", "4H", "5S"])
    hand_play_record(hand=hand, seat=1, card="7S", taken=[], expected_seq=0)
    response = api_client(people.player).get(url(people))
    assert (response.status_code, response.json()["code"]) == (400, "review.incomplete")
    assert response.json()["details"] == {"plays": 48, "played": 1}


def test_an_unknown_hand_is_a_404(people: Personas) -> None:
    assert api_client(people.owner).get(url(people, 7)).status_code == 404


def test_a_recorded_round_of_twenty_is_reviewed_as_the_rules_api_reviews_it() -> None:
    people = make_personas("twenty")
    hand = demo_hand_play(match=people.match, rng=random.Random(4))
    response = api_client(people.member).get(url(people))
    assert response.status_code == 200, response.json()
    body = response.json()
    plays = list(hand.plays.filter(undone_at__isnull=True).order_by("seq"))
    assert [(play["seat"], play["card"]) for play in body["plays"]] == [(p.seat, p.card) for p in plays]
    assert all(play["illegal"] is False and play["taken"] == [] for play in body["plays"])
    rules = api_client().post(
        "/api/v1/rules/twenty/rounds/review/",
        {
            "starter": hand.starter,
            "bonus_cards": hand.set_aside,
            "plays": [{"seat": p.seat, "card": p.card} for p in plays],
        },
        format="json",
    )
    assert rules.json() == body
