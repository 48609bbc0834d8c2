"""Partners: two against two, a new partner each round, everyone ranked on their own.

A table of four costs (repeated partners and pairs the director keeps apart, squares, side balance,
repeated opponents, first-deal clashes of :class:`~games.events.pairing.field.Deals`), with the split
into sides that is best for the table: squares sum the squared points difference over all six pairs
(the table's players close in points, as a pod), side balance is the squared difference of the two
sides' summed points, and repeated opponents count the pairs across the sides who shared a table
before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from games.events.pairing.exact import Tier
from games.events.pairing.field import Deals, apart_pairs, have_met, have_partnered, kept_apart
from games.events.pairing.groups import Priced, TableFormat
from games.events.pairing.types import Entrant, Reason


def _price(players: tuple[Entrant, ...], points: Mapping[int, int], deals: Deals) -> Priced:
    a, b, c, d = players
    squares = sum((points[x.id] - points[y.id]) ** 2 for x, y in combinations(players, 2))
    options = []
    for index, (first, second) in enumerate((((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c)))):
        repeats = tuple(
            sorted((min(x.id, y.id), max(x.id, y.id)) for x, y in (first, second) if have_partnered(x, y))
        )
        balance = (sum(points[x.id] for x in first) - sum(points[x.id] for x in second)) ** 2
        met = sum(have_met(x, y) for x in first for y in second)
        rank = (len(repeats), balance, met, index)
        options.append((rank, repeats, (tuple(x.id for x in first), tuple(x.id for x in second))))
    rank, repeats, sides = min(options)
    clash = deals.clash(player.id for player in players)
    avoided = rank[0] + len(apart_pairs(players))
    return Priced(costs=(avoided, squares, rank[1], rank[2], clash), sides=sides, repeats=repeats)


def _maxima(size: int, spread: int) -> tuple[int, ...]:
    return 8, 6 * spread, 4 * spread, 4, 3


def _tiers(players: Sequence[Entrant], points: Mapping[int, int], deals: Deals) -> tuple[Tier, ...]:
    """The exact model's objectives, as :func:`_price` costs them: repeated partners, squares, side
    balance (partners ``(pi + pj)^2 + 2*pi*pj``, tablemates ``-2*pi*pj``: :mod:`.exact`), repeated
    opponents (tablemates who met, less partners who met), clashes of first deals."""
    pairs = list(combinations(range(len(players)), 2))
    score = [points[player.id] for player in players]
    repeats = {(i, j): 1 for i, j in pairs if have_partnered(players[i], players[j])}
    met = {(i, j): 1 for i, j in pairs if have_met(players[i], players[j])}
    return (
        Tier(
            partners=repeats,
            together={(i, j): 1 for i, j in pairs if kept_apart(players[i], players[j])},
        ),
        Tier(together={(i, j): (score[i] - score[j]) ** 2 for i, j in pairs}),
        Tier(
            together={(i, j): -2 * score[i] * score[j] for i, j in pairs},
            partners={(i, j): (score[i] + score[j]) ** 2 + 2 * score[i] * score[j] for i, j in pairs},
        ),
        Tier(together=met, partners={pair: -1 for pair in met}),
        Tier(behind=tuple(player.id in deals.behind for player in players), few=deals.few),
    )


def _reason(priced: Priced) -> tuple[Reason, ...]:
    if priced.repeats:
        return ()
    return (Reason("new_partners", tuple(player for side in priced.sides for player in side)),)


PARTNERS = TableFormat(
    name="partners",
    price=_price,
    pair_repeat=None,
    sides=True,
    maxima=_maxima,
    reason=_reason,
    tiers=_tiers,
)
