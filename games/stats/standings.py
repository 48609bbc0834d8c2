"""Standings rows and head-to-head records, folded over finished matches in time order.

Each player of a side is credited with the side's result (pairs share it). "Points against" is the
highest opponent total: the score the side had to beat (docs/rules-decisions.md, "Standings").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from games.collation import name_key
from games.stats.results import MatchResult, Outcome

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

LAST_RESULTS = 5


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingsRow:
    """A player's record. ``last_five`` is oldest first; ``streak`` is like ``"W3"`` (empty if none).

    ``name``, ``rating``, ``deviation`` and ``provisional`` are filled in by the selector.
    """

    player_id: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0
    hands: int = 0
    sweeps: int = 0
    best_hand: int | None = None
    best_hand_match: int | None = None
    streak: str = ""
    last_five: str = ""
    name: str = ""
    rating: int | None = None
    deviation: int | None = None
    provisional: bool = False

    @property
    def win_pct(self) -> float:
        """Matches won, in percent of matches played (a draw is not a win)."""
        return round(100 * self.won / self.played, 1) if self.played else 0.0

    @property
    def points_per_hand(self) -> float:
        """Points scored per hand, to two places."""
        return round(self.points_for / self.hands, 2) if self.hands else 0.0

    @property
    def sweeps_per_match(self) -> float:
        """Sweeps (Escoba), tablos (Tablo) or tamlins (Tamlin) per match."""
        return round(self.sweeps / self.played, 2) if self.played else 0.0

    @property
    def points_diff(self) -> int:
        """Points scored less points conceded."""
        return self.points_for - self.points_against


class _Tally:
    """A row being folded (mutable on purpose: one object per player, thousands of matches)."""

    __slots__ = ("against", "best", "best_match", "counts", "hands", "outcomes", "points", "sweeps")

    def __init__(self) -> None:
        self.counts = dict.fromkeys(Outcome, 0)
        self.points = self.against = self.hands = self.sweeps = 0
        self.best: int | None = None
        self.best_match: int | None = None
        self.outcomes: list[Outcome] = []

    def add(self, result: MatchResult, side: int) -> None:
        mine = result.sides[side]
        outcome = result.outcome(side)
        self.counts[outcome] += 1
        self.outcomes.append(outcome)
        self.points += mine.total
        self.against += result.best_opponent(side)
        self.hands += mine.hands
        self.sweeps += mine.sweeps
        if mine.best_hand is not None and (self.best is None or mine.best_hand > self.best):
            self.best, self.best_match = mine.best_hand, result.match_id

    def row(self, player: int) -> StandingsRow:
        return StandingsRow(
            player_id=player,
            played=len(self.outcomes),
            won=self.counts[Outcome.WIN],
            drawn=self.counts[Outcome.DRAW],
            lost=self.counts[Outcome.LOSS],
            points_for=self.points,
            points_against=self.against,
            hands=self.hands,
            sweeps=self.sweeps,
            best_hand=self.best,
            best_hand_match=self.best_match,
            streak=streak(self.outcomes),
            last_five="".join(self.outcomes[-LAST_RESULTS:]),
        )


def streak(outcomes: Sequence[Outcome]) -> str:
    """The current run of equal results, newest last: ``"W3"`` for three wins in a row.

    >>> streak([Outcome.LOSS, Outcome.WIN, Outcome.WIN])
    'W2'
    """
    if not outcomes:
        return ""
    length = 0
    for outcome in reversed(outcomes):
        if outcome != outcomes[-1]:
            break
        length += 1
    return f"{outcomes[-1]}{length}"


def standings(results: Iterable[MatchResult], players: Collection[int] | None = None) -> list[StandingsRow]:
    """One row per player (or per player of ``players``) over ``results``, ordered by player id."""
    tallies: dict[int, _Tally] = {}
    for result in sorted(results, key=lambda result: result.key):
        for index, side in enumerate(result.sides):
            for player in side.players:
                if players is None or player in players:
                    tallies.setdefault(player, _Tally()).add(result, index)
    return [tally.row(player) for player, tally in sorted(tallies.items())]


def mark_provisional(rows: Iterable[StandingsRow], below: int) -> list[StandingsRow]:
    """Flag the players with fewer than ``below`` matches (the club's setting)."""
    return [replace(row, provisional=row.played < below) for row in rows]


def _league_order(row: StandingsRow) -> tuple[object, ...]:
    return (row.provisional, -row.win_pct, -row.won, -row.points_diff, name_key(row.name), row.player_id)


SORT_KEYS: dict[str, Callable[[StandingsRow], SupportsRichComparison]] = {
    "rank": _league_order,
    "name": lambda row: (name_key(row.name), row.player_id),
    "rating": lambda row: (row.rating is not None, row.rating or 0),
    "played": lambda row: row.played,
    "won": lambda row: row.won,
    "drawn": lambda row: row.drawn,
    "lost": lambda row: row.lost,
    "win_pct": lambda row: row.win_pct,
    "points_for": lambda row: row.points_for,
    "points_against": lambda row: row.points_against,
    "points_diff": lambda row: row.points_diff,
    "points_per_hand": lambda row: row.points_per_hand,
    "sweeps_per_match": lambda row: row.sweeps_per_match,
}
"""Sort keys of the standings table; ``rank`` is the league order (provisional players last)."""

ASCENDING_BY_DEFAULT = frozenset({"rank", "name"})


def sort_rows(
    rows: Iterable[StandingsRow], by: str = "rank", descending: bool | None = None
) -> list[StandingsRow]:
    """Rows sorted by one of :data:`SORT_KEYS`; numbers run high to low unless ``descending`` is False.

    Ties keep the league order, so a sorted column still reads sensibly.
    """
    if descending is None:
        descending = by not in ASCENDING_BY_DEFAULT
    ordered = sorted(rows, key=_league_order)
    return sorted(ordered, key=SORT_KEYS[by], reverse=descending)


@dataclass(frozen=True, slots=True, kw_only=True)
class Meeting:
    """One match between two players on different sides: each one's side total and outcome."""

    match_id: int
    finished_at: datetime
    game: str
    score_a: int
    score_b: int
    outcome_a: Outcome
    outcome_b: Outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class HeadToHead:
    """How ``a`` and ``b`` fared against each other: their ``meetings``, oldest first.

    A match a third side won is a win for neither; a draw counts when both shared the top total.
    """

    a: int
    b: int
    meetings: tuple[Meeting, ...] = ()

    @property
    def matches(self) -> int:
        """How many matches the two played."""
        return len(self.meetings)

    @property
    def wins_a(self) -> int:
        """Matches a won."""
        return sum(meeting.outcome_a == Outcome.WIN for meeting in self.meetings)

    @property
    def wins_b(self) -> int:
        """Matches b won."""
        return sum(meeting.outcome_b == Outcome.WIN for meeting in self.meetings)

    @property
    def draws(self) -> int:
        """Matches drawn."""
        return sum(meeting.outcome_a == meeting.outcome_b == Outcome.DRAW for meeting in self.meetings)

    @property
    def average_margin(self) -> float:
        """a's total minus b's, per match (negative when b usually scores more)."""
        margin = sum(meeting.score_a - meeting.score_b for meeting in self.meetings)
        return round(margin / self.matches, 2) if self.matches else 0.0


def head_to_head(results: Iterable[MatchResult], a: int, b: int) -> HeadToHead:
    """The matches of ``results`` where ``a`` and ``b`` sat on different sides."""
    meetings = []
    for result in sorted(results, key=lambda result: result.key):
        side_a, side_b = result.side_of(a), result.side_of(b)
        if side_a is None or side_b is None or side_a == side_b:
            continue
        meetings.append(
            Meeting(
                match_id=result.match_id,
                finished_at=result.finished_at,
                game=result.game,
                score_a=result.sides[side_a].total,
                score_b=result.sides[side_b].total,
                outcome_a=result.outcome(side_a),
                outcome_b=result.outcome(side_b),
            )
        )
    return HeadToHead(a=a, b=b, meetings=tuple(meetings))
