"""Seats and the first dealer at one table (objective 4): each player where they sat least so far.

The seat cost of an order is the sum of how often each player already sat in the seat given, plus
how often the first dealer already dealt first; the dealer is the player who dealt first least.
Partners sit alternately (side A, side B, side A, side B) so that partners face each other.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import permutations, product

from games.events.pairing.field import tie
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
    sides: Sides, field: Mapping[int, Entrant], seed: int, round_number: int
) -> tuple[tuple[int, ...], Sides, int]:
    """The seat order, the sides in seat order and the first dealer's seat, with the least seat cost.

    Equal costs go to the seeded draw.
    """

    def dealer(players: tuple[int, ...]) -> int:
        return min(
            range(len(players)),
            key=lambda at: (field[players[at]].first_dealer, tie(seed, round_number, -2, *players, at)),
        )

    def cost(players: tuple[int, ...]) -> tuple[int, int]:
        seats = sum(_count(field[player], at) for at, player in enumerate(players))
        return seats + field[players[dealer(players)]].first_dealer, tie(seed, round_number, -3, *players)

    seated, players = min(_orders(sides), key=lambda option: cost(option[1]))
    return players, seated, dealer(players)
