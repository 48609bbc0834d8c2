"""The capture search of the fishing games: which table cards a played card may take (docs/rules/ B8, T10,
E5).

Game-agnostic: a table card is a tuple of its possible values (a Tablo ace is ``(1, 11)``, a trailed
Tamlin Jack is ``()``), and the played card gives one or more targets. A capture is a set of table
cards split into disjoint *groups*, each summing to one target (a lone card of equal value is a group
too); :class:`CaptureMode` says how many groups and how many cards a group may have.

The search runs on kinds of interchangeable cards (:mod:`games.rules.capture.kinds`): every union
of disjoint groups is reached once, depth-first, and expanded to card sets only for the answer.
When that is too much work, :mod:`games.rules.capture.best` still finds the best captures.

>>> ace = (1, 11)
>>> board = Board(values=((3,), (10,), ace), points=(0, 1, 1))  # TB-5: 3 10 A, a King (14) is played
>>> [(found.taken, found.sweep) for found in legal_captures(board, (14,)).captures]
[((0, 1, 2), True), ((0, 2), False)]
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, combinations, product

from games.rules.capture.best import best_vectors
from games.rules.capture.filling import best_vector
from games.rules.capture.kinds import (
    MANY_GROUPS,
    WEIGHT_UNIT,
    Board,
    Budget,
    CaptureMode,
    Kinds,
    Splitter,
    group_patterns,
    kinds_of,
)

__all__ = [
    "MANY_GROUPS",
    "Board",
    "CaptureMode",
    "CaptureSearch",
    "Found",
    "Kinds",
    "can_capture",
    "find_grouping",
    "is_sweep",
    "kinds_of",
    "legal_captures",
    "only_group",
]

Groups = tuple[tuple[int, ...], ...]

DEFAULT_BUDGET = 22_000
"""Work units (about a microsecond each) before the search stops early; listing every capture may use
half, the rest is kept for finding the best ones."""


@dataclass(frozen=True, slots=True)
class Found:
    """One legal capture: table indices taken, their points, whether it sweeps, and one valid grouping
    (:attr:`groups`, worked out when asked for: listing every capture does not need them)."""

    taken: tuple[int, ...]
    points: int
    sweep: bool
    source: tuple[Splitter, int, tuple[tuple[int, ...], ...]] = field(repr=False, compare=False)

    @property
    def groups(self) -> Groups:
        """Split the count vector, then deal the chosen cards of each kind out to its groups."""
        splitter, vector, chosen = self.source
        parts = splitter.split(vector)
        assert parts is not None  # a found vector always splits
        kinds = splitter.kinds
        picked = dict(zip((kind for kind, _ in kinds.spread(vector)), chosen, strict=True))
        return _assign(kinds, parts, picked)


@dataclass(frozen=True, slots=True)
class CaptureSearch:
    """The best captures, best first.

    ``count``: distinct capture sets, a lower bound unless ``complete``. ``exact``: the captures
    listed are proven to be the best ones in order (always so when ``complete``).
    """

    captures: tuple[Found, ...]
    count: int
    complete: bool
    exact: bool = True


def find_grouping(
    board: Board, targets: Sequence[int], taken: Sequence[int], mode: CaptureMode = MANY_GROUPS
) -> Groups | None:
    """One valid split of the ``taken`` table indices into groups, or ``None`` if the capture is illegal.

    ``taken`` must be distinct indices of ``board``; taking nothing is no capture.
    """
    groups: Groups | None
    for target in targets if taken else ():
        if mode.equal_first and any(target in values for values in board.values):
            groups = ((taken[0],),) if len(taken) == 1 and target in board.values[taken[0]] else None
        elif mode.single_group:
            groups = (tuple(sorted(taken)),) if _is_group(board, taken, target, mode.max_size) else None
        elif len(taken) <= SMALL:
            order = sorted(taken, key=lambda index: -max(board.values[index], default=0))
            split = _small_split(board, tuple(order), target)
            groups = None if split is None else tuple(sorted(split))
        else:
            kinds = kinds_of(board, taken)
            parts = Splitter(kinds, target, mode).split(kinds.full)
            groups = None if parts is None else _assign(kinds, parts, dict(enumerate(kinds.members)))
        if groups is not None:
            return groups
    return None


SMALL = 8  # up to this many cards taken, trying groups directly is faster than building all the patterns


def _is_group(board: Board, cards: Sequence[int], target: int, max_size: int | None) -> bool:
    if max_size is not None and len(cards) > max_size:
        return False
    sums, mask = 1, (1 << (target + 1)) - 1
    for index in cards:
        sums = _shifted(sums, board.values[index], mask)
    return bool(sums >> target & 1)


def _shifted(sums: int, values: Sequence[int], mask: int) -> int:
    grown = 0
    for value in values:
        grown |= sums << value
    return grown & mask


def _small_split(board: Board, rest: tuple[int, ...], target: int) -> list[tuple[int, ...]] | None:
    """Groups for every card of ``rest`` (the highest first, in a group with some of the others)."""
    if not rest:
        return []
    first, others = rest[0], rest[1:]
    for value in set(board.values[first]):
        for mates in _adding_up(board, others, target - value, 0):
            tail = _small_split(board, tuple(index for index in others if index not in mates), target)
            if tail is not None:
                return [tuple(sorted((first, *mates))), *tail]
    return None


def _adding_up(board: Board, cards: tuple[int, ...], need: int, start: int) -> Iterator[tuple[int, ...]]:
    """Sets of ``cards`` (from position ``start``) whose values can add up to ``need``."""
    if need == 0:
        yield ()
        return
    for position in range(start, len(cards)):
        for value in set(board.values[cards[position]]):
            if 0 < value <= need:
                for rest in _adding_up(board, cards, need - value, position + 1):
                    yield (cards[position], *rest)


def only_group(
    kinds: Kinds, targets: Sequence[int], mode: CaptureMode = MANY_GROUPS
) -> tuple[int, ...] | None:
    """The table indices (of the table sorted into ``kinds``) of the one group of cards that reaches
    one of ``targets``, when there is exactly one: it is then the only capture, in any mode (each group
    alone is a capture). ``None`` when there are none or several."""
    patterns = {pattern for target in targets for pattern in group_patterns(kinds, target, mode)}
    if len(patterns) != 1:
        return None
    (pattern,) = patterns
    if kinds.multiplicity(pattern) != 1:  # some of a kind's cards, and any of them would do
        return None
    return tuple(sorted(index for kind, _ in kinds.spread(pattern) for index in kinds.members[kind]))


def can_capture(board: Board, targets: Sequence[int], mode: CaptureMode = MANY_GROUPS) -> bool:
    """Whether any capture exists (Escoba and Tamlin captures are compulsory: E6, T9)."""
    sizes = mode.max_size or 1  # without a size limit, one set of sums for any number of cards
    for target in targets:
        if target <= 0:
            continue
        mask = (1 << (target + 1)) - 1
        reach = [1] + [0] * sizes  # reach[k]: sums made by exactly k cards (by one or more, unlimited)
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
    counted: bool = True,
) -> CaptureSearch:
    """The ``limit`` best legal captures, ordered sweep first, then points, then cards taken.

    Every capture set is counted once however many groupings it has. When listing every capture
    would take more than ``budget``, the count is a lower bound (``complete=False``) and the best
    captures are searched for from the whole table down. ``counted=False`` skips counting the card
    sets (``count`` is then the number of count vectors found) for callers that only want the best;
    asking them for the one best capture of a table of more than :data:`LISTED` cards skips the listing
    and searches from the whole table down at once.
    """
    kinds = kinds_of(board, range(len(board.values)))
    splitters = [Splitter(kinds, target, mode) for target in targets if target > 0]
    known: dict[int, tuple[int, Splitter]] = {}
    complete = exact = True
    best_only = not counted and limit == 1 and len(board.values) > LISTED
    listing = Budget(budget // 2)
    for splitter in () if best_only else splitters:
        reached, done = _closure(splitter, listing)
        complete = complete and done
        for vector, weight in reached.items():
            known.setdefault(vector, (weight, splitter))
    complete = complete and not best_only
    if not complete:
        best = Budget(budget if best_only else budget - budget // 2)
        for splitter in splitters:
            vectors, proven = _best(splitter, mode, limit, best, best_only)
            exact = exact and proven
            for vector in vectors:
                known.setdefault(vector, (kinds.weight(vector), splitter))
    ranked = heapq.nsmallest(limit, known.items(), key=lambda item: (-item[1][0], -item[0]))
    captures = tuple(_expand(kinds, ranked, limit))
    if not counted:
        count = len(known)
    elif len(captures) < limit:  # every card set of every vector is listed
        count = len(captures)
    else:
        count = _count(kinds, known)
    return CaptureSearch(captures=captures, count=count, complete=complete, exact=exact)


def _best(
    splitter: Splitter, mode: CaptureMode, limit: int, budget: Budget, best_only: bool
) -> tuple[list[int], bool]:
    """The best count vectors for one target. When only the one best is asked for: the best group
    when a capture is one group, else the best found by filling groups value by value
    (:mod:`~games.rules.capture.filling`)."""
    if best_only and splitter.single:
        kinds = splitter.kinds
        best = max(splitter.patterns, key=lambda pattern: (kinds.weight(pattern), pattern), default=None)
        return ([] if best is None else [best]), True
    if best_only and mode == MANY_GROUPS:
        vector, proven = best_vector(splitter.kinds, splitter.target, budget)
        return ([] if vector is None else [vector]), proven
    return best_vectors(splitter, limit, budget)


LISTED = 14  # more table cards than this, and the one best capture is found faster without the listing


def _closure(splitter: Splitter, budget: Budget) -> tuple[dict[int, int], bool]:
    """Every union of disjoint groups with its weight, depth-first; each is remembered in the
    splitter's memo as one group plus a smaller union, so it splits without searching."""
    kinds, full, fits = splitter.kinds, splitter.kinds.full, splitter.kinds.fits
    weights = {pattern: kinds.weight(pattern) for pattern in splitter.patterns}
    if splitter.single:
        return weights, True
    memo = splitter.memo
    reached: dict[int, int] = {}
    stack = [(0, 0, sorted(splitter.patterns, reverse=True))]
    while stack:
        vector, weight, candidates = stack.pop()
        room = full - vector
        fitting = [pattern for pattern in candidates if fits(pattern, room)]
        for pattern in fitting:
            grown = vector + pattern
            if grown not in memo:
                memo[grown] = pattern
                reached[grown] = weight + weights[pattern]
                stack.append((grown, reached[grown], fitting))
        if not budget.spend(1 + len(candidates) // 10 + len(fitting)):
            return reached, False
    return reached, True


def _count(kinds: Kinds, known: dict[int, tuple[int, Splitter]]) -> int:
    if all(len(members) == 1 for members in kinds.members):
        return len(known)
    return sum(map(kinds.multiplicity, known))


def _expand(kinds: Kinds, ranked: list[tuple[int, tuple[int, Splitter]]], limit: int) -> Iterator[Found]:
    """Card sets of the ranked count vectors, ``limit`` at most."""
    produced = 0
    members = kinds.members
    for vector, (weight, splitter) in ranked:
        spread = kinds.spread(vector)
        points, sweep = weight // WEIGHT_UNIT, vector == kinds.full
        if all(len(members[kind]) == count for kind, count in spread):  # one card set: all cards of its kinds
            options: Iterable[tuple[tuple[int, ...], ...]] = (tuple(members[kind] for kind, _ in spread),)
        else:
            options = product(*(combinations(members[kind], count) for kind, count in spread))
        for chosen in options:
            yield Found(tuple(sorted(chain.from_iterable(chosen))), points, sweep, (splitter, vector, chosen))
            produced += 1
            if produced >= limit:
                return


def _assign(kinds: Kinds, parts: list[int], chosen: Mapping[int, Sequence[int]]) -> Groups:
    """Deal the chosen table indices of each kind out to the groups (count vectors) ``parts``."""
    dealt = dict.fromkeys(chosen, 0)
    groups = []
    for part in parts:
        group: list[int] = []
        for kind, count in kinds.spread(part):
            group += chosen[kind][dealt[kind] : dealt[kind] + count]
            dealt[kind] += count
        group.sort()
        groups.append(tuple(group))
    groups.sort()
    return tuple(groups)
