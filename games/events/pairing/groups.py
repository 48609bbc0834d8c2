"""Pods and partners: tables of three or four seated by the exact search of :mod:`.search`.

A format (:class:`TableFormat`) prices one table as a cost vector, most significant first:
``(repeats, squares, *extra)``. The bye's place in the bye order is stacked in after the repeats (or
before them, when no bye choice avoids a repeat: the same two solves as Swiss, for objective 1).
Seats and dealers are chosen table by table after the search; the seeded draw among equals is the
search order of entrants on equal points (the first best seating found wins, and a partners table
takes the first best split of its players in that order).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.events.pairing import exact
from games.events.pairing.field import (
    Deals,
    Ladder,
    apart_pairs,
    bye_preference,
    checked_field,
    scaled_points,
    tie,
)
from games.events.pairing.search import Group, Problem, Seating, best_seating
from games.events.pairing.seating import Sides, seat
from games.events.pairing.types import Entrant, Pairing, Reason, Table

TimeLeft = Callable[[], float]
"""Seconds the exact model may still spend (the caller's clock: the pairing core reads none)."""

BUDGET = 3_000
"""Branches the search may try before it answers the best seating found (``Pairing.exact`` False)."""


@dataclass(frozen=True, slots=True)
class Priced:
    """A table's cost vector, its sides and the repeated pairs it seats."""

    costs: tuple[int, ...]  # (repeats, squares, *extra)
    sides: Sides
    repeats: tuple[tuple[int, int], ...]  # the repeated pairs (sorted ids)


@dataclass(frozen=True, slots=True)
class TableFormat:
    """How one format (pods, partners) prices a table and bounds its costs."""

    name: str
    price: Callable[[tuple[Entrant, ...], Mapping[int, int], Deals], Priced]  # (players in search order, ...)
    pair_repeat: Callable[[Entrant, Entrant], bool] | None  # a repeat every table of the pair pays
    sides: bool  # a table of four plays two against two (partners)
    maxima: Callable[[int, int], tuple[int, ...]]  # (table size, largest squared difference) -> bounds
    reason: Callable[[Priced], tuple[Reason, ...]]  # the format's own reasons for a table
    tiers: Callable[[Sequence[Entrant], Mapping[int, int], Deals], tuple[exact.Tier, ...]]  # for exact


def pair_tables(
    fmt: TableFormat,
    entrants: Sequence[Entrant],
    sizes: tuple[int, ...],
    *,
    seed: int,
    round_number: int,
    time_left: TimeLeft | None = None,
) -> Pairing:
    """Seat ``entrants`` at tables of ``sizes`` (the rest sit out), by the objectives in order.

    When the search does not prove its seating best and ``time_left`` is given, the exact model
    (:mod:`.exact`) tries while ``time_left()`` seconds remain."""
    field = checked_field(entrants)
    points = scaled_points(entrants)
    order = tuple(sorted(field, key=lambda key: (-points[key], tie(seed, round_number, -4, key))))
    byes = len(field) - sum(sizes)
    preference = bye_preference(field, seed, round_number)
    deals = Deals.of(field, len(sizes))
    solve = _Solver(fmt, field, points, order, sizes, byes, preference, deals, time_left)
    seating, priced = solve(bye_first=False)
    if byes and any(p.costs[0] for p in priced):
        seating, priced = solve(bye_first=True)

    def repeats(ids: Sequence[int]) -> set[tuple[int, int]]:
        return set(fmt.price(tuple(field[key] for key in ids), points, deals).repeats)

    tables = _tables(fmt, seating, priced, order, field, repeats, points, deals, seed, round_number)
    bye_ids = tuple(sorted((order[i] for i in seating.byes), key=lambda key: field[key].rank))
    return Pairing(
        tables=tables,
        byes=bye_ids,
        rematches=tuple(sorted(pair for p in priced for pair in p.repeats)),
        bye_reasons=_bye_reasons(bye_ids, preference, field),
        exact=seating.exact,
    )


class _Solver:
    def __init__(
        self,
        fmt: TableFormat,
        field: Mapping[int, Entrant],
        points: Mapping[int, int],
        order: tuple[int, ...],
        sizes: tuple[int, ...],
        byes: int,
        preference: Sequence[int],
        deals: Deals,
        time_left: TimeLeft | None,
    ) -> None:
        self.deals = deals
        self.fmt, self.field, self.points, self.order = fmt, field, points, order
        self.time_left = time_left
        self.sizes, self.byes = sizes, byes
        self.place = {key: at for at, key in enumerate(preference)}
        self.priced: dict[Group, Priced] = {}
        spread = (max(points.values(), default=0) - min(points.values(), default=0)) ** 2
        table_maxima = [
            max(values)
            for values in zip(*(fmt.maxima(size, spread) for size in set(sizes) or {4}), strict=True)
        ]
        self.maxima = (table_maxima[0], len(field), *table_maxima[1:])

    def __call__(self, *, bye_first: bool) -> tuple[Seating, list[Priced]]:
        """The best seating when the bye is above the repeats (``bye_first``) or below them."""

        def stack(costs: tuple[int, ...], bye: int) -> tuple[int, ...]:
            return (bye, *costs) if bye_first else (costs[0], bye, *costs[1:])

        zeros = (0,) * (len(self.maxima) - 1)
        ladder = Ladder(stack(self.maxima[:1] + self.maxima[2:], self.maxima[1]), len(self.sizes) + self.byes)
        entrants = [self.field[key] for key in self.order]
        count = len(entrants)
        repeat = self.fmt.pair_repeat

        def pair_cost(i: int, j: int) -> int:
            repeated = int(repeat(entrants[i], entrants[j])) if repeat else 0
            square = (self.points[entrants[i].id] - self.points[entrants[j].id]) ** 2
            return ladder.encode(stack((repeated, square, *zeros[2:]), 0))

        costs: dict[Group, int] = {}

        def table_cost(group: Group) -> int:
            found = costs.get(group)
            if found is None:
                found = costs[group] = ladder.encode(stack(self.price(group).costs, 0))
            return found

        problem = Problem(
            points=tuple(self.points[key] for key in self.order),
            sizes=self.sizes,
            byes=self.byes,
            bye_costs=tuple(ladder.encode(stack(zeros, self.place[key])) for key in self.order),
            pair_costs=tuple(
                tuple(0 if i == j else pair_cost(i, j) for j in range(count)) for i in range(count)
            ),
            square_weight=ladder.encode(stack((0, 1, *zeros[2:]), 0)),
            table_cost=table_cost,
        )
        seating = best_seating(problem, BUDGET)
        if not seating.exact and self.time_left is not None:
            seating = self._exact(seating, problem, bye_first=bye_first)
        return seating, [self.price(group) for group in seating.tables]

    def _exact(self, seating: Seating, problem: Problem, *, bye_first: bool) -> Seating:
        """The exact model's seating, proven best, when it costs no more than the search's (which a
        model solved right never does); else the search's."""
        assert self.time_left is not None
        entrants = [self.field[key] for key in self.order]
        tiers = list(self.fmt.tiers(entrants, self.points, self.deals))
        byes = exact.Tier(byes=[self.place[key] for key in self.order])
        tiers.insert(0 if bye_first else 1, byes)
        levels = tuple(self.points[key] for key in self.order)
        model = exact.Model(len(entrants), self.sizes, tuple(tiers), self.fmt.sides, levels)
        solved = exact.solve(model, self.time_left, (self._sided(seating.tables), seating.byes))
        if solved is None:
            return seating
        tables = tuple(sorted(tuple(sorted(table)) for table in solved[0]))
        cost = sum(map(problem.table_cost, tables)) + sum(problem.bye_costs[i] for i in solved[1])
        if cost > seating.cost:
            return seating
        return Seating(tables, solved[1], cost, exact=True)

    def _sided(self, tables: Sequence[Group]) -> list[Group]:
        """Each table with its best split's sides side by side (partners), as :mod:`.exact` reads them."""
        if not self.fmt.sides:
            return list(tables)
        at = {key: i for i, key in enumerate(self.order)}
        return [tuple(at[key] for side in self.price(table).sides for key in side) for table in tables]

    def price(self, group: Group) -> Priced:
        found = self.priced.get(group)
        if found is None:
            players = tuple(self.field[self.order[i]] for i in group)
            found = self.priced[group] = self.fmt.price(players, self.points, self.deals)
        return found


def _tables(
    fmt: TableFormat,
    seating: Seating,
    priced: Sequence[Priced],
    order: tuple[int, ...],
    field: Mapping[int, Entrant],
    repeats: Callable[[Sequence[int]], set[tuple[int, int]]],
    points: Mapping[int, int],
    deals: Deals,
    seed: int,
    round_number: int,
) -> tuple[Table, ...]:
    """Tables from the strongest down, seated, each with its reasons."""
    ranked = sorted(zip(seating.tables, priced, strict=True), key=lambda item: item[0])
    groups = [tuple(order[i] for i in group) for group, _ in ranked]
    tables = []
    for number, (group, (_, price)) in enumerate(zip(groups, ranked, strict=True), start=1):
        players, sides, dealer = seat(price.sides, field, deals, seed, round_number)
        reasons = (
            *fmt.reason(price),
            *_spread_reasons(group, groups, repeats, points),
            *(Reason("rematch_unavoidable", pair) for pair in price.repeats),
            *(Reason("apart_unavoidable", pair) for pair in apart_pairs([field[key] for key in group])),
        )
        tables.append(Table(number=number, players=players, sides=sides, dealer=dealer, reasons=reasons))
    return tuple(tables)


def _spread_reasons(
    group: Group,
    groups: Sequence[Group],
    repeats: Callable[[Sequence[int]], set[tuple[int, int]]],
    points: Mapping[int, int],
) -> list[Reason]:
    """``points_spread`` when the table spans points, with the rematches a closer swap would have made."""
    high, low = max(group, key=lambda key: points[key]), min(group, key=lambda key: points[key])
    if points[high] == points[low]:
        return []

    def squares(table: Sequence[int]) -> int:
        return sum((points[a] - points[b]) ** 2 for a, b in combinations(table, 2))

    reasons = [Reason("points_spread", (high, low))]
    found: set[tuple[int, int]] = set()
    for other in groups:
        if other == group:
            continue
        now = squares(group) + squares(other)
        for x in group:
            for y in other:
                mine = [y if p == x else p for p in group]
                theirs = [x if p == y else p for p in other]
                if squares(mine) + squares(theirs) < now:
                    found |= (repeats(mine) | repeats(theirs)) - repeats(group) - repeats(other)
    reasons.extend(Reason("alternative_rematch", pair) for pair in sorted(found))
    return reasons


def _bye_reasons(
    byes: Sequence[int], preference: Sequence[int], field: Mapping[int, Entrant]
) -> tuple[Reason, ...]:
    """For each bye: the default choice, or the one it was moved from to avoid a repeat; and a repeat bye."""
    expected = [key for key in preference[: len(byes)] if key not in byes]
    reasons = []
    for key in byes:
        if key in preference[: len(byes)]:
            reasons.append(Reason("bye_lowest", (key,)))
        else:
            reasons.append(Reason("bye_to_avoid_rematch", (key, expected.pop(0))))
        if field[key].byes:
            reasons.append(Reason("bye_again", (key,)))
    return tuple(reasons)
