"""How a field splits into tables: pods of 4 and 3, partners' tables of four, Swiss pairs."""

from __future__ import annotations

POD_SIZES = frozenset({3, 4})


def pod_sizes(count: int, allowed: frozenset[int]) -> tuple[int, ...] | None:
    """Tables of 4 with the rest in 3s, among the ``allowed`` sizes; None when no split seats everyone.

    >>> pod_sizes(9, frozenset({3, 4})), pod_sizes(10, frozenset({3, 4})), pod_sizes(5, frozenset({3, 4}))
    ((3, 3, 3), (4, 3, 3), None)
    """
    fours, threes = 4 in allowed, 3 in allowed
    for four_count in range(count // 4 if fours else 0, -1, -1):
        rest = count - 4 * four_count
        if rest == 0 or (threes and rest % 3 == 0):
            return (4,) * four_count + (3,) * (rest // 3)
    return None


def seated_sizes(count: int, allowed: frozenset[int]) -> tuple[int, ...]:
    """The pod sizes for the most entrants that can be seated (the rest sit out with a bye)."""
    for seated in range(count, -1, -1):
        sizes = pod_sizes(seated, allowed)
        if sizes is not None:
            return sizes
    return ()
