"""Pods: tables of 4 and 3 (as :func:`~games.events.pairing.sizes.pod_sizes` splits the field).

A pod's cost is (rematches, squares, first-deal clashes): how many of its pairs have shared a table
before or are kept apart by the director, the sum over its pairs of the squared points difference,
and the clashes of :class:`~games.events.pairing.field.Deals` (first deals kept even over the event).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from games.events.pairing.exact import Tier
from games.events.pairing.field import Deals, have_met, kept_apart
from games.events.pairing.groups import Priced, TableFormat
from games.events.pairing.types import Entrant, Reason


def _repeat(first: Entrant, second: Entrant) -> bool:
    """A rematch, or two players kept apart: avoided alike (objective 2)."""
    return have_met(first, second) or kept_apart(first, second)


def _price(players: tuple[Entrant, ...], points: Mapping[int, int], deals: Deals) -> Priced:
    pairs = list(combinations(players, 2))
    repeats = tuple(sorted((min(a.id, b.id), max(a.id, b.id)) for a, b in pairs if have_met(a, b)))
    squares = sum((points[a.id] - points[b.id]) ** 2 for a, b in pairs)
    avoided = sum(_repeat(a, b) for a, b in pairs)
    clash = deals.clash(player.id for player in players)
    return Priced(costs=(avoided, squares, clash), sides=tuple((p.id,) for p in players), repeats=repeats)


def _maxima(size: int, spread: int) -> tuple[int, ...]:
    pairs = size * (size - 1) // 2
    return pairs, pairs * spread, size - 1


def _tiers(players: Sequence[Entrant], points: Mapping[int, int], deals: Deals) -> tuple[Tier, ...]:
    """The exact model's objectives, as :func:`_price` costs them: rematches, squares, clashes."""
    pairs = list(combinations(range(len(players)), 2))
    met = {(i, j): 1 for i, j in pairs if _repeat(players[i], players[j])}
    squares = {(i, j): (points[players[i].id] - points[players[j].id]) ** 2 for i, j in pairs}
    behind = tuple(player.id in deals.behind for player in players)
    return Tier(together=met), Tier(together=squares), Tier(behind=behind, few=deals.few)


def _reason(priced: Priced) -> tuple[Reason, ...]:
    return (Reason("pod", tuple(side[0] for side in priced.sides)),)


PODS = TableFormat(
    name="pods",
    price=_price,
    pair_repeat=_repeat,
    sides=False,
    maxima=_maxima,
    reason=_reason,
    tiers=_tiers,
)
