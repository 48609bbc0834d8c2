"""The best captures of a big table, exactly, without listing every capture (docs/rules/ B8, T10).

On a table of 30 or 50 cards the legal captures run into millions. This search walks down from
the whole table instead: it tries what to *leave*, cheapest first (fewest points, then fewest
cards), and checks each candidate with the :class:`~games.rules.capture.kinds.Splitter`. Two
things keep the candidates few. Cards of a value that no legal capture can use up to their number
are left from the start (per kind, and per value when kinds differ only in points: three 10s
with two aces to pair them, for a Jack of 11). And only candidates whose values can add up to a
multiple of the target are generated: an A* search whose heuristic is the exact cheapest way to
mend the remainder and leave enough of each value.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from games.rules.capture.kinds import WEIGHT_UNIT, Budget, Splitter

_NEVER = 1 << 62
POP_COST = 10  # budget units of one candidate (as many as ten split steps)


def best_vectors(splitter: Splitter, limit: int, budget: Budget) -> tuple[list[int], bool]:
    """Legal count vectors in exact best-first order until ``limit`` card sets (ties included).

    Returns the vectors and whether the order is proven (False: ``budget`` ran out first).
    """
    plan = _plan(splitter, budget)
    kinds, target = splitter.kinds, splitter.target
    heap = [(plan.heuristic(0, 0, 0), 0, 0, 0, 0)]  # (cost + heuristic, left, position, residue, cost)
    found: list[int] = []
    collected, bound = 0, _NEVER
    while heap and heap[0][0] <= bound:
        if not budget.spend(POP_COST):
            return found, False
        priority, left, start, residue, cost = heapq.heappop(heap)
        leaving_ok = plan.class_done(left, start)
        for position in range(start, len(plan.order)):
            kind = plan.order[position]
            if kinds.count(left, kind) < plan.room[position] and plan.may_reach(start, position, leaving_ok):
                more = (left + kinds.unit(kind), (residue + plan.residues[position]) % target)
                estimate = plan.heuristic(more[0], position, more[1])
                if estimate < _NEVER:
                    more_cost = cost + plan.costs[position]
                    heapq.heappush(heap, (more_cost + estimate, more[0], position, more[1], more_cost))
        vector = plan.base - left
        if priority == cost and vector and plan.may_reach(start, len(plan.order), leaving_ok):
            steps = splitter.steps
            if splitter.adds_up(vector, (plan.base_fixed - residue) % target) and splitter.split(vector):
                found.append(vector)
                collected += kinds.multiplicity(vector)
                bound = cost if collected >= limit and bound == _NEVER else bound
            budget.spend(splitter.steps - steps)
    return found, True


@dataclass(slots=True)
class _Plan:
    """What may be left, in which order, at what cost.

    ``base`` is the most that can be taken; ``order`` lists the kinds, those of several values first,
    kinds of one value (a *class*) next to each other; ``room`` how many of each may be left;
    ``least[c]`` how many cards of class ``c`` must be left; ``mend[p][r][s]`` the least cost of
    leaving cards of the kinds from position ``p`` on, adding ``r`` to the residue left, when ``s``
    cards of ``p``'s class are already left before ``p``.
    """

    splitter: Splitter
    base: int
    base_fixed: int
    order: list[int]
    room: list[int]
    costs: list[int]
    residues: list[int]
    classes: list[int]
    least: list[int]
    flexible: int
    mend: list[list[list[int]]]
    needy: list[int] = field(default_factory=list)  # needy[c]: classes before c that must leave cards
    cache: dict[tuple[int, int, int, int, int], int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.needy = [0]
        for least in self.least:
            self.needy.append(self.needy[-1] + (least > 0))

    def before_in_class(self, left: int, position: int) -> int:
        """Cards of ``position``'s class left at earlier positions."""
        count, kinds = 0, self.splitter.kinds
        while position > 0 and self.classes[position - 1] == self.classes[position]:
            position -= 1
            count += kinds.count(left, self.order[position])
        return count

    def class_done(self, left: int, position: int) -> bool:
        """Whether ``position``'s class has enough cards left (what moving past it needs)."""
        if position >= len(self.order):
            return True
        count = self.before_in_class(left, position) + self.splitter.kinds.count(left, self.order[position])
        last = position
        while last + 1 < len(self.order) and self.classes[last + 1] == self.classes[position]:
            last += 1
            count += self.splitter.kinds.count(left, self.order[last])
        return count >= self.least[self.classes[position]]

    def may_reach(self, start: int, position: int, leaving_ok: bool) -> bool:
        """Whether leaving cards at ``position`` (or stopping, past the end) after ``start`` skips no
        class that needs cards left."""
        first = self.classes[start] if start < len(self.order) else len(self.least)
        later = self.classes[position] if position < len(self.order) else len(self.least)
        if later == first:
            return True
        return leaving_ok and self.needy[later] == self.needy[first + 1]

    def heuristic(self, left: int, position: int, residue: int) -> int:
        """The least extra cost of leaving more cards (from ``position`` on) so that what is taken can
        add up to a multiple of the target; ``residue`` is that of the fixed values already left."""
        if position < self.flexible or not self.order:
            return 0  # the cards of several values may still change: no estimate
        flex = self.splitter.flex_residues(self.base - left)
        spare = self.room[position] - self.splitter.kinds.count(left, self.order[position])
        already = self.before_in_class(left, position) + self.splitter.kinds.count(left, self.order[position])
        key = (position, spare, already, flex, (self.base_fixed - residue) % self.splitter.target)
        known = self.cache.get(key)
        if known is None:
            known = self.cache[key] = _cheapest(self, *key)
        return known


def _cheapest(plan: _Plan, position: int, spare: int, already: int, flex: int, fixed: int) -> int:
    target = plan.splitter.target
    last = position + 1 == len(plan.order) or plan.classes[position + 1] != plan.classes[position]
    best = _NEVER
    for flex_sum in range(target):
        if flex >> flex_sum & 1:
            need = (fixed + flex_sum) % target  # the residue that leaving more must remove
            for extra in range(spare + 1):
                rest = (need - extra * plan.residues[position]) % target
                count = already + extra
                if last:
                    tail = (
                        plan.mend[position + 1][rest][0]
                        if count >= plan.least[plan.classes[position]]
                        else _NEVER
                    )
                else:
                    tail = plan.mend[position + 1][rest][count]
                best = min(best, extra * plan.costs[position] + tail)
    return best


def _plan(splitter: Splitter, budget: Budget) -> _Plan:
    kinds = splitter.kinds
    caps = [_most_usable(splitter, (kind,), budget) for kind in range(len(kinds.members))]
    by_class: dict[tuple[int, ...], list[int]] = {}
    for kind in range(len(caps)):
        if caps[kind]:
            by_class.setdefault(kinds.values[kind], []).append(kind)
    groups = sorted(by_class.values(), key=lambda group: (group[0] not in splitter.flex, group[0]))
    order = [kind for group in groups for kind in group]
    least = []
    for group in groups:
        total = sum(caps[kind] for kind in group)
        least.append(max(0, total - _most_usable(splitter, tuple(group), budget)) if len(group) > 1 else 0)
    classes = [index for index, group in enumerate(groups) for _ in group]
    room = [caps[kind] for kind in order]
    costs = [kinds.points[kind] * WEIGHT_UNIT + 1 for kind in order]
    residues = [splitter.fixed[kind] for kind in order]
    mend = _mend_table(room, costs, residues, classes, least, splitter.target)
    flexible = sum(1 for kind in order if kind in splitter.flex)
    base = sum(cap * kinds.unit(kind) for kind, cap in enumerate(caps))
    base_fixed = sum(cap * splitter.fixed[kind] for kind, cap in enumerate(caps)) % splitter.target
    return _Plan(splitter, base, base_fixed, order, room, costs, residues, classes, least, flexible, mend)


def _mend_table(
    room: list[int], costs: list[int], residues: list[int], classes: list[int], least: list[int], target: int
) -> list[list[list[int]]]:
    """``mend[p][r][s]``: see :class:`_Plan`; the row past the end admits only residue 0."""
    sizes: dict[int, int] = {}
    for cls, count in zip(classes, room, strict=True):
        sizes[cls] = sizes.get(cls, 0) + count
    most = max(sizes.values(), default=0) + 1
    mend = [[[0 if residue == 0 else _NEVER] * most for residue in range(target)]]
    for position in range(len(room) - 1, -1, -1):
        after = mend[0]
        last = position + 1 == len(room) or classes[position + 1] != classes[position]
        table = []
        for residue in range(target):
            row = []
            for already in range(most):
                best = _NEVER
                for extra in range(room[position] + 1):
                    rest, count = (residue - extra * residues[position]) % target, already + extra
                    if last:
                        tail = after[rest][0] if count >= least[classes[position]] else _NEVER
                    else:
                        tail = after[rest][count] if count < most else _NEVER
                    best = min(best, extra * costs[position] + tail)
                row.append(best)
            table.append(row)
        mend.insert(0, table)
    return mend


def _most_usable(splitter: Splitter, group: tuple[int, ...], budget: Budget) -> int:
    """How many cards of the kinds ``group`` one legal capture can take (all, when unsure within budget)."""
    kinds = splitter.kinds

    def held(vector: int) -> int:
        return sum(kinds.count(vector, kind) for kind in group)

    total = held(kinds.full)
    patterns = sorted((p for p in splitter.patterns if held(p)), key=lambda p: -held(p))
    if not patterns:
        return 0
    best = 0
    seen: set[int] = set()
    stack = [kinds.full]
    while stack and best < total:
        room = stack.pop()
        best = max(best, total - held(room))
        for pattern in patterns:
            if kinds.fits(pattern, room) and room - pattern not in seen:
                seen.add(room - pattern)
                stack.append(room - pattern)
        if not budget.spend(len(patterns)):
            return total
    return best
