"""A finished match's outcomes and places (standings and ratings read them)."""

from __future__ import annotations

import pytest

from games.stats.results import Outcome
from tests.stats.builders import result


@pytest.mark.parametrize(
    ("totals", "winner", "draw", "expected"),
    [
        pytest.param([11, 7], 0, False, "WL", id="winner-wins-the-rest-lose"),
        pytest.param([9, 9], None, True, "DD", id="draw-both-share-the-top"),
        pytest.param([9, 9, 3], None, True, "DDL", id="draw-the-side-below-the-top-loses"),
        pytest.param([18, 15], None, False, "LL", id="twenty-over-twenty-nobody-wins-A5"),
        pytest.param([5, 12, 3], 1, False, "LWL", id="free-for-all-one-winner"),
    ],
)
def test_each_side_has_an_outcome(totals: list[int], winner: int | None, draw: bool, expected: str) -> None:
    match = result(1, [(index,) for index in range(len(totals))], totals, winner=winner, draw=draw)
    assert "".join(match.outcome(side) for side in range(len(totals))) == expected


@pytest.mark.parametrize(
    ("totals", "winner", "draw", "expected"),
    [
        pytest.param([11, 7], 0, False, (0, 1), id="winner-first"),
        pytest.param([9, 9], None, True, (0, 0), id="draw-shares-first-place"),
        pytest.param([10, 12, 10], 1, False, (1, 0, 1), id="equal-totals-share-a-place"),
        pytest.param([21, 23, 4], 0, False, (0, 1, 2), id="the-winner-ranks-first-even-below-a-total-T15"),
    ],
)
def test_sides_are_ranked_winner_first_then_by_total(
    totals: list[int], winner: int | None, draw: bool, expected: tuple[int, ...]
) -> None:
    match = result(1, [(index,) for index in range(len(totals))], totals, winner=winner, draw=draw)
    assert match.ranks() == expected


def test_a_player_is_found_on_their_side_and_the_best_opponent_is_the_top_other_total() -> None:
    match = result(1, [(1, 3), (2, 4), (5, 6)], [10, 14, 12])
    assert (match.side_of(3), match.side_of(6), match.side_of(9)) == (0, 2, None)
    assert (match.best_opponent(0), match.best_opponent(1)) == (14, 12)
    assert match.outcome(1) == Outcome.WIN
