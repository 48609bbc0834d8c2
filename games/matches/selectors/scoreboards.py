"""The scoreboard: per side, the totals and the closed hands' lines, events and breakdowns."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter
from typing import Any, TypedDict

from games.breakdowns import hand_breakdown, side_cells
from games.matches import convert
from games.models import (
    Hand,
    HandScore,
    Match,
    Seat,
)
from games.rules.records import report_of, side_json
from games.rules.wording import BreakdownRow


class EventLine(TypedDict):
    """A scoring event of a hand (a sweep, a Twenty award...) and the side it scored for."""

    play_index: int
    kind: str
    side: int
    points: int


class HandLine(TypedDict):
    """One side's line for one hand on the scoreboard."""

    number: int
    total: int
    cards: int
    sweeps: int
    points: dict[str, int]
    events: list[EventLine]
    breakdown: list[dict[str, object]]


class HandBreakdown(TypedDict):
    """A closed hand for every side at once: its events and its breakdown's rows."""

    number: int
    events: list[EventLine]
    breakdown: list[BreakdownRow]


class SideBoard(TypedDict):
    """One side on the scoreboard: its players, total and hands."""

    index: int
    seats: list[int]
    players: list[str]
    total: int
    hands: list[HandLine]
    sweeps: int
    points: dict[str, int]
    extra: dict[str, Any]
    to_target: int | None
    progress_pct: int | None
    leader: bool


class Scoreboard(TypedDict):
    """A match's scoreboard: each side's total and hands."""

    match: int
    game: str
    status: str
    target: int | None
    hands_closed: int
    sides: list[SideBoard]
    leader: int | None
    finished: bool
    winner: int | None
    draw: bool
    extra: dict[str, Any]
    hands: list[HandBreakdown]


@dataclass(frozen=True, slots=True)
class _Column:
    """One side's score lines over the closed hands."""

    lines: list[HandLine]

    @property
    def total(self) -> int:
        return sum(line["total"] for line in self.lines)

    def points(self) -> dict[str, int]:
        summed: dict[str, int] = {}
        for line in self.lines:
            for key, value in line["points"].items():
                summed[key] = summed.get(key, 0) + value
        return summed


def scoreboard_for(
    match: Match, *, closed: int | None = None, reports: list[dict[str, Any]] | None = None
) -> Scoreboard:
    """Per side: total, per-hand lines (with the hand's events and breakdown), sweeps (Tablo's tally
    marks), progress to the target, leader; each closed hand's events and breakdown for all sides at
    once (``hands``); and the match's result as the engine last gave it. ``extra`` values the engine
    gives per side (e.g. Tablo's ``tablos`` and ``marks``) are moved into each side's ``extra``.

    ``closed``: how many hands have closed, when the caller knows it and shows no score sheet. Then
    no hand is read: each side's total is the one the match stores (the sum of its closed hands'
    totals, as the engine gave it when the last one closed), and the sides have no hand lines, sweeps
    or points, nor the board any ``hands``.

    ``reports``: the closed hands' reports (:func:`closed_reports`) when the caller has read them."""
    sides = sides_of_match(match)
    seats = tuple(tuple(seat.number for seat in side) for side in sides)
    if closed is None:
        columns, hands = _closed_hands(match, seats, closed_reports(match) if reports is None else reports)
        totals, closed = [column.total for column in columns], len(hands)
    else:
        columns, hands = [_Column([]) for _ in seats], []
        totals = list(match.totals) if closed else [0] * len(seats)
    top = max(totals, default=0)
    leader = totals.index(top) if totals.count(top) == 1 else None
    per_side = {key: value for key, value in match.result_extra.items() if _per_side(value, len(sides))}
    boards = [
        _side_board(
            match, index, seats, column, total, leader, {key: value[index] for key, value in per_side.items()}
        )
        for index, (seats, column, total) in enumerate(zip(sides, columns, totals, strict=True))
    ]
    return Scoreboard(
        match=match.pk,
        game=match.game,
        status=match.status,
        target=match.target,
        hands_closed=closed,
        sides=boards,
        leader=leader,
        finished=match.status == Match.Status.FINISHED,
        winner=match.winner,
        draw=match.draw,
        extra={key: value for key, value in match.result_extra.items() if key not in per_side},
        hands=hands,
    )


def _closed_hands(
    match: Match, seats: tuple[tuple[int, ...], ...], reports: list[dict[str, Any]]
) -> tuple[list[_Column], list[HandBreakdown]]:
    """Each side's line per closed hand, and each closed hand's events and breakdown for all sides, from
    the closed hands' stored reports (hands close in order: the n-th is hand n)."""
    columns = [_Column([]) for _ in seats]
    hands: list[HandBreakdown] = []
    for number, stored in enumerate(reports, start=1):
        report = report_of(stored)
        events = [EventLine(**convert.event_json(event)) for event in report.events]  # type: ignore[typeddict-item]  # event_json's keys
        rows = hand_breakdown(match.game, match.options, report)
        hands.append(HandBreakdown(number=number, events=events, breakdown=rows))
        for index, side in enumerate(report.sides):
            columns[index].lines.append(
                HandLine(
                    number=number,
                    total=side.total,
                    cards=side.cards,
                    sweeps=side.sweeps,
                    points=dict(side.points),
                    events=[event for event in events if event["side"] == index],
                    breakdown=side_cells(rows, index),
                )
            )
    return columns, hands


def _side_board(
    match: Match,
    index: int,
    seats: list[Seat],
    column: _Column,
    total: int,
    leader: int | None,
    extra: dict[str, Any],
) -> SideBoard:
    return SideBoard(
        index=index,
        seats=[seat.number for seat in seats],
        players=[seat.player.name for seat in seats],
        total=total,
        hands=column.lines,
        sweeps=sum(line["sweeps"] for line in column.lines),
        points=column.points(),
        extra=extra,
        to_target=None if match.target is None else max(0, match.target - total),
        progress_pct=_progress(total, match.target),
        leader=index == leader,
    )


def sides_of_match(match: Match) -> list[list[Seat]]:
    """The match's seats grouped by side, in side order (uses prefetched ``seats`` when there)."""
    sides: dict[int, list[Seat]] = {}
    for seat in sorted(match.seats.all(), key=lambda seat: seat.number):
        sides.setdefault(seat.side.index, []).append(seat)
    return [sides[index] for index in sorted(sides)]


def _per_side(value: object, count: int) -> bool:
    return isinstance(value, list) and len(value) == count


def _progress(total: int, target: int | None) -> int | None:
    """Percent of the way to the target, 0..100 (negative totals count as 0)."""
    if not target:
        return None
    return max(0, min(100, total * 100 // target))


def closed_reports(match: Match, *, before: int | None = None) -> list[dict[str, Any]]:
    """The closed hands' reports in order (``before``: of the hands numbered below it; below the first,
    none, without a query), as ``games.rules.records.report_json`` writes them and the
    service that closes or corrects a hand stores them (``Hand.report``): what the scoreboard shows and
    the phone's engine takes to tell where the match stands after a hand it scored offline
    (``match_status``). One query; nothing is recomputed. A hand closed by an older release, which kept
    the sides in its score rows only, is completed from them (one more query)."""
    if before is not None and before <= 1:
        return []
    closed = Hand.objects.filter(match=match, closed_at__isnull=False).order_by("number")
    if before is not None:
        closed = closed.filter(number__lt=before)
    rows = list(closed.values_list("pk", "report"))
    reports = [report for _pk, report in rows]
    lacking = [pk for pk, report in rows if "sides" not in report]
    if lacking:
        seats = tuple(tuple(seat.number for seat in side) for side in sides_of_match(match))
        lines = HandScore.objects.filter(hand_id__in=lacking).order_by("hand_id", "side")
        found = {
            pk: [side_json(convert.side_report(line, seats)) for line in scored]
            for pk, scored in groupby(lines, key=attrgetter("hand_id"))
        }
        reports = [
            report if "sides" in report else {**report, "sides": found.get(pk, [])} for pk, report in rows
        ]
    return reports
