"""The pods and partners search's squared-difference bound: contiguous runs of the sorted points
are the best seating at fixed table sizes (docs/events-pairing.md), checked against brute force."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.events.pairing.search import Problem, _contiguous_runs
from tests.events.reference import seatings


def _squares(points: list[int], table: tuple[int, ...]) -> int:
    return sum((points[a] - points[b]) ** 2 for a, b in combinations(table, 2))


@settings(max_examples=80, deadline=None)
@given(
    sizes=st.sampled_from([(3, 3), (4, 3), (4, 4), (4, 3, 3), (3, 3, 3), (4, 4, 3)]),
    data=st.data(),
)
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
