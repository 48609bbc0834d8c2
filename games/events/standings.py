"""An event's standings from its results: pure functions over plain values (no Django, no I/O).

A table's result gives each side a place (0 first; tied sides share a place). With two sides that is a
win, a draw or a loss; with more (pods) each place scores its own points. A bye scores the ``bye``
points and has no opponent. The tie-breaks, in the event's order after the points (docs/events.md):

- ``buchholz``: the sum of the opponents' points (a bye adds nothing; an opponent met twice counts twice);
- ``median_buchholz``: the same without the highest and the lowest opponent, when there are at least 3;
- ``sonneborn_berger``: the points of the opponents beaten, plus half of those drawn;
- ``points_diff``: the game points scored minus those conceded (the other sides' at the same table);
- ``head_to_head``: the points scored, one opponent at a time, against those level on points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

TIEBREAKS = ("buchholz", "median_buchholz", "sonneborn_berger", "points_diff", "head_to_head")


@dataclass(frozen=True, slots=True)
class PointsTable:
    """Points for a win, draw, loss and bye, and for each place of a pod (the last repeats)."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 3
    places: tuple[int, ...] = (3, 2, 1, 0)

    @classmethod
    def of(cls, config: Mapping[str, object]) -> PointsTable:
        """From an event's ``points`` (missing keys take the defaults)."""
        default = cls()
        places = config.get("places", default.places)
        assert isinstance(places, Sequence)
        return cls(
            win=int(config.get("win", default.win)),  # type: ignore[call-overload]  # a stored JSON number
            draw=int(config.get("draw", default.draw)),  # type: ignore[call-overload]  # a stored JSON number
            loss=int(config.get("loss", default.loss)),  # type: ignore[call-overload]  # a stored JSON number
            bye=int(config.get("bye", default.bye)),  # type: ignore[call-overload]  # a stored JSON number
            places=tuple(int(place) for place in places),
        )

    def place(self, place: int) -> int:
        """The points for finishing in ``place`` (0 first): past the list its last entry, none without one."""
        return self.places[min(place, len(self.places) - 1)] if self.places else 0

    def pairwise(self, mine: int, theirs: int) -> int:
        """The points of one place against another: a win, a draw or a loss."""
        return self.win if mine < theirs else self.draw if mine == theirs else self.loss


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table that has its result: the sides' player ids, each side's place and game points (empty
    when the director set the result without a score)."""

    sides: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]
    scores: tuple[int, ...] = ()

    @classmethod
    def of_winner(
        cls, sides: Sequence[Sequence[int]], winner: int | None, scores: Sequence[int] = ()
    ) -> TableResult:
        """Two or more sides, one winner (``None``: all drawn), the rest behind it."""
        places = tuple(0 if winner is None or index == winner else 1 for index in range(len(sides)))
        return cls(tuple(map(tuple, sides)), places, tuple(scores))

    @classmethod
    def of_order(
        cls, sides: Sequence[Sequence[int]], order: Sequence[int], scores: Sequence[int] = ()
    ) -> TableResult:
        """Side indexes first to last (``order``), each in its own place."""
        places = [0] * len(sides)
        for place, side in enumerate(order):
            places[side] = place
        return cls(tuple(map(tuple, sides)), tuple(places), tuple(scores))

    @classmethod
    def of_scores(cls, sides: Sequence[Sequence[int]], scores: Sequence[int]) -> TableResult:
        """Places by game points, highest first; equal scores share the better place."""
        places = tuple(sum(other > score for other in scores) for score in scores)
        return cls(tuple(map(tuple, sides)), places, tuple(scores))


@dataclass(frozen=True, slots=True)
class Row:
    """One player's line: ``rank`` is shared by players level on points and every tie-break."""

    player: int
    rank: int
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    opponents: tuple[int, ...]
    partners: tuple[int, ...]
    game_for: int
    game_against: int
    tiebreaks: dict[str, float] = field(default_factory=dict)


@dataclass(slots=True)
class _Tally:
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    game_for: int = 0
    game_against: int = 0
    opponents: list[int] = field(default_factory=list)
    partners: list[int] = field(default_factory=list)
    # (opponent, my place, their place) for every opponent met
    meetings: list[tuple[int, int, int]] = field(default_factory=list)


def standings(
    players: Sequence[int],
    results: Iterable[TableResult],
    byes: Iterable[int],
    points: PointsTable = PointsTable(),
    tiebreaks: Sequence[str] = ("median_buchholz", "buchholz", "points_diff"),
) -> list[Row]:
    """Every player of ``players`` (entry order breaks the last ties), best first.

    ``byes`` lists a player once per bye. Results may name players outside ``players`` (dropped ones are
    still listed by the caller); such players are scored but not ranked."""
    tallies: dict[int, _Tally] = {player: _Tally() for player in players}
    for result in results:
        _add(tallies, result, points)
    for player in byes:
        tally = tallies.setdefault(player, _Tally())
        tally.byes += 1
        tally.points += points.bye
    scored = {player: tally.points for player, tally in tallies.items()}
    values = {
        player: {name: _tiebreak(name, tallies, player, scored, points) for name in tiebreaks}
        for player in players
    }

    def key(player: int) -> tuple[float, ...]:
        return (-scored[player], *(-values[player][name] for name in tiebreaks))

    ordered = sorted(players, key=key)  # stable: entry order among equals
    rows: list[Row] = []
    for position, player in enumerate(ordered, start=1):
        tally = tallies[player]
        tied = rows and key(rows[-1].player) == key(player)
        rows.append(
            Row(
                player=player,
                rank=rows[-1].rank if tied else position,
                points=tally.points,
                wins=tally.wins,
                draws=tally.draws,
                losses=tally.losses,
                byes=tally.byes,
                opponents=tuple(tally.opponents),
                partners=tuple(tally.partners),
                game_for=tally.game_for,
                game_against=tally.game_against,
                tiebreaks=values[player],
            )
        )
    return rows


def _add(tallies: dict[int, _Tally], result: TableResult, points: PointsTable) -> None:
    two_sided = len(result.sides) == 2
    first = min(result.places)
    shared_first = result.places.count(first) > 1
    for index, side in enumerate(result.sides):
        place = result.places[index]
        if two_sided:
            other = result.places[1 - index]
            earned = points.pairwise(place, other)
        else:
            earned = points.place(place)
        win = place == first and not shared_first
        draw = place == first and shared_first
        for player in side:
            tally = tallies.setdefault(player, _Tally())
            tally.points += earned
            tally.wins += win
            tally.draws += draw
            tally.losses += not win and not draw
            tally.partners.extend(mate for mate in side if mate != player)
            if result.scores:
                tally.game_for += result.scores[index]
                tally.game_against += sum(
                    score for other, score in enumerate(result.scores) if other != index
                )
            for other_index, other_side in enumerate(result.sides):
                if other_index != index:
                    for opponent in other_side:
                        tally.opponents.append(opponent)
                        tally.meetings.append((opponent, place, result.places[other_index]))


def _tiebreak(
    name: str, tallies: Mapping[int, _Tally], player: int, scored: Mapping[int, int], points: PointsTable
) -> float:
    tally = tallies[player]
    faced = [scored.get(opponent, 0) for opponent in tally.opponents]
    if name == "buchholz":
        return sum(faced)
    if name == "median_buchholz":
        return sum(sorted(faced)[1:-1]) if len(faced) >= 3 else sum(faced)
    if name == "sonneborn_berger":
        beaten = sum(scored.get(other, 0) for other, mine, theirs in tally.meetings if mine < theirs)
        drawn = sum(scored.get(other, 0) for other, mine, theirs in tally.meetings if mine == theirs)
        return beaten + drawn / 2
    if name == "points_diff":
        return tally.game_for - tally.game_against
    if name == "head_to_head":
        level = {other for other, value in scored.items() if value == scored[player]} - {player}
        return sum(points.pairwise(mine, theirs) for other, mine, theirs in tally.meetings if other in level)
    raise ValueError(f"Unknown tie-break {name!r}; known: {', '.join(TIEBREAKS)}")
