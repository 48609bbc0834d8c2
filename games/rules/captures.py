"""The capture search of the fishing games: which table cards a played card may take (RULES.md B8, T10, E5).

Game-agnostic: a table card is a tuple of its possible values (a Tablo ace is ``(1, 11)``, a trailed
Tamlin Jack is ``()``), and the played card gives one or more targets. A capture is a set of table
cards split into disjoint *groups*, each summing to one target (a lone card of equal value is a group
too); :class:`CaptureMode` says how many groups and how many cards a group may have.

Cards with the same values and points are interchangeable, so the search runs on *kinds* (count
vectors packed into one int, a few bits per kind) and expands to card sets only for the answer.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product
from math import comb

Groups = tuple[tuple[int, ...], ...]

DEFAULT_BUDGET = 60_000
"""Work units (pattern fits and partition steps) before the search stops early (``complete=False``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CaptureMode:
    """How a capture is made of groups.

    ``single_group``: exactly one group (Escoba E5), else any number of disjoint groups (Tablo B8,
    Tamlin T10). ``max_size``: most cards in a group (Escoba ``pair``: 2). ``equal_first``: when a
    lone table card equals the target, only lone equal cards may be taken (Escoba
    ``capture_priority``, 3.2(b)).
    """

    single_group: bool = False
    max_size: int | None = None
    equal_first: bool = False


MANY_GROUPS = CaptureMode()


@dataclass(frozen=True, slots=True)
class Board:
    """The table as the search sees it: each card's possible values and its points, by table index."""

    values: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Found:
    """One legal capture: table indices taken, one valid grouping, their points, whether it sweeps."""

    taken: tuple[int, ...]
    groups: Groups
    points: int
    sweep: bool


@dataclass(frozen=True, slots=True)
class CaptureSearch:
    """The best captures, best first; ``count`` distinct capture sets (a lower bound unless ``complete``)."""

    captures: tuple[Found, ...]
    count: int
    complete: bool


@dataclass(frozen=True, slots=True)
class _Kinds:
    """Table cards sorted into kinds; a count vector packs ``width`` bits per kind (top bit = guard)."""

    members: tuple[tuple[int, ...], ...]
    values: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    width: int
    full: int
    guard: int

    def count(self, vector: int, kind: int) -> int:
        return (vector >> (kind * self.width)) & ((1 << (self.width - 1)) - 1)

    def counts(self, vector: int) -> list[int]:
        return [self.count(vector, kind) for kind in range(len(self.members))]

    def fits(self, part: int, room: int) -> bool:
        """Every count of ``part`` is at most that of ``room`` (no field borrows past its guard)."""
        guard = self.guard
        return ((room | guard) - part) & guard == guard

    def multiplicity(self, vector: int) -> int:
        """How many card sets have this count vector."""
        result = 1
        for kind, members in enumerate(self.members):
            result *= comb(len(members), self.count(vector, kind))
        return result

    def cost(self, vector: int) -> tuple[int, int]:
        """(points, cards) of a count vector."""
        counts = self.counts(vector)
        return sum(map(int.__mul__, counts, self.points)), sum(counts)

    def lowest(self, vector: int) -> int:
        """The first kind with a nonzero count."""
        return ((vector & -vector).bit_length() - 1) // self.width

    def is_lone(self, vector: int) -> bool:
        """Exactly one card."""
        return vector & (vector - 1) == 0 and (vector.bit_length() - 1) % self.width == 0


def _kinds(board: Board, indices: Sequence[int]) -> _Kinds:
    by_kind: dict[tuple[tuple[int, ...], int], list[int]] = {}
    for index in indices:
        values = tuple(sorted(set(board.values[index])))
        by_kind.setdefault((values, board.points[index]), []).append(index)
    width = max((len(members) for members in by_kind.values()), default=1).bit_length() + 1
    full = guard = 0
    for kind, members in enumerate(by_kind.values()):
        full |= len(members) << (kind * width)
        guard |= 1 << (kind * width + width - 1)
    return _Kinds(
        members=tuple(tuple(members) for members in by_kind.values()),
        values=tuple(values for values, _ in by_kind),
        points=tuple(points for _, points in by_kind),
        width=width,
        full=full,
        guard=guard,
    )


def _patterns(kinds: _Kinds, target: int, mode: CaptureMode) -> list[int]:
    """Every group for ``target``, as a count vector: kinds whose values can add up to ``target``."""
    if target <= 0:
        return []
    mask = (1 << (target + 1)) - 1
    max_size = mode.max_size or target
    steps: list[tuple[int, list[tuple[int, tuple[int, ...], int]]]] = []
    for kind, values in enumerate(kinds.values):
        if values and values[0] <= target:
            steps.append((values[0], _copies(kinds, kind, values, mask)))
    steps.sort(key=lambda step: step[0])
    found: list[int] = []

    def walk(start: int, sums: int, vector: int, size: int) -> None:
        lowest = (sums & -sums).bit_length() - 1
        for position in range(start, len(steps)):
            least, copies = steps[position]
            if lowest + least > target:
                break
            for count, adds, unit in copies:
                if size + count > max_size:
                    break
                reached = 0
                for add in adds:
                    reached |= sums << add
                reached &= mask
                if not reached:
                    break
                grown = vector + unit
                if reached >> target & 1:
                    found.append(grown)
                walk(position + 1, reached, grown, size + count)

    walk(0, 1, 0, 0)
    if mode.equal_first:
        lone = [pattern for pattern in found if kinds.is_lone(pattern)]
        return lone or found
    return found


def _copies(
    kinds: _Kinds, kind: int, values: tuple[int, ...], mask: int
) -> list[tuple[int, tuple[int, ...], int]]:
    """For 1, 2, ... cards of ``kind``: the sums they can make (bits of ``mask``) and the count unit."""
    copies = []
    sums = 1
    for count in range(1, len(kinds.members[kind]) + 1):
        grown = 0
        for value in values:
            grown |= sums << value
        sums = grown & mask
        if not sums:
            break
        adds = tuple(bit for bit in range(mask.bit_length()) if sums >> bit & 1)
        copies.append((count, adds, count << (kind * kinds.width)))
    return copies


class _Splitter:
    """Memoised partition of a count vector into disjoint groups of one target."""

    def __init__(self, kinds: _Kinds, patterns: list[int], mode: CaptureMode) -> None:
        self.kinds = kinds
        self.single = mode.single_group
        self.patterns = set(patterns)
        self.by_lowest: dict[int, list[int]] = {}
        for pattern in sorted(patterns, reverse=True):
            self.by_lowest.setdefault(kinds.lowest(pattern), []).append(pattern)
        self.memo: dict[int, int] = {0: 0}
        self.steps = 0

    def split(self, vector: int) -> list[int] | None:
        """The groups (count vectors) that make up ``vector``, or ``None`` when it cannot be split."""
        if self.single:
            return [vector] if vector in self.patterns else None
        if not self._can(vector):
            return None
        parts = []
        while vector:
            part = self.memo[vector]
            parts.append(part)
            vector -= part
        return parts

    def _can(self, vector: int) -> bool:
        known = self.memo.get(vector)
        if known is not None:
            return known >= 0
        fits = self.kinds.fits
        for pattern in self.by_lowest.get(self.kinds.lowest(vector), ()):
            self.steps += 1
            if fits(pattern, vector) and self._can(vector - pattern):
                self.memo[vector] = pattern
                return True
        self.memo[vector] = -1
        return False


def find_grouping(
    board: Board, targets: Sequence[int], taken: Sequence[int], mode: CaptureMode = MANY_GROUPS
) -> Groups | None:
    """One valid split of the ``taken`` table indices into groups, or ``None`` if the capture is illegal.

    ``taken`` must be distinct indices of ``board``; taking nothing is no capture.
    """
    if not taken:
        return None
    kinds = _kinds(board, taken)
    free = replace(mode, equal_first=False)
    for target in targets:
        if mode.equal_first and any(target in values for values in board.values):
            if len(taken) == 1 and target in board.values[taken[0]]:
                return ((taken[0],),)
            continue
        parts = _Splitter(kinds, _patterns(kinds, target, free), free).split(kinds.full)
        if parts is not None:
            return _assign(kinds, parts, kinds.members)
    return None


def can_capture(board: Board, targets: Sequence[int], mode: CaptureMode = MANY_GROUPS) -> bool:
    """Whether any capture exists (Escoba and Tamlin captures are compulsory: E6, T9)."""
    sizes = mode.max_size or 1  # without a size limit, track one set of sums for any size
    for target in targets:
        if target <= 0:
            continue
        mask = (1 << (target + 1)) - 1
        reach = [1] + [0] * sizes  # reach[k]: sums made by exactly k cards (by any, without a limit)
        for values in board.values:
            for size in range(sizes, 0, -1):
                below = reach[size - 1] if mode.max_size else reach[0] | reach[1]
                for value in values:
                    reach[size] |= (below << value) & mask
        if any(sums >> target & 1 for sums in reach[1:]):
            return True
    return False


def is_sweep(board: Board, taken: Sequence[int]) -> bool:
    """Whether a capture takes the whole table (a tablo, an escoba, a tamlin: B9, E7, T12)."""
    return bool(taken) and len(set(taken)) == len(board.values)


def legal_captures(
    board: Board,
    targets: Sequence[int],
    mode: CaptureMode = MANY_GROUPS,
    *,
    limit: int = 20,
    budget: int = DEFAULT_BUDGET,
) -> CaptureSearch:
    """The ``limit`` best legal captures, ordered sweep first, then points, then cards taken.

    Every capture set is counted once however many groupings it has. When the work exceeds
    ``budget`` the count is a lower bound (``complete=False``), but the best captures are still
    searched for exactly, from the whole table down.
    """
    kinds = _kinds(board, range(len(board.values)))
    splitters = [_Splitter(kinds, _patterns(kinds, target, mode), mode) for target in targets]
    known: dict[int, _Splitter] = {}
    complete = True
    for splitter in splitters:
        reached, done = _closure(splitter, budget)
        complete = complete and done
        for vector in reached:
            known.setdefault(vector, splitter)
    if not complete:
        for vector, splitter in _best_first(kinds, splitters, limit, budget):
            known.setdefault(vector, splitter)
    left = kinds.full
    ranked = heapq.nsmallest(limit, known, key=lambda vector: (kinds.cost(left - vector), left - vector))
    captures = tuple(_expand(kinds, known, ranked, limit))
    return CaptureSearch(captures=captures, count=sum(map(kinds.multiplicity, known)), complete=complete)


def _closure(splitter: _Splitter, budget: int) -> tuple[list[int], bool]:
    """Every union of disjoint groups, depth-first; each is remembered as one group plus a smaller union."""
    kinds, full = splitter.kinds, splitter.kinds.full
    patterns = sorted(splitter.patterns, reverse=True)
    if splitter.single:
        return patterns, True
    memo = splitter.memo
    reached: list[int] = []
    stack = [(0, patterns)]
    work = 0
    fits = kinds.fits
    while stack:
        vector, candidates = stack.pop()
        room = full - vector
        fitting = [pattern for pattern in candidates if fits(pattern, room)]
        work += len(candidates)
        for pattern in fitting:
            grown = vector + pattern
            if grown not in memo:
                memo[grown] = pattern
                reached.append(grown)
                stack.append((grown, fitting))
        if work > budget:
            return reached, False
    return reached, True


def _best_first(
    kinds: _Kinds, splitters: list[_Splitter], limit: int, budget: int
) -> Iterator[tuple[int, _Splitter]]:
    """Legal count vectors in exact best-first order: the fewest points, then cards, left on the table."""
    width = kinds.width
    sizes = [len(members) for members in kinds.members]
    heap: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
    collected = work = 0
    while heap and collected < limit and work <= budget:
        points, cards, left, start = heapq.heappop(heap)
        for kind in range(start, len(sizes)):
            if kinds.count(left, kind) < sizes[kind]:
                heapq.heappush(
                    heap, (points + kinds.points[kind], cards + 1, left + (1 << (kind * width)), kind)
                )
        vector = kinds.full - left
        work += 1
        if not vector:
            continue
        for splitter in splitters:
            before = splitter.steps
            parts = splitter.split(vector)
            work += splitter.steps - before
            if parts is not None:
                collected += kinds.multiplicity(vector)
                yield vector, splitter
                break


def _expand(kinds: _Kinds, known: dict[int, _Splitter], ranked: list[int], limit: int) -> Iterator[Found]:
    """Card sets of the ranked count vectors, ``limit`` at most, each with one grouping."""
    produced = 0
    for vector in ranked:
        parts = known[vector].split(vector)
        assert parts is not None  # every known vector was split when it was found
        points = kinds.cost(vector)[0]
        sweep = vector == kinds.full
        choices = [
            combinations(members, kinds.count(vector, kind)) for kind, members in enumerate(kinds.members)
        ]
        for chosen in product(*choices):
            groups = _assign(kinds, parts, chosen)
            taken = tuple(sorted(index for group in groups for index in group))
            yield Found(taken=taken, groups=groups, points=points, sweep=sweep)
            produced += 1
            if produced >= limit:
                return


def _assign(kinds: _Kinds, parts: list[int], chosen: Sequence[Sequence[int]]) -> Groups:
    """Deal the chosen table indices of each kind out to the groups (count vectors) ``parts``."""
    groups: list[list[int]] = [[] for _ in parts]
    for kind, indices in enumerate(chosen):
        position = 0
        for group, part in enumerate(parts):
            need = kinds.count(part, kind)
            groups[group].extend(indices[position : position + need])
            position += need
    return tuple(sorted(tuple(sorted(group)) for group in groups))
