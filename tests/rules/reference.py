"""A deliberately naive capture checker: the oracle for the tests and ``make bench`` (docs/rules/ B8,
E5, T10, written out again without the engine).

It tries every subset of the table and every way of splitting it, with no shortcuts, so that it is
easy to trust. Exponential: keep tables small (10 cards in tests, 12 in the benchmark).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from games.rules.capture.search import Board, CaptureMode


def reference_captures(board: Board, targets: Sequence[int], mode: CaptureMode) -> set[frozenset[int]]:
    """Every legal capture set (table indices) for a played card with these ``targets``."""
    indices = range(len(board.values))
    return {
        frozenset(taken)
        for size in range(1, len(board.values) + 1)
        for taken in combinations(indices, size)
        if reference_is_legal(board, targets, taken, mode)
    }


def reference_is_legal(board: Board, targets: Sequence[int], taken: Sequence[int], mode: CaptureMode) -> bool:
    """Whether ``taken`` splits into groups for one of the ``targets`` under ``mode``."""
    for target in targets:
        equal = [index for index in range(len(board.values)) if target in board.values[index]]
        if mode.equal_first and equal:
            if len(taken) == 1 and taken[0] in equal:
                return True
            continue
        if mode.single_group:
            if _is_group(board, target, tuple(taken), mode):
                return True
        elif taken and _splits(board, target, tuple(sorted(taken)), mode):
            return True
    return False


def _splits(board: Board, target: int, rest: tuple[int, ...], mode: CaptureMode) -> bool:
    if not rest:
        return True
    first, others = rest[0], rest[1:]
    for size in range(len(others) + 1):
        for mates in combinations(others, size):
            group = (first, *mates)
            if _is_group(board, target, group, mode):
                remaining = tuple(index for index in others if index not in mates)
                if _splits(board, target, remaining, mode):
                    return True
    return False


def _is_group(board: Board, target: int, group: tuple[int, ...], mode: CaptureMode) -> bool:
    if mode.max_size is not None and len(group) > mode.max_size:
        return False
    return any(sum(values) == target for values in product(*(board.values[index] for index in group)))
