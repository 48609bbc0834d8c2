"""Why a hand scored what it did: the engine's rows (:func:`games.rules.breakdown.hand_rows`) in words.

Every number and every row comes from the engine; nothing is scored or chosen here. Labels and notes are
in the reader's language, so players never see a points key; the API carries the key beside the label.
The wording is :mod:`games.rules.wording`'s, which the phone's engine runs too (``web/offline.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.messages import ReaderWords
from games.rules import breakdown, wording
from games.rules.game import HandReport
from games.rules.wording import BreakdownRow


def row_text(game: str, row: breakdown.Row, words: ReaderWords | None = None) -> BreakdownRow:
    """An engine row of ``game`` in the reader's language."""
    return wording.row_text(row.as_json(), words or ReaderWords(game))


def hand_breakdown(game: str, options: Mapping[str, object], report: HandReport) -> list[BreakdownRow]:
    """The rows of a scored hand (``report`` complete), ending with each side's total."""
    words = ReaderWords(game)
    return [row_text(game, row, words) for row in breakdown.hand_rows(game, options, report)]


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
