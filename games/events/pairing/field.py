"""What every format shares: the checked field, integer points, the seeded tie-break and the bye order.

Weights are exact integers (the points are scaled by their common denominator), so the matching and the
search compare objectives exactly; :class:`Ladder` stacks the objectives into one integer, most
significant first.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.events.pairing.types import Entrant


class PairingInputError(ValueError):
    """The field or the format cannot be paired as asked (a caller's bug: the services check first)."""

    code = "pairing.invalid_input"


def checked_field(entrants: Sequence[Entrant]) -> dict[int, Entrant]:
    """The entrants by id. Raises PairingInputError on a repeated id."""
    field = {entrant.id: entrant for entrant in entrants}
    if len(field) != len(entrants):
        repeated = sorted({e.id for e in entrants if sum(o.id == e.id for o in entrants) > 1})
        raise PairingInputError(f"Entrants {repeated} appear more than once.")
    return field


def scaled_points(entrants: Iterable[Entrant]) -> dict[int, int]:
    """Each entrant's points times the points' common denominator: exact integers, same order."""
    exact = {entrant.id: Fraction(entrant.points) for entrant in entrants}
    scale = math.lcm(1, *(value.denominator for value in exact.values()))
    return {key: int(value * scale) for key, value in exact.items()}


def tie(seed: int, round_number: int, *parts: int) -> int:
    """A seeded draw in ``range(2**32)`` for one choice (an entrant's place in the order, a seat order).

    It hashes its inputs, so it is the same on every machine and Python version.
    """
    text = ",".join(map(str, (seed, round_number, *parts))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=4).digest(), "big")


def bye_preference(field: Mapping[int, Entrant], seed: int, round_number: int) -> tuple[int, ...]:
    """Who should sit out first: fewest byes so far, then the lowest-ranked, then the seeded draw."""
    return tuple(
        sorted(field, key=lambda key: (field[key].byes, -field[key].rank, tie(seed, round_number, -1, key)))
    )


@dataclass(frozen=True, slots=True)
class Deals:
    """Who is behind on first deals: dealt first least among those who played as many tables (objective
    4). While there are no more of them than tables, each of them should deal, so a second one at a
    table is a clash (one stays behind); else a table with nobody behind is one (its dealer gets two
    ahead of someone). ``lag``: each entrant's first deals above the least of those who played as many
    tables (0: behind); at each table the one furthest behind deals."""

    behind: frozenset[int]
    few: bool
    lag: Mapping[int, int]

    @classmethod
    def of(cls, field: Mapping[int, Entrant], tables: int) -> Deals:
        """The first deals of ``field`` as the seating weighs them, for a round of ``tables`` tables."""
        played = {key: sum(entrant.seat_counts) for key, entrant in field.items()}
        least: dict[int, int] = {}
        for key, entrant in field.items():
            least[played[key]] = min(least.get(played[key], entrant.first_dealer), entrant.first_dealer)
        lag = {key: e.first_dealer - least[played[key]] for key, e in field.items()}
        behind = frozenset(key for key, behind in lag.items() if behind == 0)
        return cls(behind, len(behind) <= tables, lag)

    def clash(self, players: Iterable[int]) -> int:
        """The clashes of a table of ``players`` (ids)."""
        count = sum(key in self.behind for key in players)
        return max(count - 1, 0) if self.few else int(count == 0)


def have_met(first: Entrant, second: Entrant) -> bool:
    """The two have sat at one table before."""
    return second.id in first.opponents or first.id in second.opponents


def kept_apart(first: Entrant, second: Entrant) -> bool:
    """The director keeps the two apart: they share no table where a pairing avoids it, as a rematch."""
    return second.id in first.apart or first.id in second.apart


def apart_pairs(players: Sequence[Entrant]) -> list[tuple[int, int]]:
    """The pairs (sorted ids) at a table of ``players`` whom the director keeps apart."""
    return sorted(
        (min(a.id, b.id), max(a.id, b.id))
        for at, a in enumerate(players)
        for b in players[at + 1 :]
        if kept_apart(a, b)
    )


def have_partnered(first: Entrant, second: Entrant) -> bool:
    """The two have played on one side before."""
    return second.id in first.partners or first.id in second.partners


class Ladder:
    """Lexicographic objectives as one integer: a sum of ``terms`` cost vectors compares as the vectors.

    ``maxima[i]`` bounds objective ``i`` in one term; each objective's weight exceeds the largest sum the
    less significant ones can reach over ``terms`` terms, so no trade between objectives is possible.
    """

    def __init__(self, maxima: Sequence[int], terms: int) -> None:
        weights = [1]
        for bound in reversed(maxima[1:]):
            weights.append(weights[-1] * (terms * bound + 1))
        self.weights = tuple(reversed(weights))
        self.top = sum(w * bound for w, bound in zip(self.weights, maxima, strict=True))

    def encode(self, values: Sequence[int]) -> int:
        """The one integer that ranks ``values`` (one per objective) as the vector does."""
        return sum(w * value for w, value in zip(self.weights, values, strict=True))
