"""The exact model's columns and HiGHS solves (:mod:`.exact` says what the model is): NumPy and SciPy,
imported only when a round needs the model."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, linprog, milp
from scipy.sparse import coo_array, csr_array, vstack

from games.events.pairing.exact import Group, Model, Pair


def solve(
    model: Model, time_left: Callable[[], float], known: tuple[Sequence[Group], Group]
) -> tuple[tuple[Group, ...], Group] | None:
    """:func:`games.events.pairing.exact.solve`, for a field the model takes."""
    columns = _Columns(model)
    best = columns.vector(known)
    active = np.ones(columns.width, dtype=bool)
    fixed: list[tuple[np.ndarray, int]] = []  # each tier solved so far: (its costs, its optimum)
    for costs in columns.costs:
        bound = int(costs @ best)  # ``best`` meets the tiers fixed so far: an upper bound of this one
        if bound > columns.floor(costs, active):
            if costs[active].min() >= 0:
                active &= costs <= bound  # a table costing more than the whole bound is in no optimum
            relaxed = _relaxed(columns, active, costs, fixed, time_left)
            if relaxed is None:
                return None
            active = relaxed.kept(active, bound)
            if relaxed.value <= bound - 1 + relaxed.margin(bound):  # else ``best`` is proven optimal
                solved = _solved(columns, active, costs, fixed, time_left)
                if solved is None:
                    return None
                best = solved
                active = relaxed.kept(active, int(costs @ best))
        optimum = int(costs @ best)
        if costs[active].min() >= 0:
            active &= costs <= optimum
        fixed.append((costs, optimum))
    return columns.seating(best)


def _solved(
    columns: _Columns,
    active: np.ndarray,
    costs: np.ndarray,
    fixed: Sequence[tuple[np.ndarray, int]],
    time_left: Callable[[], float],
) -> np.ndarray | None:
    """The best choice of the ``active`` columns for ``costs``, the ``fixed`` tiers kept at their
    optimum; None unless proven within the time left."""
    seconds = time_left()
    if seconds <= 0:
        return None
    try:
        result = milp(
            costs[active].astype(float),
            integrality=np.ones(int(active.sum())),
            bounds=Bounds(0, 1),
            constraints=[LinearConstraint(m, low, high) for m, low, high in _rows(columns, active, fixed)],
            options={"time_limit": seconds, "mip_rel_gap": 0},
        )
    except MemoryError:  # HiGHS's std::bad_alloc, where the process's memory is limited
        return None
    if result.status != 0 or result.x is None:
        return None
    chosen = np.zeros(columns.width, dtype=np.int64)
    chosen[np.flatnonzero(active)[result.x > 0.5]] = 1
    return chosen


def _rows(
    columns: _Columns, active: np.ndarray, fixed: Sequence[tuple[np.ndarray, int]]
) -> list[tuple[csr_array, np.ndarray, np.ndarray]]:
    """The rows of a seating over the ``active`` columns, as (matrix, lower, upper): each entrant
    seated once and each size's count of tables, the bands, and each ``fixed`` tier at its optimum."""
    rows = [(csr_array(columns.cover[:, active]), columns.counts, columns.counts)]
    if columns.bands.shape[0]:
        bands = csr_array(columns.bands[:, active])
        rows.append((bands, np.full(bands.shape[0], -np.inf), columns.band_limits))
    for tier, optimum in fixed:
        if tier[active].max() > 0 or optimum < 0:  # a tier all of whose columns cost nothing binds nothing
            row = csr_array(tier[active][np.newaxis, :].astype(float))
            rows.append((row, np.array([-np.inf]), np.array([optimum + 0.5])))
    return rows


@dataclass(frozen=True, slots=True)
class _Relaxation:
    """The linear relaxation of one tier's solve: its optimum ``value`` and each active column's
    ``reduced`` cost, all at least 0 (the columns have no upper bound: the rows imply one).

    With an optimal dual, every seating ``x`` costs at least ``value + reduced @ x``: the integer
    optimum is at least ``value``, and a column with ``value + reduced_j > bound`` is in no seating
    costing ``bound`` or less. Both checks leave a margin for rounding: they keep more columns and
    prove less, never the other way."""

    active: np.ndarray
    value: float
    reduced: np.ndarray
    scale: float

    def margin(self, bound: int) -> float:
        """Room for the simplex's rounding, relative to the costs' size."""
        return 1e-6 * (1 + abs(bound) + self.scale)

    def kept(self, active: np.ndarray, bound: int) -> np.ndarray:
        """``active`` without the columns in no seating costing ``bound`` or less."""
        dropped = self.value + self.reduced > bound + 0.5 + self.margin(bound)  # costs are integers
        kept = active.copy()
        kept[np.flatnonzero(self.active)[dropped]] = False
        return kept


def _relaxed(
    columns: _Columns,
    active: np.ndarray,
    costs: np.ndarray,
    fixed: Sequence[tuple[np.ndarray, int]],
    time_left: Callable[[], float],
) -> _Relaxation | None:
    """The relaxation of the ``active`` columns (HiGHS's simplex); None unless solved in the time left."""
    seconds = time_left()
    if seconds <= 0:
        return None
    equal, *upper = _rows(columns, active, fixed)
    try:
        result = linprog(
            costs[active].astype(float),
            A_ub=vstack([m for m, _, _ in upper]) if upper else None,
            b_ub=np.concatenate([high for _, _, high in upper]) if upper else None,
            A_eq=equal[0],
            b_eq=equal[1],
            bounds=(0, None),
            method="highs",
            options={"time_limit": seconds},
        )
    except MemoryError:
        return None
    if result.status != 0:
        return None
    scale = float(np.abs(costs[active]).max())
    return _Relaxation(active.copy(), float(result.fun), np.asarray(result.lower.marginals), scale)


_SPLITS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


class _Columns:
    """Every table a seating may use (partners: its best split's sides side by side), then a column for
    each entrant's bye; each tier's cost of each column, and the rows that make a seating."""

    def __init__(self, model: Model) -> None:
        n, tiers = model.count, model.tiers
        together = [_matrix(n, tier.together) for tier in tiers]
        partners = [_matrix(n, tier.partners) for tier in tiers]
        blocks, keys, prices = [], [], []
        for size in sorted(set(model.sizes)):
            tables = np.array(list(combinations(range(n), size)), dtype=np.int64).reshape(-1, size)
            keys.append(tables @ n ** np.arange(size - 1, -1, -1) + size * n**size)  # ascending
            if model.sides:
                tables = _best_splits(tables, partners)
            pairs = list(combinations(range(size), 2))
            price = [sum(m[tables[:, u], tables[:, v]] for u, v in pairs) for m in together]
            if model.sides:
                price = [
                    p + m[tables[:, 0], tables[:, 1]] + m[tables[:, 2], tables[:, 3]]
                    for p, m in zip(price, partners, strict=True)
                ]
            for at, tier in enumerate(tiers):
                if tier.behind:
                    count = np.asarray(tier.behind, dtype=np.int64)[tables].sum(axis=1)
                    price[at] = price[at] + (np.maximum(count - 1, 0) if tier.few else count == 0)
            blocks.append(tables)
            prices.append(np.stack(price))
        self.blocks, self.keys = blocks, np.concatenate(keys)
        self.starts = np.cumsum([0, *(len(block) for block in blocks)])
        self.tables = int(self.starts[-1])  # how many table columns, the byes' after them
        self.byes = n - sum(model.sizes)
        outs = n if self.byes else 0
        self.width = self.tables + outs
        byes = np.array([list(tier.byes) or [0] * n for tier in tiers], dtype=np.int64).reshape(len(tiers), n)
        self.costs = list(np.hstack([*prices, byes[:, :outs]]))
        self.cover = _cover(blocks, n, outs)
        self.bands, self.band_limits = _bands(blocks, model, outs)
        sizes = [len(block[0]) for block in blocks]
        self.counts = np.array([1] * n + [model.sizes.count(size) for size in sizes], dtype=float)
        self.size_of = np.concatenate(
            [np.full(len(block), block.shape[1]) for block in blocks] + [np.zeros(outs)]
        )
        self.model = model

    def floor(self, costs: np.ndarray, active: np.ndarray) -> int:
        """The least ``costs`` may sum to: each table at the cheapest of its size, the cheapest byes."""
        total = 0
        for size in set(self.model.sizes):
            mask = active & (self.size_of == size)
            total += int(costs[mask].min()) * self.model.sizes.count(size) if mask.any() else 0
        if self.byes:
            total += int(np.sort(costs[self.tables :])[: self.byes].sum())
        return total

    def vector(self, seating: tuple[Sequence[Group], Group]) -> np.ndarray:
        chosen = np.zeros(self.width, dtype=np.int64)
        tables, byes = seating
        n = self.model.count
        for table in tables:
            size = len(table)
            key = sum(i * n ** (size - 1 - at) for at, i in enumerate(sorted(table))) + size * n**size
            chosen[int(np.searchsorted(self.keys, key))] = 1
        chosen[[self.tables + i for i in byes]] = 1
        return chosen

    def seating(self, chosen: np.ndarray) -> tuple[tuple[Group, ...], Group]:
        """The tables (partners: each as its two sides, side by side) and the byes."""
        picked = [int(at) for at in np.flatnonzero(chosen)]
        tables = []
        for at in (at for at in picked if at < self.tables):
            block = int(np.searchsorted(self.starts, at, side="right")) - 1
            tables.append(tuple(int(i) for i in self.blocks[block][at - self.starts[block]]))
        return tuple(tables), tuple(at - self.tables for at in picked if at >= self.tables)


def _matrix(n: int, costs: Mapping[Pair, int]) -> np.ndarray:
    """A pair's cost at [i, j] and [j, i]."""
    matrix = np.zeros((n, n), dtype=np.int64)
    for (i, j), cost in costs.items():
        matrix[i, j] = matrix[j, i] = cost
    return matrix


def _best_splits(tables: np.ndarray, partners: Sequence[np.ndarray]) -> np.ndarray:
    """Each table of four reordered so that its first two and last two are the split into sides that
    is best by the tiers' partner costs, in order (the first such split on a tie)."""
    candidates = np.ones((len(tables), len(_SPLITS)), dtype=bool)
    for matrix in partners:
        split_costs = np.stack(
            [
                matrix[tables[:, a], tables[:, b]] + matrix[tables[:, c], tables[:, d]]
                for (a, b), (c, d) in _SPLITS
            ],
            axis=1,
        )
        masked = np.where(candidates, split_costs, np.iinfo(np.int64).max)
        candidates &= masked == masked.min(axis=1, keepdims=True)
    orders = np.array([[*first, *second] for first, second in _SPLITS])
    return np.take_along_axis(tables, orders[candidates.argmax(axis=1)], axis=1)


def _cover(blocks: Sequence[np.ndarray], n: int, outs: int) -> coo_array:
    """Rows: each entrant sits at one table or out; then one row per table size counting its tables."""
    rows, columns, at = [], [], 0
    for number, block in enumerate(blocks):
        count = len(block)
        for seat in range(block.shape[1]):
            rows.append(block[:, seat])
            columns.append(np.arange(at, at + count))
        rows.append(np.full(count, n + number))
        columns.append(np.arange(at, at + count))
        at += count
    rows.append(np.arange(outs))
    columns.append(np.arange(at, at + outs))
    line, column = np.concatenate(rows), np.concatenate(columns)
    return coo_array((np.ones(len(line)), (line, column)), shape=(n + len(blocks), at + outs)).tocsc()


def _bands(blocks: Sequence[np.ndarray], model: Model, outs: int) -> tuple[csr_array, np.ndarray]:
    """Rows that cut off the relaxation's favourite trick: for every band of points (entrants whose
    points lie in a range of the levels), the tables wholly inside it number at most the band's
    entrants over the smallest table size, rounded down. Every seating meets them; the relaxation,
    which seats a band of 5 on equal points at five quarter-tables of 4, costing nothing, does not
    (at 40 partners, the root bound rose from 3 to the optimum, 41)."""
    points = np.asarray(model.levels)
    levels = np.unique(points)
    smallest = min(model.sizes)
    columns, limits = [], []
    for low in range(len(levels)):
        for high in range(low, len(levels)):
            inside = (points >= levels[low]) & (points <= levels[high])
            if inside.sum() >= smallest:
                wholly = np.concatenate([inside[block].all(axis=1) for block in blocks])
                columns.append(np.flatnonzero(wholly))
                limits.append(int(inside.sum()) // smallest)
    width = sum(len(block) for block in blocks) + outs
    line = np.repeat(np.arange(len(columns)), [len(found) for found in columns])
    flat = np.concatenate(columns) if columns else np.zeros(0, dtype=np.int64)
    matrix = csr_array((np.ones(len(flat)), (line, flat)), shape=(len(columns), width))
    return matrix, np.array(limits, dtype=float)
