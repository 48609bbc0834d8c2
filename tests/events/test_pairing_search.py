"""The pods and partners search: its squared-difference bound (contiguous runs of the sorted points are
the best seating at fixed table sizes, docs/events-pairing.md) against brute force, and its budget."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.events.pairing import Entrant, Pairing, groups, pair_round, search
from games.events.pairing.search import Problem, _contiguous_runs
from tests.events.reference import score, seatings


def _squares(points: list[int], table: tuple[int, ...]) -> int:
    return sum((points[a] - points[b]) ** 2 for a, b in combinations(table, 2))


@settings(max_examples=80, deadline=None)
@given(
    sizes=st.sampled_from([(3, 3), (4, 3), (4, 4), (4, 3, 3), (3, 3, 3), (4, 4, 3)]),
    data=st.data(),
)
@pytest.mark.slow
def test_contiguous_runs_are_the_least_squared_differences(
    sizes: tuple[int, ...], data: st.DataObject
) -> None:
    points = sorted(
        data.draw(st.lists(st.integers(0, 40), min_size=sum(sizes), max_size=sum(sizes))), reverse=True
    )
    problem = Problem(
        points=tuple(points),
        sizes=sizes,
        byes=0,
        bye_costs=(0,) * len(points),
        pair_costs=((0,) * len(points),) * len(points),
        square_weight=1,
        table_cost=lambda table: 0,
    )
    brute = min(
        sum(_squares(points, table) for table in tables) for tables, _ in seatings(range(len(points)), sizes)
    )
    assert _contiguous_runs(problem, tuple(range(len(points))), tuple(sorted(sizes)))[0] == brute


def test_a_search_cut_short_still_seats_everyone_and_says_it_is_not_proven(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(groups, "BUDGET", 1)
    points = [9, 9, 9, 6, 6, 6, 6, 3, 3, 3, 0, 0, 0, 0]
    met = {(0, 1), (0, 3), (1, 3), (2, 4), (7, 8), (10, 11), (12, 13), (5, 6)}
    field = [
        Entrant(
            id=i,
            points=p,
            rank=i + 1,
            opponents=frozenset(b if a == i else a for a, b in met if i in (a, b)),
        )
        for i, p in enumerate(points)
    ]
    pairing = pair_round("pods", field, seed=4, round_number=3, table_sizes=frozenset({3, 4}))
    assert not pairing.exact
    assert sorted(key for table in pairing.tables for key in table.players) == list(range(14))
    monkeypatch.setattr(groups, "BUDGET", 100_000)
    proven = pair_round("pods", field, seed=4, round_number=3, table_sizes=frozenset({3, 4}))
    assert proven.exact
    assert score("pods", field, _seated(proven)) <= score("pods", field, _seated(pairing))


@pytest.mark.parametrize("fmt", ["pods", "partners"])
def test_a_field_past_the_search_gets_the_first_seating_everyone_seated_and_not_proven(
    monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    monkeypatch.setattr(search, "SEARCH_MAX", 8)
    monkeypatch.setattr(search, "REACH", 1)
    points = [9, 9, 9, 6, 6, 6, 6, 3, 3, 3, 0, 0, 0, 0, 0]
    field = [Entrant(id=i, points=p, rank=i + 1, opponents=frozenset()) for i, p in enumerate(points)]
    pairing = pair_round(fmt, field, seed=4, round_number=2, table_sizes=frozenset({3, 4}))
    assert not pairing.exact
    seated = sorted(key for table in pairing.tables for key in table.players)
    assert sorted(seated + list(pairing.byes)) == list(range(15))
    assert len(pairing.byes) == (0 if fmt == "pods" else 3)
    searched = pair_round(fmt, field[:8], seed=4, round_number=2, table_sizes=frozenset({3, 4}))
    assert searched.exact  # 8 entrants are still searched


def _seated(pairing: Pairing) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    return tuple(t.players for t in pairing.tables), pairing.byes
