"""Why a hand scored what it did: the engine's rows (:func:`games.rules.breakdown.hand_rows`) in words.

Every number and every row comes from the engine; nothing is scored or chosen here. Labels and notes are
in the reader's language, so players never see a points key; the API carries the key beside the label.
The phone words the same rows offline from :data:`LABELS` and :data:`NOTES` (``web/offline.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict

from django.utils.translation import gettext_lazy as _

from games.rules import breakdown
from games.rules.game import HIGHEST_LAST_CARD, LAST_CAPTURE, LAST_CARD_CAPTURE, HandReport

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
NOTES: Mapping[str, StrOrPromise] = {
    breakdown.TIE: _("tie: nobody"),
    breakdown.NO_AWARD: _("nobody: no award was positive"),
    breakdown.PLAY: _("play %(number)s"),
    LAST_CAPTURE: _("to the last capture"),
    LAST_CARD_CAPTURE: _("to the last card that captured"),
    HIGHEST_LAST_CARD: _("no last card captured: to the highest last card"),
    breakdown.NOBODY_CAPTURED: _("nobody captured: nobody takes them"),
}
TALLY_LABEL = _("Tally of %(cards)s cards")


def worded(text: StrOrPromise, args: Mapping[str, int]) -> str:
    """A label or note with its arguments filled in."""
    return str(text) % args if args else str(text)


def row_text(row: breakdown.Row) -> BreakdownRow:
    """An engine row in the reader's language."""
    return BreakdownRow(
        key=row.key,
        label=label_text(row.label or row.key, row.label_args),
        values=list(row.values),
        points=row.points,
        note=worded(NOTES[row.note], row.note_args) if row.note else "",
        cards=list(row.cards),
    )


def label_text(label: str, args: Mapping[str, int]) -> str:
    if label == breakdown.TALLY and args:
        return worded(TALLY_LABEL, args)
    return str(LABELS.get(label, label))


def hand_breakdown(game: str, options: Mapping[str, object], report: HandReport) -> list[BreakdownRow]:
    """The rows of a scored hand (``report`` complete), ending with each side's total."""
    return [row_text(row) for row in breakdown.hand_rows(game, options, report)]


def award_label(kind: str, points: int) -> str:
    """A Twenty award in words: "Exact 20", "Over 20", "Tally of 6 cards" (docs/rules/twenty.md W5)."""
    return label_text(*breakdown.award_label(kind, points))


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
