"""Tamlin's ``time_limit_minutes`` (RULES.md T15): once time is up the hand in progress is played out and
the leader wins; between hands, asking for the next hand ends the match instead."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from games.services.errors import MatchNotInProgress
from games.services.hands import hand_start, hand_summary_record
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

TABLE = ["2C", "3D", "4H", "5S"]
LEADS = [  # side 0: most cards 3, 10♦ 2, 2♠ 1, two aces; side 1: two aces (T14)
    {
        "cards": 30,
        "spades": 7,
        "ten_diamonds": 1,
        "two_spades": 1,
        "aces": 2,
        "tamlins": 0,
        "jack_penalties": 0,
    },
    {
        "cards": 22,
        "spades": 6,
        "ten_diamonds": 0,
        "two_spades": 0,
        "aces": 2,
        "tamlins": 0,
        "jack_penalties": 0,
    },
]


def _started_long_ago(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(minutes=61))


def test_a_hand_closed_after_the_time_limit_ends_the_match_with_the_leader_winning() -> None:
    match = MatchFactory.create(game="tamlin", options={"time_limit_minutes": 60})
    hand = hand_start(match=match, table=TABLE)
    _started_long_ago(match)
    hand_summary_record(hand=hand, entries=LEADS)
    match.refresh_from_db()
    assert (match.status, match.winner, match.totals) == (Match.Status.FINISHED, 0, [8, 2])


def test_between_hands_the_next_hand_is_refused_once_time_is_up() -> None:
    match = MatchFactory.create(game="tamlin", options={"time_limit_minutes": 60})
    hand_summary_record(hand=hand_start(match=match, table=TABLE), entries=LEADS)
    _started_long_ago(match)
    with pytest.raises(MatchNotInProgress):
        hand_start(match=match, table=TABLE)
    match.refresh_from_db()
    assert (match.status, match.winner, match.hands.count()) == (Match.Status.FINISHED, 0, 1)


def test_without_a_time_limit_play_goes_on() -> None:
    match = MatchFactory.create(game="tamlin")
    hand_summary_record(hand=hand_start(match=match, table=TABLE), entries=LEADS)
    _started_long_ago(match)
    assert hand_start(match=match, table=TABLE).number == 2
