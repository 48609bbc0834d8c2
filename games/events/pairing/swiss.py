"""Swiss: two players a table, by an exact maximum-weight matching (networkx's blossom algorithm).

Every pair of entrants (and, in an odd field, every entrant with the bye) is an edge whose weight
stacks objectives 1-4 with :class:`~games.events.pairing.field.Ladder`: rematches (and pairs the
director keeps apart), the bye's place in
:func:`~games.events.pairing.field.bye_preference`, the squared points difference, and the tables
that unbalance first deals (:class:`~games.events.pairing.field.Deals`). With integer
weights the blossom algorithm computes in integers, so the matching is exactly the lexicographic
optimum. The seeded draw among equal matchings is the order in which the entrants enter the graph (a
seeded shuffle): the algorithm answers the first optimum it reaches in that order. Seats and the first
dealer are then chosen table by table (:mod:`.seating`). Putting the draw or the seats into the weights
instead would make the weights nearly all distinct, which made the blossom algorithm 10 to 30 times
slower on 64 entrants (hundreds of ms instead of tens).

The bye rule (objective 1) needs two solves at most: first with rematches above the bye, which finds the
best bye among those that let the others pair without a rematch; when even that leaves a rematch, no
bye choice avoids one, and a second solve puts the bye above the rematches, so the bye goes to the
lowest-ranked entrant without one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import networkx as nx

from games.events.pairing.field import (
    Deals,
    Ladder,
    bye_preference,
    checked_field,
    have_met,
    kept_apart,
    scaled_points,
    tie,
)
from games.events.pairing.seating import seat
from games.events.pairing.types import Entrant, Pairing, Reason, Table

Pair = tuple[int, int]
BYE = -1  # the bye's node in the matching (a player's id is never negative)


def pair_swiss(entrants: Sequence[Entrant], *, seed: int, round_number: int) -> Pairing:
    """The Swiss pairing of ``entrants`` (objectives of the package doc, in order)."""
    field = checked_field(entrants)
    points = scaled_points(entrants)
    preference = bye_preference(field, seed, round_number) if len(field) % 2 else ()
    deals = Deals.of(field, len(field) // 2)
    pairs, bye = _match(field, points, preference, deals, seed, round_number, bye_first=False)
    rematches = [pair for pair in pairs if have_met(field[pair[0]], field[pair[1]])]
    if preference and any(_repeat(field[a], field[b]) for a, b in pairs):
        pairs, bye = _match(field, points, preference, deals, seed, round_number, bye_first=True)
        rematches = [pair for pair in pairs if have_met(field[pair[0]], field[pair[1]])]
    tables = _tables(pairs, field, points, deals, seed, round_number)
    return Pairing(
        tables=tables,
        byes=() if bye is None else (bye,),
        rematches=tuple(sorted(rematches)),
        bye_reasons=() if bye is None else _bye_reasons(bye, preference, field),
    )


def _repeat(first: Entrant, second: Entrant) -> bool:
    """A rematch, or two players kept apart: avoided alike (objective 2)."""
    return have_met(first, second) or kept_apart(first, second)


def _match(
    field: Mapping[int, Entrant],
    points: Mapping[int, int],
    preference: Sequence[int],
    deals: Deals,
    seed: int,
    round_number: int,
    *,
    bye_first: bool,
) -> tuple[list[Pair], int | None]:
    """The optimal tables (sorted id pairs) and the bye, if any, for one order of the objectives."""
    ids = sorted(field, key=lambda key: (tie(seed, round_number, key), key))
    costs: dict[Pair, tuple[int, int, int, int]] = {}
    for at, first in enumerate(ids):
        for second in ids[at + 1 :]:
            met = int(_repeat(field[first], field[second]))
            clash = deals.clash((first, second))
            costs[first, second] = (met, 0, (points[first] - points[second]) ** 2, clash)
    for place, key in enumerate(preference):
        costs[BYE, key] = (0, place, 0, 0)
    order = (1, 0, 2, 3) if bye_first else (0, 1, 2, 3)
    stacked = {edge: tuple(cost[i] for i in order) for edge, cost in costs.items()}
    ladder = Ladder(
        [max(cost[i] for cost in stacked.values()) for i in range(4)], terms=(len(field) + 1) // 2
    )
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(ids)
    for (first, second), cost in stacked.items():
        graph.add_edge(first, second, weight=ladder.top + 1 - ladder.encode(cost))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted((min(edge), max(edge)) for edge in matching)
    bye = next((second for first, second in pairs if first == BYE), None)
    return [pair for pair in pairs if pair[0] != BYE], bye


def _tables(
    pairs: Sequence[Pair],
    field: Mapping[int, Entrant],
    points: Mapping[int, int],
    deals: Deals,
    seed: int,
    round_number: int,
) -> tuple[Table, ...]:
    """Tables from the strongest down, each seated and with its reasons."""

    def strength(pair: Pair) -> tuple[int, int, int]:
        high = max(points[pair[0]], points[pair[1]])
        return -high, -(points[pair[0]] + points[pair[1]]), min(field[k].rank for k in pair)

    tables = []
    for number, pair in enumerate(sorted(pairs, key=strength), start=1):
        players, sides, dealer = seat(((pair[0],), (pair[1],)), field, deals, seed, round_number)
        reasons = _reasons(pair, pairs, field, points)
        tables.append(Table(number=number, players=players, sides=sides, dealer=dealer, reasons=reasons))
    return tuple(tables)


def _reasons(
    pair: Pair, pairs: Sequence[Pair], field: Mapping[int, Entrant], points: Mapping[int, int]
) -> tuple[Reason, ...]:
    high, low = sorted(pair, key=lambda key: (-points[key], field[key].rank))
    reasons = []
    if points[high] == points[low]:
        reasons.append(Reason("equal_points", (high, low)))
    else:
        reasons.append(Reason("floated_down", (high, low)))
        reasons.extend(
            Reason("alternative_rematch", met) for met in _closer_rematches(pair, pairs, field, points)
        )
    if have_met(field[high], field[low]):
        reasons.append(Reason("rematch_unavoidable", pair))
    if kept_apart(field[high], field[low]):
        reasons.append(Reason("apart_unavoidable", pair))
    return tuple(reasons)


def _closer_rematches(
    pair: Pair, pairs: Sequence[Pair], field: Mapping[int, Entrant], points: Mapping[int, int]
) -> list[Pair]:
    """The rematches that a closer swap with another table would have made (why this table floats)."""

    def square(first: int, second: int) -> int:
        return (points[first] - points[second]) ** 2

    a, b = pair
    found: set[Pair] = set()
    for c, d in pairs:
        if (c, d) == pair:
            continue
        now = square(a, b) + square(c, d)
        for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
            if square(*x) + square(*y) < now:
                found.update((min(p), max(p)) for p in (x, y) if have_met(field[p[0]], field[p[1]]))
    return sorted(found)


def _bye_reasons(bye: int, preference: Sequence[int], field: Mapping[int, Entrant]) -> tuple[Reason, ...]:
    reasons = [
        Reason("bye_lowest", (bye,))
        if bye == preference[0]
        else Reason("bye_to_avoid_rematch", (bye, preference[0]))
    ]
    if field[bye].byes:
        reasons.append(Reason("bye_again", (bye,)))
    return tuple(reasons)
