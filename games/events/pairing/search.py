"""An exact search for tables of three or four (pods, partners): branch and bound over the seating.

The entrants are indices ``0..n-1`` in the search order (points from the top down, the seeded draw
among equal points). The search tries the sets of entrants sitting out, cheapest first, and for each
seats the first unseated entrant at a table of each size left, cheapest tables first. It drops a
branch when its cost so far plus a lower bound for the rest cannot beat the best seating found. Two
bounds, the larger counts:

- each entrant's half share of its cheapest pair costs to the others left (catches rematches);
- the squared points differences of the best seating of the rest in contiguous runs of the search
  order (dynamic programming over the sizes left), rematches ignored. With fixed table sizes the
  contiguous runs of the sorted points give the smallest sum of pairwise squared differences (the
  tests check this against brute force).

The first seating is the contiguous one improved by re-seating pairs of tables; the search stops after
``budget`` branches and then answers the best seating found, improved the same way, marked inexact.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

Group = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Problem:
    """A round to seat, in the search's indices and scaled costs."""

    points: tuple[int, ...]  # scaled points by search index, from the top down
    sizes: tuple[int, ...]  # the table sizes to fill, one per table
    byes: int  # how many entrants sit out
    bye_costs: tuple[int, ...]  # the stacked cost of a bye for each entrant
    pair_costs: tuple[tuple[int, ...], ...]  # a lower bound of what each pair adds to a table
    square_weight: int  # the weight of one unit of squared points difference
    table_cost: Callable[[Group], int]  # the exact stacked cost of one table


@dataclass(frozen=True, slots=True)
class Seating:
    """The search's answer: the tables, the byes, the stacked cost and whether it is proven best."""

    tables: tuple[Group, ...]
    byes: Group
    cost: int
    exact: bool


SEARCH_MAX = 128
"""The largest field searched; a larger one (a task pairs it, docs/events-pairing.md "How big") gets the
first seating alone: the search's enumeration of tables grows with the cube of the field, and its
3,000 branches cover a vanishing share of it anyway."""


REACH = 8
"""Past :data:`SEARCH_MAX`, the first seating re-seats only tables this close in the standings' order:
re-seating two tables far apart in points seldom helps, and trying every pair grows with the square of
the tables (minutes for 256 tables of partners)."""


def best_seating(problem: Problem, budget: int) -> Seating:
    """The cheapest seating of ``problem``, proven so unless ``budget`` branches did not suffice; past
    :data:`SEARCH_MAX` entrants, the first seating (not proven)."""
    if len(problem.points) > SEARCH_MAX:
        return _first_seating(problem)
    return _Search(problem, budget).run()


def _first_seating(problem: Problem) -> Seating:
    """The cheapest byes, the others in contiguous runs, re-seated by pairs of nearby tables."""
    costs = problem.bye_costs
    out = tuple(sorted(sorted(range(len(costs)), key=lambda i: (costs[i], i))[: problem.byes]))
    seating = (_contiguous(problem, _without(range(len(costs)), out)), out)
    tables, byes = _improved(problem, seating, reach=REACH)
    return Seating(tables, byes, _cost(problem, tables, byes), exact=False)


class _Search:
    def __init__(self, problem: Problem, budget: int) -> None:
        self.problem = problem
        self.budget = budget
        self.sizes = tuple(sorted(problem.sizes))
        self.neighbours = tuple(_by_pair_cost(problem, i) for i in range(len(problem.points)))
        self.branches = 0
        out = next(self._bye_sets())
        first = _improved(problem, (_contiguous(problem, _without(range(len(problem.points)), out)), out))
        self.best_tables, self.best_byes = first
        self.best = _cost(problem, *first)

    def run(self) -> Seating:
        for out in self._bye_sets():
            cost = sum(self.problem.bye_costs[i] for i in out)
            if cost >= self.best:
                break  # the bye sets come cheapest first
            left = _without(range(len(self.problem.points)), out)
            if cost + self._bound(left, self.sizes) < self.best and not self._search(
                left, self.sizes, cost, (), out
            ):
                tables, byes = _improved(self.problem, (self.best_tables, self.best_byes))
                return Seating(tables, byes, _cost(self.problem, tables, byes), exact=False)
        return Seating(self.best_tables, self.best_byes, self.best, exact=True)

    def _bye_sets(self) -> Iterator[Group]:
        costs = self.problem.bye_costs
        options = combinations(range(len(costs)), self.problem.byes)
        yield from sorted(options, key=lambda out: (sum(costs[i] for i in out), out))

    def _search(self, left: Group, sizes: Group, cost: int, tables: tuple[Group, ...], out: Group) -> bool:
        """Improve the best seating from this branch; False when the budget ran out."""
        if not left:
            if cost < self.best:
                self.best, self.best_tables, self.best_byes = cost, tables, out
            return True
        for floor, table, rest_sizes in self._choices(left, sizes, cost):
            if cost + floor >= self.best:
                break  # the choices come by their pair costs, a floor of their cost: none is cheap enough
            self.branches += 1
            if self.branches > self.budget:
                return False
            total = cost + self.problem.table_cost(table)
            rest = _without(left, table)
            if total + self._bound(rest, rest_sizes) < self.best and not self._search(
                rest, rest_sizes, total, (*tables, table), out
            ):
                return False
        return True

    def _choices(self, left: Group, sizes: Group, cost: int) -> list[tuple[int, Group, Group]]:
        """The first unseated entrant's tables by their pair costs: (pair costs, table, sizes left).

        Only the cheapest ``budget + 1`` are kept: the search never tries more at one branch, and a
        large field has millions (C(255, 3) tables for the first entrant of 256), too many to hold.
        """
        first, others = left[0], set(left[1:])
        room = self.best - cost

        def options() -> Iterator[tuple[int, Group, Group]]:
            for size in sorted(set(sizes)):
                rest_sizes = list(sizes)
                rest_sizes.remove(size)
                for spent, mates in self._mates(first, others, size - 1, room):
                    yield spent, (first, *sorted(mates)), tuple(rest_sizes)

        return heapq.nsmallest(self.budget + 1, options())

    def _mates(self, first: int, others: set[int], count: int, room: int) -> Iterator[tuple[int, Group]]:
        """Tablemates for ``first`` whose pair costs stay under ``room``, with those costs."""
        pair = self.problem.pair_costs
        pool = [j for j in self.neighbours[first] if j in others]

        def extend(start: int, chosen: Group, spent: int) -> Iterator[tuple[int, Group]]:
            if len(chosen) == count:
                yield spent, chosen
                return
            for at in range(start, len(pool)):
                j = pool[at]
                more = pair[first][j] + sum(pair[k][j] for k in chosen)
                if spent + more < room:
                    yield from extend(at + 1, (*chosen, j), spent + more)
                elif not chosen:
                    return  # the pool is sorted by the pair cost with ``first``: the rest cost more

        return extend(0, (), 0)

    def _bound(self, left: Group, sizes: Group) -> int:
        if not left:
            return 0
        return max(
            _pair_bound(self.problem, self.neighbours, left, sizes), _run_bound(self.problem, left, sizes)
        )


def _without(group: Sequence[int] | range, taken: Sequence[int]) -> Group:
    return tuple(i for i in group if i not in taken)


def _by_pair_cost(problem: Problem, i: int) -> Group:
    """The others, cheapest pair with ``i`` first."""
    costs = problem.pair_costs[i]
    return tuple(sorted((j for j in range(len(costs)) if j != i), key=lambda j: (costs[j], j)))


def _pair_bound(problem: Problem, neighbours: Sequence[Group], left: Group, sizes: Group) -> int:
    """Half of the sum over ``left`` of each entrant's cheapest pair costs to tablemates among them."""
    mates = min(sizes) - 1
    here = set(left)
    total = 0
    for i in left:
        found = 0
        for j in neighbours[i]:
            if j in here:
                total += problem.pair_costs[i][j]
                found += 1
                if found == mates:
                    break
    return total // 2


def _run_bound(problem: Problem, left: Group, sizes: Group) -> int:
    """The squared-difference cost of the best contiguous seating of ``left`` (rematches ignored)."""
    return _contiguous_runs(problem, left, sizes)[0] * problem.square_weight


def _contiguous_runs(problem: Problem, left: Group, sizes: Group) -> tuple[int, Group]:
    """(squared differences, run lengths from the top) of the best seating of ``left`` in runs."""
    sums, squares = [0], [0]
    for i in left:
        sums.append(sums[-1] + problem.points[i])
        squares.append(squares[-1] + problem.points[i] ** 2)
    kinds = sorted(set(sizes))

    @cache
    def best(at: int, remaining: tuple[int, ...]) -> tuple[int, Group]:
        if at == len(left):
            return 0, ()
        options = []
        for k, size in enumerate(kinds):
            if remaining[k]:
                end = at + size
                spread = size * (squares[end] - squares[at]) - (sums[end] - sums[at]) ** 2
                cost, runs = best(end, (*remaining[:k], remaining[k] - 1, *remaining[k + 1 :]))
                options.append((cost + spread, (size, *runs)))
        return min(options)

    return best(0, tuple(sizes.count(size) for size in kinds))


def _contiguous(problem: Problem, left: Group) -> tuple[Group, ...]:
    """The best seating of ``left`` in contiguous runs of the search order."""
    tables, at = [], 0
    for run in _contiguous_runs(problem, left, tuple(sorted(problem.sizes)))[1]:
        tables.append(left[at : at + run])
        at += run
    return tuple(tables)


def _cost(problem: Problem, tables: Sequence[Group], byes: Group) -> int:
    return sum(map(problem.table_cost, tables)) + sum(problem.bye_costs[i] for i in byes)


def _improved(
    problem: Problem, seating: tuple[tuple[Group, ...], Group], reach: int | None = None
) -> tuple[tuple[Group, ...], Group]:
    """``seating`` after re-seating pairs of tables (or a table and the byes) at their best while it helps.

    Each step tries every way to share the two groups' entrants between them, sizes kept; with
    ``reach``, only tables at most that many apart in the seating's order (close in points) are paired.
    """
    groups = [tuple(sorted(table)) for table in seating[0]] + [tuple(sorted(seating[1]))]
    last = len(groups) - 1

    def priced(at: int, group: Group) -> int:
        return sum(problem.bye_costs[i] for i in group) if at == last else problem.table_cost(group)

    costs = [priced(at, group) for at, group in enumerate(groups)]
    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(groups)), 2):
            if reach is not None and b - a > reach and b != last:
                continue
            union = tuple(sorted(groups[a] + groups[b]))
            for first in combinations(union, len(groups[a])):
                second = _without(union, first)
                new_a, new_b = priced(a, first), priced(b, second)
                if new_a + new_b < costs[a] + costs[b]:
                    groups[a], groups[b], costs[a], costs[b] = first, second, new_a, new_b
                    improved = True
    return tuple(groups[:-1]), groups[-1]
