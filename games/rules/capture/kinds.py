"""Building blocks of the capture search: cards as kinds, groups as count vectors, splitting
(docs/rules/tablo.md B8).

Table cards with the same values and points are interchangeable, so the search works on *kinds*:
a set of cards is a count vector packed into one int, ``width`` bits per kind with the top bit of
each field a guard, so adding, subtracting and "fits in" are single integer operations. Kinds come
highest value first: splitting places the most constrained cards first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import comb

WEIGHT_UNIT = 64  # weight = points * 64 + cards: orders by points, then cards (at most 52 cards)


@dataclass(slots=True)
class Budget:
    """Work left for a search, in units of about a microsecond; spending past zero says stop."""

    left: int

    def spend(self, units: int) -> bool:
        """Spend ``units``; whether any budget is left."""
        self.left -= units
        return self.left >= 0


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
class Kinds:
    """Table cards sorted into kinds (highest value first) and the packing of their count vectors."""

    members: tuple[tuple[int, ...], ...]
    values: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    width: int
    full: int
    guard: int

    def count(self, vector: int, kind: int) -> int:
        """How many cards of ``kind`` the count ``vector`` holds."""
        return (vector >> (kind * self.width)) & ((1 << (self.width - 1)) - 1)

    def spread(self, vector: int) -> tuple[tuple[int, int], ...]:
        """The nonzero (kind, count) pairs of ``vector``."""
        return _spread(vector, self.width)

    def unit(self, kind: int) -> int:
        """The vector of one card of ``kind``."""
        return 1 << (kind * self.width)

    def fits(self, part: int, room: int) -> bool:
        """Every count of ``part`` is at most that of ``room`` (no field borrows past its guard)."""
        guard = self.guard
        return ((room | guard) - part) & guard == guard

    def weight(self, vector: int) -> int:
        """Points, then cards, as one int (:data:`WEIGHT_UNIT`)."""
        points = self.points
        return sum(count * (points[kind] * WEIGHT_UNIT + 1) for kind, count in self.spread(vector))

    def multiplicity(self, vector: int) -> int:
        """How many card sets have this count vector."""
        result = 1
        for kind, members in enumerate(self.members):
            if len(members) > 1:
                result *= comb(len(members), self.count(vector, kind))
        return result

    def lowest(self, vector: int) -> int:
        """The first kind with a nonzero count."""
        return ((vector & -vector).bit_length() - 1) // self.width

    def is_lone(self, vector: int) -> bool:
        """Exactly one card."""
        return vector & (vector - 1) == 0 and (vector.bit_length() - 1) % self.width == 0


@lru_cache(maxsize=1 << 16)
def _spread(vector: int, width: int) -> tuple[tuple[int, int], ...]:
    pairs = []
    field = (1 << (width - 1)) - 1
    while vector:
        kind = ((vector & -vector).bit_length() - 1) // width
        count = (vector >> (kind * width)) & field
        pairs.append((kind, count))
        vector -= count << (kind * width)
    return tuple(pairs)


def kinds_of(board: Board, indices: Sequence[int]) -> Kinds:
    """The cards at ``indices`` sorted into kinds."""
    by_kind: dict[tuple[tuple[int, ...], int], list[int]] = {}
    values, points = board.values, board.points
    for index in indices:
        key = (values[index], points[index])
        members = by_kind.get(key)
        if members is None:
            by_kind[key] = [index]
        else:
            members.append(index)
    keys = [(_distinct(each), point, members) for (each, point), members in by_kind.items()]
    keys.sort(key=_highest_first)
    width = max(map(len, by_kind.values()), default=1).bit_length() + 1
    full = guard = 0
    for kind, (_, _, members) in enumerate(keys):
        full |= len(members) << (kind * width)
        guard |= 1 << (kind * width + width - 1)
    return Kinds(
        members=tuple(tuple(members) for _, _, members in keys),
        values=tuple(each for each, _, _ in keys),
        points=tuple(point for _, point, _ in keys),
        width=width,
        full=full,
        guard=guard,
    )


def _distinct(values: tuple[int, ...]) -> tuple[int, ...]:
    """A card's values sorted, each once (one value, the common case, already is)."""
    return values if len(values) < 2 else tuple(sorted(set(values)))


def _highest_first(key: tuple[tuple[int, ...], int, list[int]]) -> tuple[int, int, int]:
    """The order of kinds: highest lowest value first, then highest value, then table order."""
    values, _, members = key
    return (-values[0], -values[-1], members[0]) if values else (0, 0, members[0])


def group_patterns(kinds: Kinds, target: int, mode: CaptureMode) -> list[int]:
    """Every group for ``target`` as a count vector: cards whose values can add up to ``target``."""
    if target <= 0:
        return []
    mask = (1 << (target + 1)) - 1
    max_size = mode.max_size or target
    steps = _steps(kinds, target, mask)
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
    return _lone_first(kinds, found) if mode.equal_first else found


def _steps(kinds: Kinds, target: int, mask: int) -> list[tuple[int, list[tuple[int, tuple[int, ...], int]]]]:
    """The kinds that fit under ``target``, lowest value first, each with its copies (``_copies``)."""
    steps = [
        (values[0], _copies(kinds, kind, values, mask))
        for kind, values in enumerate(kinds.values)
        if values and values[0] <= target
    ]
    steps.sort(key=lambda step: step[0])
    return steps


def _lone_first(kinds: Kinds, found: list[int]) -> list[int]:
    """Under "equal first", the groups of one card equal to the target, if any; else all of them."""
    lone = [pattern for pattern in found if kinds.is_lone(pattern)]
    return lone or found


def _copies(
    kinds: Kinds, kind: int, values: tuple[int, ...], mask: int
) -> list[tuple[int, tuple[int, ...], int]]:
    """For 1, 2, ... cards of ``kind``: the sums they can make (bits of ``mask``) and their vector."""
    copies = []
    sums = 1
    for count in range(1, len(kinds.members[kind]) + 1):
        grown = 0
        for value in values:
            grown |= sums << value
        sums = grown & mask
        if not sums:
            break
        copies.append((count, set_bits(sums), count * kinds.unit(kind)))
    return copies


def set_bits(bits: int) -> tuple[int, ...]:
    """The positions of the bits set in ``bits``, lowest first."""
    positions = []
    while bits:
        lowest = bits & -bits
        positions.append(lowest.bit_length() - 1)
        bits ^= lowest
    return tuple(positions)


class Splitter:
    """Memoised split of a count vector into disjoint groups of one target.

    ``memo`` maps a vector to one group of a split (0 for the empty vector, -1 when none exists).
    A vector whose values cannot add up to a multiple of the target is refused at once.
    """

    def __init__(self, kinds: Kinds, target: int, mode: CaptureMode) -> None:
        self.kinds = kinds
        self.target = target
        self.mode = mode
        self.single = mode.single_group
        self.by_lowest: dict[int, list[tuple[int, int]]] | None = None  # built when first searching
        self.flex_sums: dict[tuple[int, ...], int] = {}
        self.memo: dict[int, int] = {0: 0}
        self.steps = 0

    @cached_property
    def patterns(self) -> list[int]:
        """Every group as a count vector (worked out when first asked for)."""
        return group_patterns(self.kinds, self.target, self.mode)

    @cached_property
    def pattern_set(self) -> set[int]:
        """The group patterns, for membership tests."""
        return set(self.patterns)

    @cached_property
    def residues(self) -> list[tuple[int, ...]]:
        """Each kind's usable values modulo the target."""
        modulus = self.target
        return [tuple({value % modulus for value in each if value <= modulus}) for each in self.kinds.values]

    @cached_property
    def flex(self) -> list[int]:
        """The kinds of several residues (a Tablo ace for a King: 1 or 11)."""
        return [kind for kind, residues in enumerate(self.residues) if len(residues) > 1]

    @cached_property
    def fixed(self) -> list[int]:
        """Each kind's residue when it has one (else 0)."""
        return [residues[0] if len(residues) == 1 else 0 for residues in self.residues]

    def split(self, vector: int) -> list[int] | None:
        """The groups (count vectors) that make up ``vector``, or ``None`` when it cannot be split."""
        if self.single:
            return [vector] if vector in self.pattern_set else None
        if not self._can(vector):
            return None
        parts = []
        while vector:
            part = self.memo[vector]
            parts.append(part)
            vector -= part
        return parts

    def _can(self, vector: int, fixed: int | None = None) -> bool:
        known = self.memo.get(vector)
        if known is not None:
            return known >= 0
        if fixed is None:
            fixed = self.fixed_residue(vector)
        if self.adds_up(vector, fixed):
            fits = self.kinds.fits
            for pattern, pattern_fixed in self._starting(self.kinds.lowest(vector)):
                self.steps += 1
                if fits(pattern, vector) and self._can(
                    vector - pattern, (fixed - pattern_fixed) % self.target
                ):
                    self.memo[vector] = pattern
                    return True
        self.memo[vector] = -1
        return False

    def _starting(self, kind: int) -> list[tuple[int, int]]:
        """The groups whose first kind is ``kind``, with their residues."""
        if self.by_lowest is None:
            self.by_lowest = {}
            for pattern in sorted(self.patterns, reverse=True):
                entry = (pattern, self.fixed_residue(pattern))
                self.by_lowest.setdefault(self.kinds.lowest(pattern), []).append(entry)
        return self.by_lowest.get(kind, [])

    def fixed_residue(self, vector: int) -> int:
        """The residue of the cards of one value in ``vector``."""
        return (
            sum(self.kinds.count(vector, kind) * residue for kind, residue in enumerate(self.fixed))
            % self.target
        )

    def adds_up(self, vector: int, fixed: int) -> bool:
        """Whether the cards of ``vector`` (``fixed``: :meth:`fixed_residue`) can add up to a multiple
        of the target: a quick necessary test."""
        return bool(self.flex_residues(vector) >> (-fixed % self.target) & 1)

    def flex_residues(self, vector: int) -> int:
        """The residues (a bit set) the cards of several values in ``vector`` can add up to."""
        flex = tuple(self.kinds.count(vector, kind) for kind in self.flex)
        sums = self.flex_sums.get(flex)
        if sums is None:
            sums = 1
            for kind, count in zip(self.flex, flex, strict=True):
                for _ in range(count):
                    sums = rotations(sums, self.residues[kind], self.target)
            self.flex_sums[flex] = sums
        return sums


def rotations(sums: int, adds: Sequence[int], modulus: int) -> int:
    """The residues ``sums`` (a bit set) plus any of ``adds``, modulo ``modulus``."""
    full = (1 << modulus) - 1
    grown = 0
    for add in adds:
        grown |= ((sums << add) | (sums >> (modulus - add))) & full
    return grown
