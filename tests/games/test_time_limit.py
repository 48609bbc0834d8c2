"""Tamlin's ``time_limit_minutes`` (docs/rules/tamlin.md T15), counted from the start of the first hand:
once time is up the hand in progress is played out and the leader wins; between hands, asking for the
next hand ends the match instead."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.errors import MatchNotInProgress
from games.matches.replay import time_limit_deadline
from games.matches.services.hands import hand_start, hand_summary_record
from games.models import Hand, Match
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
    """The match's first hand started 61 minutes ago."""
    Hand.objects.filter(match=match, number=1).update(created_at=timezone.now() - timedelta(minutes=61))


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


def test_tm9_the_time_limit_counts_from_the_first_hand_not_from_the_match() -> None:
    match = MatchFactory.create(game="tamlin", options={"time_limit_minutes": 60})
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(minutes=61))
    match.refresh_from_db()
    assert time_limit_deadline(match) is None  # no hand yet: the clock has not started
    hand = hand_start(match=match, table=TABLE)
    assert time_limit_deadline(match) == hand.created_at + timedelta(minutes=60)
    hand_summary_record(hand=hand, entries=LEADS)
    assert hand_start(match=match, table=TABLE).number == 2


def test_an_edition_1_match_keeps_counting_from_its_creation() -> None:
    match = MatchFactory.create(game="tamlin", options={"time_limit_minutes": 60, "edition": 1})
    hand_summary_record(hand=hand_start(match=match, table=TABLE), entries=LEADS)
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(minutes=61))
    match.refresh_from_db()
    assert time_limit_deadline(match) == match.created_at + timedelta(minutes=60)
    with pytest.raises(MatchNotInProgress):
        hand_start(match=match, table=TABLE)
