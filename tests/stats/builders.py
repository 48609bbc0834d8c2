"""Finished matches as values, for the pure statistics tests: ``result(1, [(1,), (2,)], [11, 7])``."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from games.stats.results import MatchResult, SideResult

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def result(
    match_id: int,
    sides: Sequence[Sequence[int]],
    totals: Sequence[int],
    *,
    winner: int | None = -1,
    draw: bool = False,
    game: str = "escoba",
    season: int | None = None,
    minute: int | None = None,
    hands: int = 4,
    sweeps: Sequence[int] = (),
) -> MatchResult:
    """A finished match; by default the highest total wins and it finished ``match_id`` minutes in."""
    if winner == -1:
        winner = None if draw else max(range(len(totals)), key=lambda side: totals[side])
    return MatchResult(
        match_id=match_id,
        game=game,
        season_id=season,
        finished_at=EPOCH + timedelta(minutes=match_id if minute is None else minute),
        sides=tuple(
            SideResult(
                players=tuple(players),
                total=total,
                hands=hands,
                sweeps=sweeps[index] if sweeps else 0,
                best_hand=total // 2,
            )
            for index, (players, total) in enumerate(zip(sides, totals, strict=True))
        ),
        winner=winner,
        draw=draw,
    )
