"""hand_start: numbers hands, rotates the dealer, lets the engine check the setup (a hand scored from
counts alone needs no table); one open hand at a time."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.errors import HandAwaitsSummary, HandStillOpen, MatchNotInProgress
from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_close, hand_start, hand_summary_record
from games.matches.services.matches import match_abandon
from games.models import Hand, Match
from games.rules.errors import BadBonusCards, BadDealer, BadTableSize, DuplicateCard, RuleViolation
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db
TABLE = ["2C", "3D", "4H", "5S"]


def test_hands_are_numbered_and_the_deal_rotates_clockwise() -> None:
    match = MatchFactory.create(game="tablo", players=3)
    rng = random.Random(5)
    dealers = [demo_hand_play(match=match, rng=rng).dealer for _ in range(3)]
    assert dealers == [0, 1, 2]  # docs/rules/tablo.md B5: the deal rotates
    assert list(match.hands.values_list("number", flat=True)) == [1, 2, 3]


def test_a_given_dealer_overrides_the_rotation() -> None:
    hand = hand_start(match=MatchFactory.create(game="tablo"), dealer=1, table=TABLE)
    assert (hand.number, hand.dealer, hand.table) == (1, 1, TABLE)


def test_table_cards_are_stored_canonically() -> None:
    hand = hand_start(match=MatchFactory.create(game="tablo"), table=["2c", "3♦", "4h", "5s"])
    assert hand.table == TABLE  # docs/rules/shared.md A1


@pytest.mark.parametrize(
    ("dealer", "table", "error"),
    [
        pytest.param(2, TABLE, BadDealer, id="A4-dealer-is-a-seat"),
        pytest.param(0, TABLE[:3], BadTableSize, id="B5-four-table-cards"),
        pytest.param(0, ["2C", "2C", "4H", "5S"], DuplicateCard, id="A1-each-card-once"),
    ],
)
def test_a_bad_setup_is_refused_and_nothing_is_written(
    dealer: int, table: list[str], error: type[RuleViolation]
) -> None:
    match = MatchFactory.create(game="tablo")
    with pytest.raises(error):
        hand_start(match=match, dealer=dealer, table=table)
    assert not Hand.objects.exists()


def test_a_second_hand_waits_for_the_first_to_close() -> None:
    match = MatchFactory.create(game="tablo")
    hand_start(match=match, table=TABLE)
    with pytest.raises(HandStillOpen):
        hand_start(match=match, table=TABLE)
    assert Hand.objects.count() == 1


def test_an_abandoned_match_takes_no_hand() -> None:
    match = match_abandon(match=MatchFactory.create(game="tablo"))
    with pytest.raises(MatchNotInProgress):
        hand_start(match=match, table=TABLE)
    assert match.status == Match.Status.ABANDONED


def test_a_hand_scored_from_counts_alone_needs_no_table_cards() -> None:
    match = MatchFactory.create(game="tablo")
    hand = hand_start(match=match, mode=Hand.Mode.SUMMARY)
    assert (hand.mode, hand.table) == (Hand.Mode.SUMMARY, [])
    with pytest.raises(HandAwaitsSummary):
        hand_close(hand=hand)  # its counts close it
    entries = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    hand_summary_record(hand=hand, entries=entries)
    match.refresh_from_db()
    assert match.totals == [15, 10]  # B11: 12 + 3 for 29+ cards


@pytest.mark.parametrize(
    ("game", "setup", "error"),
    [
        pytest.param("tablo", {"table": TABLE[:3]}, BadTableSize, id="B5-a-table-given-is-still-checked"),
        pytest.param(
            "twenty", {"starter": 0, "set_aside": ["2C"]}, BadBonusCards, id="W2-bonus-cards-still-checked"
        ),
    ],
)
def test_a_summary_hand_still_has_its_setup_checked(
    game: str, setup: dict[str, Any], error: type[RuleViolation]
) -> None:
    with pytest.raises(error):
        hand_start(match=MatchFactory.create(game=game), mode=Hand.Mode.SUMMARY, **setup)
    assert not Hand.objects.exists()
