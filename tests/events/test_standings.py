"""Standings and tie-breaks (docs/events.md) against values worked out by hand."""

from __future__ import annotations

import pytest

from games.events.standings import PointsTable, TableResult, standings

A, B, C, D, E = 1, 2, 3, 4, 5
ALL = ["median_buchholz", "buchholz", "sonneborn_berger", "points_diff", "head_to_head"]


def _game(first: int, second: int, scores: tuple[int, int]) -> TableResult:
    return TableResult.of_scores(((first,), (second,)), scores)


# Five players, three rounds, one bye a round:
#   round 1: A beats B 10-5, C draws D 7-7, E bye
#   round 2: A draws C 6-6, E beats B 9-3, D bye
#   round 3: A beats E 8-2, B beats D 5-4, C bye
# Points: A 3+1+3 = 7, E 3+3+0 = 6, C 1+1+3 = 5, D 1+3+0 = 4, B 0+0+3 = 3.
FIVE = [
    _game(A, B, (10, 5)),
    _game(C, D, (7, 7)),
    _game(A, C, (6, 6)),
    _game(E, B, (9, 3)),
    _game(A, E, (8, 2)),
    _game(B, D, (5, 4)),
]
GOLDEN = {
    # player: (points, w, d, l, byes, buchholz, median, sonneborn-berger, points_diff)
    A: (7, 2, 1, 0, 0, 3 + 5 + 6, 5, 3 + 6 + 5 / 2, 24 - 13),
    E: (6, 1, 0, 1, 1, 3 + 7, 3 + 7, 3, 11 - 11),
    C: (5, 0, 2, 0, 1, 4 + 7, 4 + 7, 4 / 2 + 7 / 2, 13 - 13),
    D: (4, 0, 1, 1, 1, 5 + 3, 5 + 3, 5 / 2, 11 - 12),
    B: (3, 1, 0, 2, 0, 7 + 6 + 4, 6, 4, 13 - 23),
}


def test_points_records_and_every_tie_break_of_a_five_player_swiss() -> None:
    rows = standings([A, B, C, D, E], FIVE, byes=[E, D, C], tiebreaks=ALL)
    assert [row.player for row in rows] == [A, E, C, D, B]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5]
    for row in rows:
        points, wins, draws, losses, byes, buchholz, median, sb, diff = GOLDEN[row.player]
        assert (row.points, row.wins, row.draws, row.losses, row.byes) == (points, wins, draws, losses, byes)
        assert row.tiebreaks["buchholz"] == buchholz
        assert row.tiebreaks["median_buchholz"] == median
        assert row.tiebreaks["sonneborn_berger"] == pytest.approx(sb)
        assert row.tiebreaks["points_diff"] == diff
    assert rows[0].opponents == (B, C, E)


def test_head_to_head_orders_players_level_on_points() -> None:
    # 1 beats 2, 3 beats 4; 1 beats 3, 2 beats 4; 4 beats 1, 2 beats 3: 1 and 2 have 6, 3 and 4 have 3.
    results = [
        TableResult.of_winner(((1,), (2,)), 0),
        TableResult.of_winner(((3,), (4,)), 0),
        TableResult.of_winner(((1,), (3,)), 0),
        TableResult.of_winner(((2,), (4,)), 0),
        TableResult.of_winner(((4,), (1,)), 0),
        TableResult.of_winner(((2,), (3,)), 0),
    ]
    entry_order = [2, 1, 4, 3]
    assert [row.player for row in standings(entry_order, results, [], tiebreaks=[])] == entry_order
    rows = standings(entry_order, results, [], tiebreaks=["head_to_head"])
    assert [(row.player, row.points, row.tiebreaks["head_to_head"]) for row in rows] == [
        (1, 6, 3),
        (2, 6, 0),
        (3, 3, 3),
        (4, 3, 0),
    ]


def test_a_pod_scores_by_place_and_tied_scores_share_the_better_place() -> None:
    pod = TableResult.of_scores(((1,), (2,), (3,), (4,)), (20, 15, 15, 5))
    assert pod.places == (0, 1, 1, 3)
    rows = {row.player: row for row in standings([1, 2, 3, 4], [pod], [], tiebreaks=ALL)}
    assert [rows[p].points for p in (1, 2, 3, 4)] == [3, 2, 2, 0]
    assert (rows[1].wins, rows[2].losses, rows[4].losses) == (1, 1, 1)
    assert rows[1].tiebreaks["buchholz"] == 2 + 2 + 0
    assert rows[2].tiebreaks["sonneborn_berger"] == 0 + 2 / 2  # beat 4 (0 points), level with 3 (2)
    assert rows[1].tiebreaks["points_diff"] == 20 - (15 + 15 + 5)
    assert [rows[p].rank for p in (1, 2, 3, 4)] == [1, 2, 2, 4]  # 2 and 3 level on everything


def test_partners_score_individually_and_count_both_opponents() -> None:
    table = TableResult.of_winner(((1, 3), (2, 4)), 0)
    rows = {row.player: row for row in standings([1, 2, 3, 4], [table], [], tiebreaks=["buchholz"])}
    assert [rows[p].points for p in (1, 2, 3, 4)] == [3, 0, 3, 0]
    assert (rows[1].partners, rows[1].opponents) == ((3,), (2, 4))
    assert rows[2].tiebreaks["buchholz"] == 6
    assert rows[1].rank == rows[3].rank == 1  # level on everything: one rank


def test_the_event_points_table_and_median_of_fewer_than_three() -> None:
    points = PointsTable.of({"win": 2, "draw": 1, "bye": 1, "places": [5, 3]})
    assert (points.win, points.loss, points.bye, points.place(0), points.place(3)) == (2, 0, 1, 5, 3)
    rows = standings([A, B], [TableResult.of_winner(((A,), (B,)), None)], [A], points, ["median_buchholz"])
    assert [(row.player, row.points, row.tiebreaks["median_buchholz"]) for row in rows] == [
        (A, 2, 1),
        (B, 1, 2),
    ]
