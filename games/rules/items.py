"""Scoring helpers shared by the fishing games: "most of" items, muerto passing, win by a margin.

>>> sole_leader((22, 18))
0
>>> sole_leader((2, 2, 1)) is None
True
>>> passed_on((3, 0, 1))
(1, 4, 3)
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.game import HandReport


def sole_leader(counts: Sequence[int]) -> int | None:
    """The side with strictly the most; ``None`` when the most is tied (docs/rules/ E9, T14, A5)."""
    best = max(counts)
    leaders = [side for side, count in enumerate(counts) if count == best]
    return leaders[0] if len(leaders) == 1 else None


def item_points(counts: Sequence[int], worth: int) -> tuple[int, ...]:
    """``worth`` to the sole side with the most, nothing to anyone on a tie (docs/rules/ E9, T14)."""
    leader = sole_leader(counts)
    return tuple(worth if side == leader else 0 for side in range(len(counts)))


def passed_on(earned: Sequence[int]) -> tuple[int, ...]:
    """Muerto: each side gets +1 for every point every other side earned (docs/rules/escoba.md 3.2(d))."""
    total = sum(earned)
    return tuple(total - own for own in earned)


def winner_by_margin(totals: Sequence[int], target: int, margin: int) -> int | None:
    """The side that reached ``target`` and leads every other side by ``margin`` or more, if any.

    >>> winner_by_margin((12, 10), 11, 2), winner_by_margin((13, 12), 11, 2)
    (0, None)
    """
    if len(totals) < 2:
        return None
    leader = max(range(len(totals)), key=lambda side: totals[side])
    runner_up = max(total for side, total in enumerate(totals) if side != leader)
    if totals[leader] >= target and totals[leader] - runner_up >= margin:
        return leader
    return None


def match_totals(hands: Sequence[HandReport], sides: int) -> tuple[int, ...]:
    """Each side's total over the finished ``hands`` (zeros before the first hand)."""
    if not hands:
        return (0,) * sides
    return tuple(
        sum(column) for column in zip(*((side.total for side in hand.sides) for hand in hands), strict=True)
    )
