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


LABELS: Mapping[str, StrOrPromise] = {
    "cards": _("Cards taken"),
    "tablos": _("Tablos"),
    "point_cards": _("Point cards"),
    "card_bonus": _("Card bonus"),
    "tablo_points": _("Tablo points"),
    "leftovers": _("Leftovers"),
    "most_cards": _("Most cards"),
    "most_diamonds": _("Most diamonds"),
    "most_sevens": _("Most sevens"),
    "primera": _("Primera"),
    "seven_diamonds": _("Seven of diamonds"),
    "sweeps": _("Sweeps"),
    "challenges": _("Challenges"),
    "ten_diamonds": _("Ten of diamonds"),
    "two_spades": _("Two of spades"),
    "aces": _("Aces"),
    "most_spades": _("Most spades"),
    "tamlins": _("Tamlins"),
    "jack_penalties": _("Jack penalties"),
    "awards": _("Awards"),
    "exact_twenty": _("Exact 20"),
    "over_twenty": _("Over 20"),
    "bonus": _("End-of-round bonus"),
    "earned": _("Earned"),
    "credited": _("Credited"),
    "total": _("Total"),
}
COUNTS: Mapping[str, tuple[str, ...]] = {"tablo": ("cards", "tablos")}  # counts shown before the points
LEFTOVERS_LISTED = 8  # more leftover cards than this are only counted
TIED_ITEMS = frozenset({"most_cards", "most_diamonds", "most_sevens", "primera", "most_spades"})
LEFTOVER_REASONS: Mapping[str | None, StrOrPromise] = {
    LAST_CAPTURE: _("to the last capture"),
    LAST_CARD_CAPTURE: _("to the last card that captured"),
    HIGHEST_LAST_CARD: _("no last card captured: to the highest last card"),
    None: _("nobody captured: nobody takes them"),
}


def _row(
    key: str,
    values: Sequence[int | None],
    *,
    label: StrOrPromise | None = None,
    points: bool = True,
    note: StrOrPromise = "",
    cards: Sequence[str] = (),
) -> BreakdownRow:
    return BreakdownRow(
        key=key,
        label=str(label if label is not None else LABELS.get(key, key)),
        values=list(values),
        points=points,
        note=str(note),
        cards=list(cards),
    )


def hand_breakdown(game: str, options: Mapping[str, object], report: HandReport) -> list[BreakdownRow]:
    """The rows of a scored hand (``report`` complete), ending with each side's total."""
    sides = report.sides
    counts = {"cards": [side.cards for side in sides], "tablos": [side.sweeps for side in sides]}
    rows = [_row(key, counts[key], points=False) for key in COUNTS.get(game, ())]
    for key in sorted(sides[0].points if sides else (), key=_position):
        if game == "twenty":
            rows += _award_rows(report) if key == "awards" else [_bonus_row(report)]
            continue
        values = [side.points.get(key, 0) for side in sides]
        tied = key in TIED_ITEMS and report.complete and not any(values)
        rows.append(_row(key, values, note=_("tie: nobody") if tied else ""))
    if report.leftovers:
        rows.append(_leftover_row(report))
    totals = [side.total for side in sides]
    if options.get("muerto"):
        earned = [sum(v for k, v in side.points.items() if k != "challenges") for side in sides]
        return [*rows, _row("earned", earned), _row("total", totals, label=LABELS["credited"])]
    return [*rows, _row("total", totals)]


def _position(key: str) -> int:
    """Items in the order of ``LABELS`` (stored points lose their order in PostgreSQL's jsonb)."""
    order = list(LABELS)
    return order.index(key) if key in order else len(order)


def _leftover_row(report: HandReport) -> BreakdownRow:
    count = len(report.leftovers)
    values = [count if index == report.leftover_side else 0 for index in range(len(report.sides))]
    note = LEFTOVER_REASONS.get(report.leftover_reason, "")
    cards = format_cards(report.leftovers) if count <= LEFTOVERS_LISTED else []
    return _row("leftovers", values, points=False, note=note, cards=cards)


def award_label(kind: str, points: int) -> str:
    """A Twenty award in words: "Exact 20", "Over 20", "Tally of 6 cards" (docs/rules/twenty.md W5)."""
    if kind == "tally" and points in TALLY_AWARDS:
        cards = FIVE_TALLY_CARDS + TALLY_AWARDS.index(points)
        return gettext("Tally of %(cards)s cards") % {"cards": cards}
    return str(LABELS.get(kind, kind))


def _award_kind(points: int) -> str:
    return {10: "exact_twenty", -20: "over_twenty"}.get(points, "tally")


def _award_rows(report: HandReport) -> list[BreakdownRow]:
    """One row per award: from the events of a played round, else from the quick entry's awards, else
    (only the points were noted) one row of each seat's awards."""
    sides = len(report.sides)
    if report.events:
        return [_award_row(event, sides, note=_play_note(event)) for event in report.events]
    listed = report.extra.get("awards")
    if not isinstance(listed, list) or any(awards is None for awards in listed):
        return [_row("awards", [side.points.get("awards", 0) for side in report.sides])]
    return [
        _award_row(HandEvent(play_index=-1, kind=_award_kind(points), side=seat, points=points), sides)
        for seat, awards in enumerate(listed)
        for points in awards
    ]


def _play_note(event: HandEvent) -> str:
    return gettext("play %(number)s") % {"number": event.play_index + 1}


def _award_row(event: HandEvent, sides: int, note: str = "") -> BreakdownRow:
    values = [event.points if side == event.side else None for side in range(sides)]
    return _row(event.kind, values, label=award_label(event.kind, event.points), note=note)


def _bonus_row(report: HandReport) -> BreakdownRow:
    values = [side.points.get("bonus", 0) for side in report.sides]
    return _row("bonus", values, note="" if any(values) else _("nobody: no award was positive"))


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
