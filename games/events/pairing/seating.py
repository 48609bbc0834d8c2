"""Seats and the first dealer at one table (objective 4).

The dealer is the player furthest behind on first deals (:attr:`.field.Deals.lag`), then the one who
dealt first least, then the seeded draw. Then each player sits where they sat least: the seat order
with the least sum of how often each player already sat in the seat given. Partners sit alternately
(side A, side B, side A, side B) so that partners face each other. At a table of three or four (pods
and partners: Tablo, Tamlin and Escoba, whose seats differ only in where the deal starts,
docs/rules/shared.md A4) the dealer sits in seat 0, so a seat is a place in the turn order from the
dealer and the seat counts balance those places over the event.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import permutations, product

from games.events.pairing.field import Deals, tie
from games.events.pairing.types import Entrant

Sides = tuple[tuple[int, ...], ...]


def _count(entrant: Entrant, seat: int) -> int:
    return entrant.seat_counts[seat] if seat < len(entrant.seat_counts) else 0


def _orders(sides: Sides) -> Iterator[tuple[Sides, tuple[int, ...]]]:
    """Every seat order that keeps the sides alternating: (sides in seat order, players in seat order)."""
    for side_order in permutations(sides):
        for inner in product(*(permutations(side) for side in side_order)):
            yield tuple(side_order), tuple(player for turn in zip(*inner, strict=True) for player in turn)


def seat(
    sides: Sides, field: Mapping[int, Entrant], deals: Deals, seed: int, round_number: int
) -> tuple[tuple[int, ...], Sides, int]:
    """The seat order, the sides in seat order and the first dealer's seat; equal costs go to the
    seeded draw."""
    dealer = min(
        (player for side in sides for player in side),
        key=lambda key: (deals.lag[key], field[key].first_dealer, tie(seed, round_number, -2, key)),
    )
    first = sum(map(len, sides)) > 2
    options = [option for option in _orders(sides) if not first or option[1][0] == dealer]

    def cost(players: tuple[int, ...]) -> tuple[int, int]:
        seats = sum(_count(field[player], at) for at, player in enumerate(players))
        return seats, tie(seed, round_number, -3, *players)

    seated, players = min(options, key=lambda option: cost(option[1]))
    return players, seated, players.index(dealer)
