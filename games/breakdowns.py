"""Why a hand scored what it did: one row per item the engine scored, each side's number in side order.

Every number comes from the engine's :class:`~games.rules.game.HandReport` (its sides' points keys,
cards and sweeps, its events and leftovers); nothing is scored here. Labels are in the reader's
language, so players never see a points key; the API carries the key beside the label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.presentation import presentation_of, shared
from games.rules.cards import format_cards
from games.rules.game import HIGHEST_LAST_CARD, LAST_CAPTURE, LAST_CARD_CAPTURE, HandEvent, HandReport
from games.rules.twenty_round import FIVE_TALLY_CARDS
from games.rules.twenty_summary import TALLY_AWARDS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class BreakdownRow(TypedDict):
    """One item: ``values`` per side (``None``: not this side's), points unless ``points`` is False
    (a count such as cards taken); ``note`` explains it (a tie, why the leftovers went where they did);
    ``cards`` are the cards it is about, as canonical texts."""

    key: str
    label: str
    values: list[int | None]
    points: bool
    note: str
    cards: list[str]


LEFTOVERS_LISTED = 8  # more leftover cards than this are only counted
LEFTOVER_REASONS: Mapping[str | None, StrOrPromise] = {
    LAST_CAPTURE: _("to the last capture"),
    LAST_CARD_CAPTURE: _("to the last card that captured"),
    HIGHEST_LAST_CARD: _("no last card captured: to the highest last card"),
    None: _("nobody captured: nobody takes them"),
}


def _row(
    key: str,
    values: Sequence[int | None],
    label: StrOrPromise,
    *,
    points: bool = True,
    note: StrOrPromise = "",
    cards: Sequence[str] = (),
) -> BreakdownRow:
    return BreakdownRow(
        key=key, label=str(label), values=list(values), points=points, note=str(note), cards=list(cards)
    )


def hand_breakdown(game: str, options: Mapping[str, object], report: HandReport) -> list[BreakdownRow]:
    """The rows of a scored hand (``report`` complete), ending with each side's total; worded and
    ordered by the game's presentation."""
    presentation = presentation_of(game)
    words = presentation.breakdown
    sides = report.sides
    counts = {"cards": [side.cards for side in sides], "tablos": [side.sweeps for side in sides]}
    rows = [_row(key, counts[key], words[key], points=False) for key in presentation.breakdown_counts]
    order = list(words)
    for key in sorted(sides[0].points if sides else (), key=lambda item: _position(order, item)):
        if presentation.awards:
            rows += _award_rows(game, report) if key == "awards" else [_bonus_row(report, words["bonus"])]
            continue
        values = [side.points.get(key, 0) for side in sides]
        tied = key in presentation.breakdown_ties and report.complete and not any(values)
        rows.append(_row(key, values, words.get(key, key), note=_("tie: nobody") if tied else ""))
    if report.leftovers:
        rows.append(_leftover_row(report))
    totals = [side.total for side in sides]
    if options.get("muerto"):
        earned = [sum(v for k, v in side.points.items() if k != "challenges") for side in sides]
        return [*rows, _row("earned", earned, shared.EARNED), _row("total", totals, shared.CREDITED)]
    return [*rows, _row("total", totals, shared.TOTAL)]


def _position(order: list[str], key: str) -> int:
    """Items in the order of the game's breakdown words (stored points lose their order in
    PostgreSQL's jsonb)."""
    return order.index(key) if key in order else len(order)


def _leftover_row(report: HandReport) -> BreakdownRow:
    count = len(report.leftovers)
    values = [count if index == report.leftover_side else 0 for index in range(len(report.sides))]
    note = LEFTOVER_REASONS.get(report.leftover_reason, "")
    cards = format_cards(report.leftovers) if count <= LEFTOVERS_LISTED else []
    return _row("leftovers", values, shared.LEFTOVERS, points=False, note=note, cards=cards)


def award_label(game: str, kind: str, points: int) -> str:
    """An award of ``game`` in words: "Exact 20", "Over 20", "Tally of 6 cards" (docs/rules/twenty.md W5)."""
    if kind == "tally" and points in TALLY_AWARDS:
        cards = FIVE_TALLY_CARDS + TALLY_AWARDS.index(points)
        return gettext("Tally of %(cards)s cards") % {"cards": cards}
    return str(presentation_of(game).breakdown.get(kind, kind))


def _award_kind(points: int) -> str:
    return {10: "exact_twenty", -20: "over_twenty"}.get(points, "tally")


def _award_rows(game: str, report: HandReport) -> list[BreakdownRow]:
    """One row per award: from the events of a played round, else from the quick entry's awards, else
    (only the points were noted) one row of each seat's awards."""
    sides = len(report.sides)
    if report.events:
        return [_award_row(game, event, sides, note=_play_note(event)) for event in report.events]
    listed = report.extra.get("awards")
    if not isinstance(listed, list) or any(awards is None for awards in listed):
        label = presentation_of(game).breakdown["awards"]
        return [_row("awards", [side.points.get("awards", 0) for side in report.sides], label)]
    return [
        _award_row(game, HandEvent(play_index=-1, kind=_award_kind(points), side=seat, points=points), sides)
        for seat, awards in enumerate(listed)
        for points in awards
    ]


def _play_note(event: HandEvent) -> str:
    return gettext("play %(number)s") % {"number": event.play_index + 1}


def _award_row(game: str, event: HandEvent, sides: int, note: str = "") -> BreakdownRow:
    values = [event.points if side == event.side else None for side in range(sides)]
    return _row(event.kind, values, award_label(game, event.kind, event.points), note=note)


def _bonus_row(report: HandReport, label: StrOrPromise) -> BreakdownRow:
    values = [side.points.get("bonus", 0) for side in report.sides]
    return _row("bonus", values, label, note="" if any(values) else _("nobody: no award was positive"))


def side_cells(rows: Sequence[BreakdownRow], side: int) -> list[dict[str, object]]:
    """One side's column of a breakdown: ``key``, ``label``, ``value``, ``points``, ``note``."""
    return [
        {
            "key": row["key"],
            "label": row["label"],
            "value": row["values"][side],
            "points": row["points"],
            "note": row["note"],
        }
        for row in rows
    ]
