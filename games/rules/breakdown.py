"""Why a hand scored what it did, as data: one row per item the engine scored, each side's number in side
order. :mod:`games.breakdowns` words the rows on the server, the phone words them offline from the same
keys (``label`` and ``note`` with their arguments), so neither scores anything. Which rows a game has,
and in what order, is its :class:`~games.rules.game.Breakdown`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.rules.cards import format_cards
from games.rules.game import (
    HIGHEST_LAST_CARD,
    LAST_CAPTURE,
    LAST_CARD_CAPTURE,
    Breakdown,
    HandEvent,
    HandReport,
)
from games.rules.registry import find_game
from games.rules.twenty_round import FIVE_TALLY_CARDS
from games.rules.twenty_summary import TALLY_AWARDS

LEFTOVERS_LISTED = 8  # more leftover cards than this are only counted
TIE, NO_AWARD, PLAY = "tie", "no_award", "play"  # notes: "tie: nobody", "nobody: ...", "play 3"
TIMES = "times"  # a note: the same award this many times ("x3")
NOBODY_CAPTURED = "nobody_captured"  # the leftovers' note when nobody got them
LEFTOVER_NOTES: Mapping[str | None, str] = {
    LAST_CAPTURE: LAST_CAPTURE,
    LAST_CARD_CAPTURE: LAST_CARD_CAPTURE,
    HIGHEST_LAST_CARD: HIGHEST_LAST_CARD,
    None: NOBODY_CAPTURED,
}
TALLY = "tally"  # a Twenty tally's label, with its ``cards``


@dataclass(frozen=True, slots=True, kw_only=True)
class Row:
    """One item: ``values`` per side (``None``: not this side's), points unless ``points`` is False (a
    count such as cards taken); ``label`` names it (the item's key unless said), ``note`` explains it (a
    tie, why the leftovers went where they did), each with its arguments; ``cards`` are the cards it is
    about, as canonical texts."""

    key: str
    values: tuple[int | None, ...]
    points: bool = True
    label: str = ""
    label_args: Mapping[str, int] = field(default_factory=dict)
    note: str = ""
    note_args: Mapping[str, int] = field(default_factory=dict)
    cards: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The row as JSON (the label defaults to the key)."""
        return {
            "key": self.key,
            "values": list(self.values),
            "points": self.points,
            "label": self.label or self.key,
            "label_args": dict(self.label_args),
            "note": self.note,
            "note_args": dict(self.note_args),
            "cards": list(self.cards),
        }


def hand_rows(game: str, options: Mapping[str, object], report: HandReport) -> tuple[Row, ...]:
    """The rows of a scored hand (``report`` complete), ending with each side's total."""
    sides, shown = report.sides, find_game(game).breakdown
    counts = {"cards": [side.cards for side in sides], "tablos": [side.sweeps for side in sides]}
    rows = [Row(key=key, values=tuple(counts[key]), points=False) for key in shown.counts]
    for key in sorted(sides[0].points if sides else (), key=lambda key: _position(shown, key)):
        if shown.by_award:
            rows += _award_rows(report) if key == "awards" else [_bonus_row(report)]
            continue
        values = tuple(side.points.get(key, 0) for side in sides)
        tied = key in shown.tied and report.complete and not any(values)
        rows.append(Row(key=key, values=values, note=TIE if tied else ""))
    if report.leftovers:
        rows.append(_leftover_row(report))
    totals = tuple(side.total for side in sides)
    if options.get("muerto"):
        earned = tuple(sum(v for k, v in side.points.items() if k != "challenges") for side in sides)
        return (*rows, Row(key="earned", values=earned), Row(key="total", values=totals, label="credited"))
    return (*rows, Row(key="total", values=totals))


def _position(shown: Breakdown, key: str) -> int:
    """Where the item ``key`` is shown: in the game's order, an item it does not list last."""
    return shown.items.index(key) if key in shown.items else len(shown.items)


def _leftover_row(report: HandReport) -> Row:
    count = len(report.leftovers)
    values = tuple(count if index == report.leftover_side else 0 for index in range(len(report.sides)))
    cards = tuple(format_cards(report.leftovers)) if count <= LEFTOVERS_LISTED else ()
    note = LEFTOVER_NOTES.get(report.leftover_reason, "")
    return Row(key="leftovers", values=values, points=False, note=note, cards=cards)


def award_label(kind: str, points: int) -> tuple[str, dict[str, int]]:
    """A Twenty award's label and its arguments: a tally of 6 cards is ``("tally", {"cards": 6})``
    (docs/rules/twenty.md W5); another award is labelled by its kind."""
    if kind == TALLY and points in TALLY_AWARDS:
        return TALLY, {"cards": FIVE_TALLY_CARDS + TALLY_AWARDS.index(points)}
    return kind, {}


def _award_kind(points: int) -> str:
    return {10: "exact_twenty", -20: "over_twenty"}.get(points, TALLY)


def _award_rows(report: HandReport) -> list[Row]:
    """One row per kind of award (:func:`_grouped`): from the events of a played round, else from the
    quick entry's awards, else (only the points were noted) one row of each seat's awards."""
    sides = len(report.sides)
    if report.events:
        return _grouped([_award_row(event, sides, played=True) for event in report.events])
    listed = report.extra.get("awards")
    if not isinstance(listed, list) or any(awards is None for awards in listed):
        return [Row(key="awards", values=tuple(side.points.get("awards", 0) for side in report.sides))]
    return _grouped(
        [
            _award_row(HandEvent(play_index=-1, kind=_award_kind(points), side=seat, points=points), sides)
            for seat, awards in enumerate(listed)
            for points in awards
        ]
    )


def _grouped(rows: list[Row]) -> list[Row]:
    """The awards of one kind (the same label: "Over 20", "Tally of 6 cards") in one row, each side's
    summed, in the order they were first scored: a round of 50 cards fits a phone's screen. An award
    scored once keeps its note (its play); more often, the note says how often."""
    groups: dict[tuple[str, tuple[tuple[str, int], ...]], list[Row]] = {}
    for row in rows:
        groups.setdefault((row.label, tuple(sorted(row.label_args.items()))), []).append(row)
    return [group[0] if len(group) == 1 else _summed(group) for group in groups.values()]


def _summed(group: list[Row]) -> Row:
    columns = zip(*(row.values for row in group), strict=True)
    values = tuple(
        None if all(value is None for value in column) else sum(v or 0 for v in column) for column in columns
    )
    first = group[0]
    return Row(
        key=first.key,
        values=values,
        label=first.label,
        label_args=first.label_args,
        note=TIMES,
        note_args={"count": len(group)},
    )


def _award_row(event: HandEvent, sides: int, *, played: bool = False) -> Row:
    values = tuple(event.points if side == event.side else None for side in range(sides))
    label, args = award_label(event.kind, event.points)
    note, note_args = (PLAY, {"number": event.play_index + 1}) if played else ("", {})
    return Row(key=event.kind, values=values, label=label, label_args=args, note=note, note_args=note_args)


def _bonus_row(report: HandReport) -> Row:
    values = tuple(side.points.get("bonus", 0) for side in report.sides)
    return Row(key="bonus", values=values, note="" if any(values) else NO_AWARD)
