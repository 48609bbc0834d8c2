"""A correction keeps what it replaced: every earlier version of a hand stays, oldest first, the current
one last; a correction drawn from a stale revision is refused and writes nothing."""

from __future__ import annotations

import random

import pytest

from games.errors import HandOutOfSync, HandRevisionStale
from games.matches.history import hand_history
from games.matches.selectors.hands import PlayLine
from games.matches.selectors.matches import match_audit
from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_correct
from games.models import Hand, HandScore, HandSummary, HandVersion, Match, Play
from tests.factories import make_personas

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]
SWEEP = [{"cards": 52, "point_cards": 22, "tablos": 5}, {"cards": 0, "point_cards": 0, "tablos": 0}]


def _played() -> tuple[Hand, list[PlayLine], list[int]]:
    """A hand recorded play by play, its log and its points as first scored."""
    people = make_personas()
    hand = demo_hand_play(match=people.match, rng=random.Random(2))
    history = hand_history(Hand.objects.get(pk=hand.pk))
    assert len(history) == 1
    return hand, list(history[0]["plays"]), history[0]["totals"]


def test_two_corrections_keep_both_replaced_versions_oldest_first() -> None:
    hand, plays, totals = _played()
    owner = hand.match.created_by
    first = hand_correct(hand=hand, summary=EVEN, by=owner, expected_revision=hand.revision)
    second = hand_correct(hand=first, summary=SWEEP, by=owner, expected_revision=first.revision)
    history = hand_history(Hand.objects.get(pk=hand.pk))
    assert [version["revision"] for version in history] == [hand.revision, first.revision, second.revision]
    assert [version["kind"] for version in history] == ["plays", "summary", "summary"]
    assert history[0]["plays"] == plays
    assert len(plays) == 48  # Tablo: the whole deck but the four cards dealt to the table
    assert history[0]["summary"] is None
    assert history[0]["totals"] == totals
    assert (history[1]["plays"], history[1]["summary"], history[1]["totals"]) == ([], EVEN, [11, 11])
    assert (history[2]["summary"], history[2]["totals"]) == (SWEEP, [26, 0])  # docs/rules/tablo.md B9, B11
    assert history[1]["by"] == history[2]["by"] == "owner"
    assert history[0]["at"] <= history[1]["at"] <= history[2]["at"]
    assert HandVersion.objects.filter(hand=hand).count() == 2
    assert not Play.objects.filter(hand=hand).exists()  # the log lives on in its version only


def test_a_stale_expected_revision_is_refused_and_writes_nothing() -> None:
    hand, _plays, _totals = _played()
    corrected = hand_correct(hand=hand, summary=EVEN, expected_revision=hand.revision)
    before = (
        HandVersion.objects.count(),
        list(HandSummary.objects.values_list("entries", flat=True)),
        list(HandScore.objects.order_by("side").values_list("total", flat=True)),
    )
    with pytest.raises(HandRevisionStale) as refused:
        hand_correct(hand=hand, summary=SWEEP, expected_revision=hand.revision)  # the page before
    assert isinstance(refused.value, HandOutOfSync)  # the code every stale write answers
    assert (refused.value.code, refused.value.facts) == (
        "hand.out_of_sync",
        {"number": 1, "revision": corrected.revision, "got": hand.revision},
    )
    after = (
        HandVersion.objects.count(),
        list(HandSummary.objects.values_list("entries", flat=True)),
        list(HandScore.objects.order_by("side").values_list("total", flat=True)),
    )
    assert after == before
    assert Hand.objects.get(pk=hand.pk).revision == corrected.revision
    assert match_audit(Match.objects.get(pk=hand.match_id)) == []


def test_a_refused_correction_keeps_no_version() -> None:
    hand, _plays, _totals = _played()
    with pytest.raises(ValueError, match="summary"):  # summary.inconsistent, a RuleViolation
        hand_correct(hand=hand, summary=[{"cards": 60, "point_cards": 0, "tablos": 0}] * 2)
    assert not HandVersion.objects.exists()
    assert len(hand_history(Hand.objects.get(pk=hand.pk))) == 1
