"""The one best capture of a big table, by filling groups value by value (docs/rules/ B8, T10).

The review asks, for every card a seat held, the best capture on tables of up to 51 cards, where the
leave-the-cheapest-first search of :mod:`~games.rules.capture.best` may have to refute thousands of
near-sweeps. This search walks the card values from the highest down instead. Its state is the
multiset of *needs*: what each open group still lacks to reach the target. A card joins an open
group or opens one, and a group that reaches the target closes. A capture is a walk that ends with
no open group. Two rules keep the states few. A card whose value a group lacks exactly closes that
group, because whatever would have filled the group could take the card's place. And a state is
dropped when the cards below cannot add up to what the needs lack (a Hall-type count for each
value). The walk is an A* search on what is left on the table: its cost is the weight left, then
the count vector left (both add up card by card), so the first capture found is the best: most
points, then most cards, and among equals the largest count vector, the same tie rule as the
listing; and, the cost telling every capture apart, the deepest state is walked first among equals.
Its estimate is a count modulo the target: the cards a capture takes add up to a multiple of it, so
when the cards still to come (each flexible one at any of its values) cannot make the open groups'
needs up to a multiple of the target, at least one of them is left, and the cheapest one's cost is
added. That refutes the near-sweeps of a big table of small cards at once.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from games.rules.capture.kinds import WEIGHT_UNIT, Budget, Kinds

Needs = tuple[int, ...]  # needs[r]: open groups that lack r (r from 1 to target - 1; needs[0] unused)
_NO_CARD = -1  # the least cost of no cards


def best_vector(kinds: Kinds, target: int, budget: Budget) -> tuple[int | None, bool]:
    """The best count vector that splits into disjoint groups adding up to ``target``, or ``None``
    when no capture exists; and whether that is proven (False: ``budget`` ran out first)."""
    walk = _Walk.of(kinds, target, budget)
    start: Needs = (0,) * target
    end = len(walk.levels)
    # (cost so far and the estimate, -level, needs, flex left, weight left, vector taken)
    frontier = [(walk.estimate(0, start, walk.flex_start) or 0, 0, 0, start, walk.flex_start, 0, 0)]
    settled: set[tuple[int, Needs, tuple[int, ...]]] = set()
    while frontier:
        _, negative_level, _, needs, flex, left, vector = heapq.heappop(frontier)
        level = -negative_level
        if level == end:
            return (vector or None), True
        if (level, needs, flex) in settled:
            continue
        settled.add((level, needs, flex))
        if not walk.fillable(level, needs, flex):
            continue
        for more_left, more, needs_after, flex_after in walk.steps(level, needs, flex):
            if not budget.spend(1):
                return None, False
            if (level + 1, needs_after, flex_after) not in settled:
                now, taken = left + more_left, vector + more
                more_cost = walk.estimate(level + 1, needs_after, flex_after)
                if more_cost is None:
                    continue  # its needs can never be filled
                guess = walk.cost(level + 1, flex_after, now, taken) + more_cost
                heapq.heappush(
                    frontier, (guess, -level - 1, _lacking(needs_after), needs_after, flex_after, now, taken)
                )
    return None, True  # never: taking nothing always ends the walk


@dataclass(frozen=True, slots=True)
class _Level:
    """The cards of one value: ``fixed`` the best ways to take some of its kinds of one value, as
    (cards, weight left, vector taken), one per number of cards; ``flexible`` its kinds of several
    values as (kind, index in the flex counts, weight, whether this is the kind's lowest value)."""

    value: int
    fixed: tuple[tuple[int, int, int], ...]
    flexible: tuple[tuple[int, int, int, bool], ...]


@dataclass(frozen=True, slots=True)
class _Walk:
    """One search's levels, highest value first; ``supply[u]``: the sum of the cards of one value of
    at most ``u``; ``tops[i][u]``: the highest value of flexible kind ``i`` of at most ``u``;
    ``rest[i]``: the sum and the least cost of the cards of one value from level ``i`` on, and
    ``passed[i]`` the vector of those before it; ``flex_kinds``: each flexible kind's usable values,
    cost and unit vector; ``shift``: where a cost's weight starts above its vector; ``caps``,
    ``filled`` and ``sums`` remember :meth:`cap`, :meth:`fillable` and :meth:`_flex_sums`."""

    kinds: Kinds
    target: int
    levels: tuple[_Level, ...]
    flex_start: tuple[int, ...]
    supply: tuple[int, ...]
    tops: tuple[tuple[int, ...], ...]
    rest: tuple[tuple[int, int], ...]
    passed: tuple[int, ...]
    flex_kinds: tuple[tuple[tuple[int, ...], int, int], ...]
    shift: int
    budget: Budget
    caps: dict[tuple[int, tuple[int, ...]], tuple[int, ...]]
    filled: dict[tuple[int, Needs, tuple[int, ...]], bool]
    sums: dict[tuple[int, tuple[int, ...]], int]

    @classmethod
    def of(cls, kinds: Kinds, target: int, budget: Budget) -> _Walk:
        sums = [0] * (target + 1)
        fixed: dict[int, list[tuple[int, int, int]]] = {}
        flex: list[tuple[int, tuple[int, ...]]] = []  # (kind, usable values, lowest first)
        for kind, values in enumerate(kinds.values):
            usable = tuple(sorted({value for value in values if 0 < value <= target}))
            count, weight = len(kinds.members[kind]), kinds.points[kind] * WEIGHT_UNIT + 1
            if len(usable) == 1:
                fixed.setdefault(usable[0], []).append((kind, count, weight))
                sums[usable[0]] += count * usable[0]
            elif usable:
                flex.append((kind, usable))
        for value in range(1, target + 1):
            sums[value] += sums[value - 1]
        levels = tuple(
            _Level(
                value,
                _fixed_ways(kinds, fixed.get(value, []), lone=value == target),
                tuple(
                    (kind, index, kinds.points[kind] * WEIGHT_UNIT + 1, usable[0] == value)
                    for index, (kind, usable) in enumerate(flex)
                    if value in usable
                ),
            )
            for value in sorted({*fixed, *(value for _, each in flex for value in each)}, reverse=True)
        )
        start = tuple(len(kinds.members[kind]) for kind, _ in flex)
        tops = tuple(
            tuple(max((value for value in usable if value <= most), default=0) for most in range(target + 1))
            for _, usable in flex
        )
        shift = kinds.full.bit_length() + 1
        rest, passed = [(0, _NO_CARD)], [0]
        for level in reversed(levels):
            total, least = rest[-1]
            for kind, count, weight in fixed.get(level.value, []):  # a lone group's cards are never left
                total += count * level.value
                if level.value != target:
                    cost = (weight << shift) + kinds.unit(kind)
                    least = cost if least == _NO_CARD else min(least, cost)
            rest.append((total, least))
        for level in levels:
            passed.append(
                passed[-1] + sum(count * kinds.unit(kind) for kind, count, _ in fixed.get(level.value, []))
            )
        flex_kinds = tuple(
            (usable, ((kinds.points[kind] * WEIGHT_UNIT + 1) << shift) + kinds.unit(kind), kinds.unit(kind))
            for kind, usable in flex
        )
        return cls(
            kinds,
            target,
            levels,
            start,
            tuple(sums),
            tops,
            tuple(reversed(rest)),
            tuple(passed),
            flex_kinds,
            shift,
            budget,
            {},
            {},
            {},
        )

    def cost(self, index: int, flex: tuple[int, ...], left: int, taken: int) -> int:
        """The cost of a walk to level ``index`` that left ``left`` weight and took ``taken``: the
        weight, then the vector of the cards passed and not taken."""
        passed = self.passed[index] - taken
        for held, start, (_, _, unit) in zip(flex, self.flex_start, self.flex_kinds, strict=True):
            passed += (start - held) * unit
        return (left << self.shift) + passed

    def estimate(self, index: int, needs: Needs, flex: tuple[int, ...]) -> int | None:
        """At least the cost the walk still adds from this state: 0, or the cheapest card to come
        when the cards to come cannot make the needs up to a multiple of the target (whatever the
        values their flexible ones take); ``None`` when no card to come could mend that."""
        if index == len(self.levels):
            return 0
        total, least = self.rest[index]
        short = (total - _lacking(needs)) % self.target
        if self._flex_sums(index, flex) >> ((self.target - short) % self.target) & 1:
            return 0
        costs = [cost for held, (_, cost, _) in zip(flex, self.flex_kinds, strict=True) if held]
        if least != _NO_CARD:
            costs.append(least)
        return min(costs, default=None)

    def _flex_sums(self, index: int, flex: tuple[int, ...]) -> int:
        """The sums modulo the target that the flexible cards ``flex`` make, each at one of its values
        up to level ``index``'s, as a bit mask."""
        key = (index, flex)
        known = self.sums.get(key)
        if known is None:
            target, most, known = self.target, self.levels[index].value, 1
            every = (1 << target) - 1
            for held, (usable, _, _) in zip(flex, self.flex_kinds, strict=True):
                for _ in range(held):
                    grown = 0
                    for value in usable:
                        if value <= most:
                            shift = value % target
                            grown |= ((known << shift) | (known >> (target - shift))) & every
                    known = grown
            self.sums[key] = known
        return known

    def steps(
        self, index: int, needs: Needs, flex: tuple[int, ...]
    ) -> Iterator[tuple[int, int, Needs, tuple[int, ...]]]:
        """From ``needs`` and the flexible cards not yet used, each way on past level ``index``: the
        weight it leaves, the vector it takes, the needs and flexible cards after it."""
        level = self.levels[index]
        for flex_cards, flex_left, flex_vector, flex_after in self._flexible_ways(level, flex):
            cap = self.cap(index, flex_after)
            for cards, left, vector in level.fixed:
                for needs_after in _placed(needs, level.value, cards + flex_cards, self.target):
                    if _fits(needs_after, cap):
                        yield left + flex_left, vector + flex_vector, needs_after, flex_after

    def fillable(self, index: int, needs: Needs, flex: tuple[int, ...]) -> bool:
        """Whether the cards from level ``index`` on can fill every need exactly, the others left:
        whether the state can end in a capture at all (True when the budget ran out)."""
        if not any(needs):
            return True
        if index == len(self.levels):
            return False
        key = (index, needs, flex)
        known = self.filled.get(key)
        if known is None:
            if not self.budget.spend(1):
                return True  # unsure: the search itself stops at its next step
            known = self.filled[key] = any(
                self.fillable(index + 1, needs_after, flex_after)
                for needs_after, flex_after in self._joins(index, needs, flex)
            )
        return known

    def _joins(
        self, index: int, needs: Needs, flex: tuple[int, ...]
    ) -> Iterator[tuple[Needs, tuple[int, ...]]]:
        """The needs and flexible cards after cards of level ``index`` join open groups, most cards first."""
        level = self.levels[index]
        for flex_cards, _, _, flex_after in reversed(self._flexible_ways(level, flex)):
            cap = self.cap(index, flex_after)
            for cards, _, _ in reversed(level.fixed):
                for needs_after in _joined(needs, level.value, cards + flex_cards):
                    if _fits(needs_after, cap):
                        yield needs_after, flex_after

    def _flexible_ways(
        self, level: _Level, flex: tuple[int, ...]
    ) -> list[tuple[int, int, int, tuple[int, ...]]]:
        """Each way to take flexible cards as ``level``'s value: (cards, weight left, vector, flex after)."""
        ways = [(0, 0, 0, flex)]
        for kind, index, weight, last in level.flexible:
            grown = []
            for cards, left, vector, before in ways:
                held = before[index]
                for taken in range(held + 1):
                    after = (*before[:index], 0 if last else held - taken, *before[index + 1 :])
                    more_left = (held - taken) * weight if last else 0
                    grown.append(
                        (cards + taken, left + more_left, vector + taken * self.kinds.unit(kind), after)
                    )
            ways = grown
        return ways

    def cap(self, index: int, flex: tuple[int, ...]) -> tuple[int, ...]:
        """``cap[u]``: the most the cards below level ``index`` (``flex`` of the flexible ones) add to
        groups lacking at most ``u``: each card at its highest value up to ``u``."""
        key = (index, flex)
        known = self.caps.get(key)
        if known is None:
            reach = [min(lack, self.levels[index].value - 1) for lack in range(self.target)]
            sums = [self.supply[most] for most in reach]
            for held, top in zip(flex, self.tops, strict=True):
                if held:
                    sums = [total + held * top[most] for total, most in zip(sums, reach, strict=True)]
            known = self.caps[key] = tuple(sums)
        return known


def _fixed_ways(
    kinds: Kinds, fixed: list[tuple[int, int, int]], lone: bool
) -> tuple[tuple[int, int, int], ...]:
    """The best way to take each number of cards of ``fixed`` (kind, count, weight), all of one value:
    least weight left, then the largest vector. A lone group's cards are all taken."""
    ways = [(0, 0, 0)]  # (cards, left, vector)
    for kind, count, weight in fixed:
        unit = kinds.unit(kind)
        best: dict[int, tuple[int, int]] = {}
        for cards, left, vector in ways:
            for taken in range(count if lone else 0, count + 1):
                way = (left + (count - taken) * weight, -(vector + taken * unit))
                if cards + taken not in best or way < best[cards + taken]:
                    best[cards + taken] = way
        ways = [(cards, left, -negative) for cards, (left, negative) in sorted(best.items())]
    return tuple(ways)


def _fits(needs: Needs, cap: tuple[int, ...]) -> bool:
    """Whether, for each ``u``, the needs of at most ``u`` add up to no more than ``cap[u]`` (a group
    lacking ``r`` takes only cards of ``r`` or less)."""
    lacking = 0
    for lack, count in enumerate(needs):
        if count:
            lacking += lack * count
            if lacking > cap[lack]:
                return False
    return True


@lru_cache(maxsize=1 << 16)
def _lacking(needs: Needs) -> int:
    """What the open groups lack in all."""
    return sum(lack * count for lack, count in enumerate(needs) if count)


@lru_cache(maxsize=1 << 16)
def _placed(needs: Needs, value: int, cards: int, target: int) -> tuple[Needs, ...]:
    """Every needs multiset after ``cards`` cards of ``value`` join or open groups of ``target``."""
    if cards == 0 or value == target:  # a card of the target's value is a group alone
        return (needs,)
    if needs[value]:  # closing a group that lacks exactly this card is never worse
        grown = list(needs)
        grown[value] -= 1
        return _placed(tuple(grown), value, cards - 1, target)
    results: set[Needs] = set()
    for lacking in range(value + 1, target + 1):
        if lacking == target or needs[lacking]:
            grown = list(needs)
            if lacking < target:
                grown[lacking] -= 1
            grown[lacking - value] += 1
            results.update(_placed(tuple(grown), value, cards - 1, target))
    return tuple(results)


@lru_cache(maxsize=1 << 16)
def _joined(needs: Needs, value: int, cards: int) -> tuple[Needs, ...]:
    """Every needs multiset after ``cards`` cards of ``value`` join open groups (none opened); none
    when they cannot all join."""
    if cards == 0:
        return (needs,)
    if value < len(needs) and needs[value]:
        grown = list(needs)
        grown[value] -= 1
        return _joined(tuple(grown), value, cards - 1)
    results: set[Needs] = set()
    for lacking in range(value + 1, len(needs)):
        if needs[lacking]:
            grown = list(needs)
            grown[lacking] -= 1
            grown[lacking - value] += 1
            results.update(_joined(tuple(grown), value, cards - 1))
    return tuple(results)
