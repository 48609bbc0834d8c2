"""A finished match as the statistics see it: who sat on which side, the totals and the verdict.

Values only (no ORM): :mod:`games.stats.selectors` builds them from the stored log's derived rows
(``Match.totals``/``winner``/``draw`` and the ``HandScore`` lines), which services recompute from the
log whenever a hand is corrected, so statistics never hold numbers of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.utils.translation import gettext_lazy

MatchKey = tuple[datetime, int]
"""Time order of finished matches: when it finished, then its id (ties in time are possible)."""


class Outcome(StrEnum):
    """A side's result: a win, draw or loss."""

    WIN = "W"
    DRAW = "D"
    LOSS = "L"


# The standings' column heads and result letters, won, drawn, lost, in the reader's language.
OUTCOME_LETTERS = {"W": gettext_lazy("W"), "D": gettext_lazy("D"), "L": gettext_lazy("L")}


def outcome_letters(text: str) -> str:
    """Each outcome letter (W, D, L) of ``text`` (``"W3"``, ``"WLD"``) in the reader's language; digits
    stay."""
    return "".join(str(OUTCOME_LETTERS.get(each, each)) for each in text)


def outcome_of(side: int, totals: Sequence[int], winner: int | None, draw: bool) -> Outcome:
    """Won, drawn (a draw, and the side shares the top total) or lost (also when nobody won)."""
    if side == winner:
        return Outcome.WIN
    if draw and totals[side] == max(totals):
        return Outcome.DRAW
    return Outcome.LOSS


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side of a finished match: its players, final total and hand statistics.

    ``hands`` is how many hands (Twenty: rounds) were scored; ``best_hand`` the side's highest hand
    total (``None`` when no hand was scored).
    """

    players: tuple[int, ...]
    total: int
    hands: int = 0
    sweeps: int = 0
    best_hand: int | None = None


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match. ``winner`` is a side index; ``None`` with ``draw`` for a draw, and ``None``
    without it when nobody won (Twenty ``winner: over_twenty``, docs/rules/shared.md A5)."""

    match_id: int
    game: str
    season_id: int | None
    finished_at: datetime
    sides: tuple[SideResult, ...]
    winner: int | None
    draw: bool = False

    @property
    def key(self) -> MatchKey:
        """Where the match sorts: by finish time, then id."""
        return (self.finished_at, self.match_id)

    @property
    def players(self) -> tuple[int, ...]:
        """Every player of the match, side by side."""
        return tuple(player for side in self.sides for player in side.players)

    def side_of(self, player: int) -> int | None:
        """The index of the side ``player`` sat on, or ``None``."""
        return next((index for index, side in enumerate(self.sides) if player in side.players), None)

    def outcome(self, side: int) -> Outcome:
        """Side ``side``'s result."""
        return outcome_of(side, [other.total for other in self.sides], self.winner, self.draw)

    def best_opponent(self, side: int) -> int:
        """The highest total of the other sides: the score ``side`` had to beat."""
        return max(other.total for index, other in enumerate(self.sides) if index != side)

    def ranks(self) -> tuple[int, ...]:
        """Each side's place, 0 best: the winner first, then by total; equal totals share a place."""
        keys = [(index != self.winner, -side.total) for index, side in enumerate(self.sides)]
        return tuple(sum(other < key for other in keys) for key in keys)
