"""A closed hand's whole report is stored when it closes and rewritten when it is corrected
(``Hand.report``), and the screens read it as stored (``closed_reports``) instead of rebuilding it."""

from __future__ import annotations

import importlib
import random

import pytest
from django.apps import apps

from games.matches import convert
from games.matches.replay import finished_report, table_of
from games.matches.selectors.scoreboards import closed_reports
from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_correct
from games.models import Hand, HandScore, Match
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

SWEEP = [{"cards": 52, "point_cards": 22, "tablos": 5}, {"cards": 0, "point_cards": 0, "tablos": 0}]


def _replayed(match: Match) -> list[dict[str, object]]:
    """Every closed hand's report replayed from its stored log, as ``report_json`` writes it."""
    table, reports = table_of(match), []
    sweeps: tuple[int, ...] = (0, 0)
    for hand in Hand.objects.filter(match=match, closed_at__isnull=False).order_by("number"):
        report = finished_report(hand, table, sweeps)
        sweeps = tuple(before + side.sweeps for before, side in zip(sweeps, report.sides, strict=True))
        reports.append(convert.report_json(report))
    return reports


def test_the_stored_reports_are_the_replayed_ones_after_closes_and_a_correction() -> None:
    match = MatchFactory.create(game="tablo", options={"target": 500})
    rng = random.Random(4)
    first, _second = demo_hand_play(match=match, rng=rng), demo_hand_play(match=match, rng=rng)
    assert closed_reports(match) == _replayed(match)
    hand_correct(hand=first, summary=SWEEP)
    stored = closed_reports(match)
    assert stored == _replayed(match)
    assert [side["total"] for side in stored[0]["sides"]] == [26, 0]  # docs/rules/tablo.md B9, B11


def test_a_hand_closed_without_its_sides_stored_is_completed_from_its_score_rows() -> None:
    """As a node of the release before this one closes it during a rolling upgrade."""
    match = MatchFactory.create(game="tablo", options={"target": 500})
    hand = demo_hand_play(match=match, rng=random.Random(4))
    whole = closed_reports(match)
    Hand.objects.filter(pk=hand.pk).update(report={k: v for k, v in whole[0].items() if k != "sides"})
    assert closed_reports(match) == whole


def test_the_migration_copies_the_sides_of_every_closed_hand_in() -> None:
    match = MatchFactory.create(game="tablo", options={"target": 500})
    rng = random.Random(7)
    hands = [demo_hand_play(match=match, rng=rng) for _ in range(2)]
    whole = closed_reports(match)
    Hand.objects.filter(pk__in=[hand.pk for hand in hands]).update(report={})
    Hand.objects.filter(pk=hands[0].pk).update(report={k: v for k, v in whole[0].items() if k != "sides"})
    migration = importlib.import_module("games.migrations.0017_closed_reports_whole")
    migration.sides_in(apps, None)
    stored = list(Hand.objects.filter(match=match).order_by("number").values_list("report", flat=True))
    assert stored[0] == whole[0]
    assert stored[1]["sides"] == whole[1]["sides"]
    assert HandScore.objects.filter(hand__match=match).count() == 4
