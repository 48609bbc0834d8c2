"""hand_close: the engine scores the finished hand and the match's progress follows (docs/rules/tablo.md
B12)."""

from __future__ import annotations

import random

import pytest

from games.errors import HandIncomplete, HandNotOpen
from games.matches.services.demo import demo_hand_play, demo_match_play
from games.matches.services.hands import hand_close, hand_start
from games.matches.services.plays import hand_play_record
from games.models import Hand, HandScore, Match
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


def test_a_hand_with_plays_left_cannot_close() -> None:
    hand = hand_start(match=MatchFactory.create(game="tablo"), dealer=0, table=["2C", "3D", "4H", "5S"])
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0)
    with pytest.raises(HandIncomplete) as caught:
        hand_close(hand=hand)
    assert caught.value.facts == {"number": 1, "next_seat": 0}
    hand.refresh_from_db()
    assert hand.is_open
    assert not HandScore.objects.exists()


def test_closing_scores_every_side_and_updates_the_totals() -> None:
    match = MatchFactory.create(game="tablo")
    hand = demo_hand_play(match=match, rng=random.Random(1))
    match.refresh_from_db()
    scores = list(HandScore.objects.filter(hand=hand).order_by("side"))
    assert [score.side for score in scores] == [0, 1]
    assert sum(score.points["point_cards"] for score in scores) <= 22  # docs/rules/tablo.md B3
    assert match.totals == [score.total for score in scores]
    assert hand.report["complete"] is True
    assert hand.report["table"] == []


def test_a_closed_hand_cannot_close_again() -> None:
    hand = demo_hand_play(match=MatchFactory.create(game="tablo"), rng=random.Random(1))
    with pytest.raises(HandNotOpen):
        hand_close(hand=hand)


def test_the_match_ends_after_the_hand_that_reaches_the_target() -> None:
    match = demo_match_play(
        match=MatchFactory.create(game="tablo", options={"target": 30}), rng=random.Random(2)
    )
    totals = [
        sum(HandScore.objects.filter(hand__match=match, side=side).values_list("total", flat=True))
        for side in (0, 1)
    ]
    assert match.status == Match.Status.FINISHED
    assert match.totals == totals
    assert max(totals) >= 30
    assert match.winner == totals.index(max(totals))
    assert match.finished_at is not None
    assert Hand.objects.filter(match=match, closed_at__isnull=True).count() == 0
    assert match.result_extra["tablos"] == [
        sum(HandScore.objects.filter(hand__match=match, side=side).values_list("sweeps", flat=True))
        for side in (0, 1)
    ]
