"""Why a hand scored what it did: the engine's rows (:func:`games.rules.breakdown.hand_rows`) in words.

Every number and every row comes from the engine; nothing is scored or chosen here. Labels and notes are
in the reader's language, so players never see a points key; the API carries the key beside the label.
The phone words the same rows offline from :func:`labels` and :data:`NOTES` (``web/offline.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict

from django.utils.translation import gettext_lazy as _

from games.presentation import presentation_of, shared
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


CLOSING: Mapping[str, StrOrPromise] = {
    "leftovers": shared.LEFTOVERS,
    "earned": shared.EARNED,
    "credited": shared.CREDITED,
    "total": shared.TOTAL,
}
"""The rows that close every game's breakdown, after the game's own items."""
NOTES: Mapping[str, StrOrPromise] = {
    breakdown.TIE: _("tie: nobody"),
    breakdown.NO_AWARD: _("nobody: no award was positive"),
    breakdown.PLAY: _("play %(number)s"),
    breakdown.TIMES: _("×%(count)s"),  # noqa: RUF001  # the sign, not a letter
    LAST_CAPTURE: _("to the last capture"),
    LAST_CARD_CAPTURE: _("to the last card that captured"),
    HIGHEST_LAST_CARD: _("no last card captured: to the highest last card"),
    breakdown.NOBODY_CAPTURED: _("nobody captured: nobody takes them"),
}
TALLY_LABEL = _("Tally of %(cards)s cards")


def worded(text: StrOrPromise, args: Mapping[str, int]) -> str:
    """A label or note with its arguments filled in."""
    return str(text) % args if args else str(text)


def labels(game: str) -> dict[str, StrOrPromise]:
    """Every row's words in ``game``: its presentation's items, then the closing rows."""
    return {**presentation_of(game).breakdown, **CLOSING}


def row_text(game: str, row: breakdown.Row) -> BreakdownRow:
    """An engine row of ``game`` in the reader's language."""
    return BreakdownRow(
        key=row.key,
        label=label_text(game, row.label or row.key, row.label_args),
        values=list(row.values),
        points=row.points,
        note=worded(NOTES[row.note], row.note_args) if row.note else "",
        cards=list(row.cards),
    )


def label_text(game: str, label: str, args: Mapping[str, int]) -> str:
    """A breakdown row's label in the reader's language, its arguments filled in."""
    if label == breakdown.TALLY and args:
        return worded(TALLY_LABEL, args)
    return str(labels(game).get(label, label))


def hand_breakdown(game: str, options: Mapping[str, object], report: HandReport) -> list[BreakdownRow]:
    """The rows of a scored hand (``report`` complete), ending with each side's total."""
    return [row_text(game, row) for row in breakdown.hand_rows(game, options, report)]


def award_label(game: str, kind: str, points: int) -> str:
    """A Twenty award in words: "Exact 20", "Over 20", "Tally of 6 cards" (docs/rules/twenty.md W5)."""
    return label_text(game, *breakdown.award_label(kind, points))


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
