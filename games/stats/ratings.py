"""OpenSkill (Plackett-Luce) ratings replayed over finished matches in time order.

Every side is a team (one player in free-for-all, two in pairs); the winner ranks first, the other
sides by total. A replay is a pure fold: the same matches in the same order give the same floats, so
a corrected or deleted match is handled by replaying from its place, never by patching.

Shown on an Elo-like scale: 1500 for a newcomer, about 30 points per unit of ``mu`` (one unit is
roughly 30 Elo points at the model's default ``beta``), ``deviation`` like Glicko's RD (250 at first).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from games.stats.results import MatchKey, MatchResult

MODEL = PlackettLuce()
MU: float = MODEL.mu
SIGMA: float = MODEL.sigma
DISPLAY_BASE = 1500
DISPLAY_SCALE = 30


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's OpenSkill rating (mean and uncertainty)."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def display(self) -> int:
        """The rating as shown: 1500 at the start."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * (self.mu - MU))

    @property
    def deviation(self) -> int:
        """The uncertainty on the same scale; "1500 ± 500" shows two deviations."""
        return round(DISPLAY_SCALE * self.sigma)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A player's rating right after a match (one per player per match)."""

    match_id: int
    finished_at: datetime
    player_id: int
    rank: int
    rating: Rating

    @property
    def key(self) -> MatchKey:
        """Where the snapshot sorts: by finish time, then match."""
        return (self.finished_at, self.match_id)


def rate_match(result: MatchResult, before: Mapping[int, Rating]) -> dict[int, Rating]:
    """Each player's rating after ``result``, from ``before`` (a newcomer starts at the default)."""
    teams = [
        [MODEL.rating(mu=rating.mu, sigma=rating.sigma) for rating in _ratings(side.players, before)]
        for side in result.sides
    ]
    rated = MODEL.rate(teams, ranks=list(result.ranks()))
    return {
        player: Rating(new.mu, new.sigma)
        for side, team in zip(result.sides, rated, strict=True)
        for player, new in zip(side.players, team, strict=True)
    }


def _ratings(players: Sequence[int], ratings: Mapping[int, Rating]) -> list[Rating]:
    return [ratings.get(player, Rating()) for player in players]


def replay(results: Iterable[MatchResult], start: Mapping[int, Rating] | None = None) -> list[Snapshot]:
    """Snapshots of every player of every match, rated in time order from ``start``."""
    current = dict(start or {})
    snapshots: list[Snapshot] = []
    for result in sorted(results, key=lambda result: result.key):
        after = rate_match(result, current)
        current.update(after)
        ranks = result.ranks()
        snapshots.extend(
            Snapshot(result.match_id, result.finished_at, player, ranks[index], after[player])
            for index, side in enumerate(result.sides)
            for player in side.players
        )
    return snapshots


def latest(snapshots: Iterable[Snapshot]) -> dict[int, Rating]:
    """Each player's rating after their last snapshot."""
    ratings: dict[int, tuple[MatchKey, Rating]] = {}
    for snapshot in snapshots:
        known = ratings.get(snapshot.player_id)
        if known is None or known[0] < snapshot.key:
            ratings[snapshot.player_id] = (snapshot.key, snapshot.rating)
    return {player: rating for player, (_, rating) in ratings.items()}
