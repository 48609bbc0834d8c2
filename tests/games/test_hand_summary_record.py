"""hand_summary_record: quick entry of each side's counts instead of plays; the engine checks and scores."""

from __future__ import annotations

import pytest

from games.errors import HandHasPlays
from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.plays import hand_play_record
from games.models import Hand, HandScore, HandSummary, Match
from games.rules.errors import SummaryInconsistent
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand() -> Hand:
    return hand_start(match=MatchFactory.create(game="tablo"), dealer=0, table=["2C", "3D", "4H", "5S"])


def test_a_summary_closes_the_hand_with_the_engines_scores(hand: Hand) -> None:
    entries = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    hand_summary_record(hand=hand, entries=entries)
    hand.refresh_from_db()
    assert (hand.mode, hand.is_open) == (Hand.Mode.SUMMARY, False)
    scores = {score.side: score.points for score in HandScore.objects.filter(hand=hand)}
    assert scores[0]["card_bonus"] == 3  # docs/rules/tablo.md B11: 29 or more cards
    assert scores[0]["point_cards"] == 12
    assert Match.objects.get().totals == [15, 10]


def test_an_inconsistent_summary_lists_every_problem_and_nothing_is_written(hand: Hand) -> None:
    entries = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 30, "point_cards": 12, "tablos": 0}]
    with pytest.raises(SummaryInconsistent) as caught:
        hand_summary_record(hand=hand, entries=entries)
    assert caught.value.facts["count"] == 2  # 60 cards and 24 point cards
    assert not HandSummary.objects.exists()
    hand.refresh_from_db()
    assert hand.is_open


def test_a_hand_with_plays_takes_no_summary(hand: Hand) -> None:
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0)
    with pytest.raises(HandHasPlays):
        hand_summary_record(hand=hand, entries=[{"cards": 26, "point_cards": 11, "tablos": 0}] * 2)
