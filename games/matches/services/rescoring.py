"""Rescoring from the logs: scores are never patched. Closing or correcting a hand replays the stored
logs (or summaries) through the engine from that hand on, rewrites their ``HandScore`` rows and the
match's result.
"""

from __future__ import annotations

from django.utils import timezone

from games.matches import convert
from games.matches.replay import finished_report, is_time_up, table_of
from games.matches.services.versions import match_result_changed, match_version_bump
from games.models import Hand, HandScore, Match
from games.rules.game import HandReport, MatchStatus


def match_rescore(*, match: Match, from_number: int) -> MatchStatus:
    """Replay the closed hands from ``from_number`` on, store their scores, then the match's result
    (``match``: its row locked by the caller); the hands before it are taken as stored."""
    table = table_of(match)
    hands = Hand.objects.filter(match=match, closed_at__isnull=False).order_by("number")
    sweeps = (0,) * len(table.sides)
    reports: list[HandReport] = []
    for hand in hands:
        if hand.number >= from_number:
            report = finished_report(hand, table, sweeps)
            _store_report(hand, report)
        else:
            report = convert.closed_report(hand, table.sides)
        reports.append(report)
        sweeps = tuple(before + side.sweeps for before, side in zip(sweeps, report.sides, strict=True))
    status = table.game.match_status(reports, len(table.sides), table.options, is_time_up(match))
    store_status(match, status)
    match_version_bump(match=match)
    match_result_changed(match=match)
    return status


def _store_report(hand: Hand, report: HandReport) -> None:
    """The closed hand's whole report (sides too) in ``Hand.report``, which screens read as it is, and
    its score rows."""
    hand.report = convert.report_json(report)
    hand.save(update_fields=["report"])
    HandScore.objects.filter(hand=hand).delete()
    HandScore.objects.bulk_create(convert.score_rows(hand, report))


def store_status(match: Match, status: MatchStatus) -> None:
    """Write the engine's verdict on the match (an abandoned match stays abandoned)."""
    for name, value in convert.status_fields(status).items():
        setattr(match, name, value)
    if match.status != Match.Status.ABANDONED:
        match.status = Match.Status.FINISHED if status.finished else Match.Status.IN_PROGRESS
        if not status.finished:
            match.finished_at = None
        elif match.finished_at is None:
            match.finished_at = timezone.now()
    if match.status != Match.Status.FINISHED:
        match.winner = None
    match.save(update_fields=["totals", "winner", "draw", "result_extra", "status", "finished_at"])
