"""hand_correct: an earlier hand's log or summary is replaced and the match is rescored from the stored
logs, never patched; the match may finish, or go on again."""

from __future__ import annotations

import random

import pytest

from games.errors import CorrectionContent, HandIncomplete, HandStillOpen
from games.matches import convert
from games.matches.replay import table_of
from games.matches.selectors.matches import match_audit
from games.matches.services.demo import demo_hand_play, demo_match_play
from games.matches.services.hands import PlayInput, hand_correct, hand_start
from games.models import Hand, HandScore, Match, Play
from games.rules.errors import RuleViolation
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]
SWEEP = [{"cards": 52, "point_cards": 22, "tablos": 5}, {"cards": 0, "point_cards": 0, "tablos": 0}]


def _totals(match: Match) -> list[int]:
    return [
        sum(HandScore.objects.filter(hand__match=match, side=side).values_list("total", flat=True))
        for side in (0, 1)
    ]


def test_correcting_a_hand_rescores_it_and_every_later_hand() -> None:
    match = MatchFactory.create(game="tablo", options={"target": 500})
    rng = random.Random(4)
    first, second = demo_hand_play(match=match, rng=rng), demo_hand_play(match=match, rng=rng)
    hand_correct(hand=first, summary=SWEEP)
    match.refresh_from_db()
    assert [score.total for score in HandScore.objects.filter(hand=first).order_by("side")] == [
        26,
        0,
    ]  # B9, B11
    assert match.totals == _totals(match)
    assert match_audit(match) == []  # hand 2 was replayed with the new tablo count before it (B9 per_five)
    assert second.number == 2
    first.refresh_from_db()
    assert (first.mode, first.corrections) == (Hand.Mode.SUMMARY, 1)
    assert not Play.objects.filter(hand=first).exists()


def test_a_correction_can_undo_the_end_of_a_match() -> None:
    match = demo_match_play(
        match=MatchFactory.create(game="tablo", options={"target": 30}), rng=random.Random(2)
    )
    assert match.status == Match.Status.FINISHED
    for hand in match.hands.order_by("number"):
        hand_correct(hand=hand, summary=EVEN)
    match.refresh_from_db()
    assert match.totals == [11 * match.hands.count()] * 2
    assert (match.status, match.winner, match.finished_at) == (Match.Status.IN_PROGRESS, None, None)


def test_a_hand_corrected_with_plays_is_replayed_by_the_engine() -> None:
    match = MatchFactory.create(game="tablo", options={"target": 500})
    hand = demo_hand_play(match=match, rng=random.Random(8))
    log = convert.log_entries(list(hand.plays.order_by("seq")), [])
    plays = [
        PlayInput(seat=entry.seat, card=str(entry.card), taken=[str(c) for c in entry.taken]) for entry in log
    ]
    scores = list(HandScore.objects.filter(hand=hand).order_by("side").values_list("total", flat=True))
    hand_correct(hand=hand, plays=plays)
    assert (
        list(HandScore.objects.filter(hand=hand).order_by("side").values_list("total", flat=True)) == scores
    )
    with pytest.raises(HandIncomplete):
        hand_correct(hand=hand, plays=plays[:-1])
    with pytest.raises(RuleViolation):
        hand_correct(hand=hand, plays=[*plays[:-1], PlayInput(seat=plays[-1].seat, card=plays[0].card)])
    assert Play.objects.filter(hand=hand).count() == len(plays)  # the failed corrections left it as it was
    assert table_of(match).game.name == "tablo"


def test_a_correction_gives_plays_or_a_summary() -> None:
    hand = demo_hand_play(
        match=MatchFactory.create(game="tablo", options={"target": 500}), rng=random.Random(1)
    )
    with pytest.raises(CorrectionContent):
        hand_correct(hand=hand)


def test_an_open_hand_is_not_corrected() -> None:
    hand = hand_start(match=MatchFactory.create(game="tablo"), table=["2C", "3D", "4H", "5S"])
    with pytest.raises(HandStillOpen):
        hand_correct(hand=hand, summary=EVEN)
