"""The game-agnostic capture search (docs/rules/ B8, T10, E5): against the naive reference, and on big
tables."""

from __future__ import annotations

import doctest
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.capture import search as captures
from games.rules.capture.best import best_vectors
from games.rules.capture.kinds import Budget, Splitter, kinds_of
from games.rules.capture.search import (
    MANY_GROUPS,
    Board,
    CaptureMode,
    can_capture,
    find_grouping,
    is_sweep,
    legal_captures,
)
from tests.rules.reference import reference_captures

ACE = (1, 11)
MODES = [
    pytest.param(MANY_GROUPS, id="B8-many-groups"),
    pytest.param(CaptureMode(single_group=True, max_size=2), id="E5-pair"),
    pytest.param(CaptureMode(single_group=True), id="E5-any"),
    pytest.param(CaptureMode(single_group=True, max_size=2, equal_first=True), id="3.2b-priority"),
]
values = st.one_of(
    st.integers(1, 14).map(lambda value: (value,)), st.just(ACE), st.just((1, 14)), st.just(())
)
boards = st.lists(st.tuples(values, st.integers(0, 2)), max_size=10).map(
    lambda cards: Board(tuple(value for value, _ in cards), tuple(points for _, points in cards))
)
targets = st.one_of(st.integers(1, 15).map(lambda target: (target,)), st.just((11, 1)))
modes = st.sampled_from([param.values[0] for param in MODES])


def is_valid_split(
    board: Board, target_options: tuple[int, ...], taken: tuple[int, ...], groups: object
) -> bool:
    """Disjoint groups covering exactly ``taken``, all summing to one of the targets."""
    assert isinstance(groups, tuple)
    flat = sorted(index for group in groups for index in group)
    if flat != sorted(taken):
        return False
    sums = [
        {sum(choice) for choice in product(*(board.values[index] for index in group))} for group in groups
    ]
    return any(all(target in group_sums for group_sums in sums) for target in target_options)


def tablo(*cards: str) -> Board:
    """A Tablo table from ranks (B4): A 1/11, J 12, Q 13, K 14; every card 0 points."""
    face = {"A": ACE, "J": (12,), "Q": (13,), "K": (14,)}
    return Board(tuple(face[card] if card in face else (int(card),) for card in cards), (0,) * len(cards))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(boards, targets, modes)
def test_every_legal_capture_is_found_once_as_the_reference_finds_it(
    board: Board, target_options: tuple[int, ...], mode: CaptureMode
) -> None:
    search = legal_captures(board, target_options, mode, limit=10_000)
    found = [frozenset(capture.taken) for capture in search.captures]
    assert len(found) == len(set(found)) == search.count
    assert set(found) == reference_captures(board, target_options, mode)
    assert search.complete
    assert search.exact


@settings(max_examples=150, deadline=None)
@given(boards, targets, modes)
def test_every_listed_capture_verifies_with_a_valid_split(
    board: Board, target_options: tuple[int, ...], mode: CaptureMode
) -> None:
    for capture in legal_captures(board, target_options, mode, limit=10_000).captures:
        assert is_valid_split(board, target_options, capture.taken, capture.groups)
        grouping = find_grouping(board, target_options, capture.taken, mode)
        assert grouping is not None
        assert is_valid_split(board, target_options, capture.taken, grouping)
        assert capture.sweep == is_sweep(board, capture.taken)
        assert capture.points == sum(board.points[index] for index in capture.taken)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(boards, targets, modes, st.data())
def test_a_claimed_capture_verifies_exactly_when_the_reference_allows_it(
    board: Board, target_options: tuple[int, ...], mode: CaptureMode, data: st.DataObject
) -> None:
    indices = range(len(board.values))
    taken = tuple(sorted(data.draw(st.sets(st.sampled_from(indices)) if indices else st.just(set()))))
    legal = frozenset(taken) in reference_captures(board, target_options, mode)
    assert (find_grouping(board, target_options, taken, mode) is not None) == legal


@settings(max_examples=150, deadline=None)
@given(boards, targets, modes)
def test_captures_come_sweep_first_then_points_then_cards(
    board: Board, target_options: tuple[int, ...], mode: CaptureMode
) -> None:
    search = legal_captures(board, target_options, mode, limit=10_000)
    keys = [(not found.sweep, -found.points, -len(found.taken)) for found in search.captures]
    assert keys == sorted(keys)
    assert can_capture(board, target_options, mode) == bool(search.captures)


@settings(max_examples=100, deadline=None)
@given(boards, targets, modes, st.integers(1, 5))
def test_a_limit_keeps_the_best_prefix_and_the_full_count(
    board: Board, target_options: tuple[int, ...], mode: CaptureMode, limit: int
) -> None:
    everything = legal_captures(board, target_options, mode, limit=10_000)
    best = legal_captures(board, target_options, mode, limit=limit)
    assert best.captures == everything.captures[:limit]
    assert best.count == everything.count


@pytest.mark.parametrize(
    ("table", "played", "expected"),
    [
        pytest.param(tablo("3", "10", "A"), (14,), [(0, 1, 2), (0, 2)], id="TB-5-sweep-with-ace-as-1"),
        pytest.param(tablo("3", "4", "4"), (7,), [(0, 1), (0, 2)], id="TB-8-disjoint-groups"),
        pytest.param(tablo("3", "3", "4", "4"), (7,), None, id="TB-9-two-pairs-at-once"),
        pytest.param(tablo("A", "A"), (12,), [(0, 1)], id="TB-10-ace-1-plus-ace-11"),
        pytest.param(tablo("A", "A", "A", "8"), ACE, None, id="TB-11-three-aces-and-8-for-an-ace"),
    ],
)
def test_worked_examples_of_disjoint_groups_and_aces(
    table: Board, played: tuple[int, ...], expected: list[tuple[int, ...]] | None
) -> None:
    search = legal_captures(table, played)
    if expected is None:
        assert search.captures[0].sweep
    else:
        assert [found.taken for found in search.captures] == expected


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        pytest.param(CaptureMode(single_group=True, max_size=2), [(3,)], id="E5-EB-3-pair-no-three-card-sum"),
        pytest.param(CaptureMode(single_group=True), [(0, 1, 2), (3,)], id="E5-EB-3-any-one-group"),
        pytest.param(CaptureMode(single_group=True, equal_first=True), [(3,)], id="3.2b-equal-card-first"),
        pytest.param(MANY_GROUPS, [(0, 1, 2, 3), (0, 1, 2), (3,)], id="B8-every-union"),
    ],
)
def test_group_rules_of_each_game(mode: CaptureMode, expected: list[tuple[int, ...]]) -> None:
    board = Board(((1,), (2,), (4,), (7,)), (0, 0, 0, 0))  # a 7 is played: A 2 4 (EB-3) and a 7
    assert [found.taken for found in legal_captures(board, (7,), mode).captures] == expected


def test_a_card_without_value_is_never_taken() -> None:
    board = Board(((), (5,)), (0, 0))  # a trailed Tamlin Jack and a 5 (T11)
    assert [found.taken for found in legal_captures(board, (5,)).captures] == [(1,)]
    assert find_grouping(board, (5,), (0, 1)) is None


def deck_board(*, without: tuple[int, ...] = ()) -> Board:
    """A Tablo pack by rank (A..K) and points (B3, simplified: A 10 J Q K 1), minus some ranks once."""
    face = {1: ACE, 11: (12,), 12: (13,), 13: (14,)}
    ranks = [rank for rank in range(1, 14) for _ in range(4)]
    for rank in without:
        ranks.remove(rank)
    return Board(
        tuple(face.get(rank, (rank,)) for rank in ranks),
        tuple(int(rank in (1, 10, 11, 12, 13)) for rank in ranks),
    )


def test_the_worst_twelve_card_table_lists_696_captures() -> None:
    board = Board((ACE,) * 4 + ((2,),) * 4 + ((3,),) * 4, (1,) * 4 + (0,) * 8)
    search = legal_captures(board, (14,), limit=1000)
    assert search.count == len(search.captures) == 696
    assert search.complete


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(range(1, 14)), min_size=12, max_size=20), st.sampled_from([(14,), ACE, (10,)])
)
def test_a_stopped_search_says_so_and_counts_no_more_than_exist(
    ranks: list[int], played: tuple[int, ...]
) -> None:
    face = {1: ACE, 11: (12,), 12: (13,), 13: (14,)}
    board = Board(tuple(face.get(rank, (rank,)) for rank in ranks), (0,) * len(ranks))
    stopped = legal_captures(board, played, limit=5, budget=40)
    full = legal_captures(board, played, limit=5, budget=10**9)
    assert full.complete
    assert stopped.count <= full.count
    assert stopped.complete <= (stopped.count == full.count)
    assert all(find_grouping(board, played, found.taken) for found in stopped.captures)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(range(1, 14)), min_size=4, max_size=14),
    st.sampled_from([14, 13, 12, 11, 10, 7, 1]),
    st.integers(1, 25),
)
@pytest.mark.slow
def test_the_search_from_the_whole_table_down_finds_the_best_captures_in_order(
    ranks: list[int], target: int, limit: int
) -> None:
    face = {1: ACE, 11: (12,), 12: (13,), 13: (14,)}
    board = Board(tuple(face.get(rank, (rank,)) for rank in ranks), tuple(int(rank >= 10) for rank in ranks))
    kinds = kinds_of(board, range(len(ranks)))
    kind_of = {index: kind for kind, members in enumerate(kinds.members) for index in members}
    listed: list[int] = []  # the count vectors of every capture, best first, from the complete listing
    for found in legal_captures(board, (target,), limit=10**6, budget=10**9).captures:
        vector = sum(kinds.unit(kind_of[index]) for index in found.taken)
        if vector not in listed:
            listed.append(vector)
    vectors, proven = best_vectors(Splitter(kinds, target, MANY_GROUPS), limit, Budget(10**9))
    assert proven
    assert vectors == listed[: len(vectors)]
    if len(vectors) < len(listed):  # stopped once ``limit`` card sets were found, ties included
        held = [
            sum(kinds.multiplicity(vector) for vector in vectors[: end + 1]) for end in range(len(vectors))
        ]
        enough = next(end for end, count in enumerate(held) if count >= limit)
        assert {kinds.weight(vector) for vector in vectors[enough:]} == {kinds.weight(vectors[enough])}
        assert kinds.weight(listed[len(vectors)]) < kinds.weight(vectors[enough])


big_boards = st.lists(st.tuples(values, st.integers(0, 2)), min_size=captures.LISTED + 1, max_size=20).map(
    lambda cards: Board(tuple(value for value, _ in cards), tuple(points for _, points in cards))
)


@settings(max_examples=60, deadline=None)
@given(big_boards, targets, modes)
@pytest.mark.slow
def test_the_one_best_capture_of_a_big_table_is_the_first_of_the_leave_the_cheapest_search(
    board: Board, played: tuple[int, ...], mode: CaptureMode
) -> None:
    """The review's question (one best capture, not counted) on a table too big to list is answered by
    filling groups value by value, or by the best group; the leave-the-cheapest-first search with
    no limit on its work is the oracle: same count vector, the largest among equals."""
    kinds = kinds_of(board, range(len(board.values)))
    kind_of = {index: kind for kind, members in enumerate(kinds.members) for index in members}
    expected: list[int] = []
    for target in (target for target in played if target > 0):
        vectors, proven = best_vectors(Splitter(kinds, target, mode), 1, Budget(10**12))
        assert proven
        expected += vectors
    search = legal_captures(board, played, mode, limit=1, counted=False)
    assert search.exact
    found = [sum(kinds.unit(kind_of[index]) for index in capture.taken) for capture in search.captures]
    assert found == sorted(expected, key=lambda vector: (kinds.weight(vector), vector))[-1:]


@pytest.mark.slow
@pytest.mark.parametrize("removed", [13, 12, 11, 1, 10, 7, 2])
@pytest.mark.parametrize("played", [(14,), (13,), (12,), ACE, (10,), (7,), (2,)])
def test_a_table_of_51_cards_is_answered_within_the_default_budget_with_the_best_first(
    removed: int, played: tuple[int, ...]
) -> None:
    """The default work budget bounds the time (its figures are in make bench, not here)."""
    board = deck_board(without=(removed,))
    search = legal_captures(board, played, limit=20)
    assert search.captures
    assert all(find_grouping(board, played, found.taken) for found in search.captures)
    keys = [(not found.sweep, -found.points, -len(found.taken)) for found in search.captures]
    assert keys == sorted(keys)


def test_the_module_example_holds() -> None:
    assert doctest.testmod(captures).failed == 0
