"""Standings rows, sorting, provisional players and head-to-head."""

from __future__ import annotations

import pytest

from games.stats.results import Outcome
from games.stats.standings import (
    SORT_KEYS,
    StandingsRow,
    head_to_head,
    mark_provisional,
    sort_rows,
    standings,
    streak,
)
from tests.stats.builders import result

ANA, BO, CY, DI = 1, 2, 3, 4


def test_a_row_counts_results_points_hands_and_sweeps() -> None:
    rows = standings(
        [
            result(1, [(ANA,), (BO,)], [11, 7], sweeps=[2, 0]),
            result(2, [(ANA,), (BO,)], [9, 12], sweeps=[1, 3]),
            result(3, [(ANA,), (BO,)], [10, 10], draw=True),
        ]
    )
    ana = rows[0]
    assert (ana.player_id, ana.played, ana.won, ana.drawn, ana.lost) == (ANA, 3, 1, 1, 1)
    assert (ana.points_for, ana.points_against, ana.points_diff) == (30, 29, 1)
    assert (ana.hands, ana.points_per_hand, ana.sweeps, ana.sweeps_per_match) == (12, 2.5, 3, 1.0)
    assert (ana.win_pct, ana.streak, ana.last_five) == (33.3, "D1", "WLD")
    assert (ana.best_hand, ana.best_hand_match) == (5, 1)


def test_results_are_folded_in_time_order_whatever_the_input_order() -> None:
    matches = [
        result(match_id, [(ANA,), (BO,)], [11, 7] if match_id % 3 else [1, 11]) for match_id in range(1, 9)
    ]
    assert standings(matches) == standings(list(reversed(matches)))
    assert standings(matches)[0].last_five == "WWLWW"


def test_partners_share_their_sides_result_and_points() -> None:
    rows = standings([result(1, [(ANA, CY), (BO, DI)], [21, 15])])
    by_player = {row.player_id: row for row in rows}
    assert by_player[ANA].won == by_player[CY].won == 1
    assert by_player[BO].lost == by_player[DI].lost == 1
    assert by_player[CY].points_for == 21
    assert by_player[DI].points_against == 21


def test_standings_can_be_limited_to_some_players() -> None:
    rows = standings([result(1, [(ANA,), (BO,), (CY,)], [5, 9, 2])], players={CY})
    assert [(row.player_id, row.points_against) for row in rows] == [(CY, 9)]


@pytest.mark.parametrize(
    ("outcomes", "expected"),
    [
        pytest.param("", "", id="no-matches-no-streak"),
        pytest.param("LWW", "W2", id="two-wins"),
        pytest.param("WWDL", "L1", id="one-loss"),
        pytest.param("DDD", "D3", id="three-draws"),
    ],
)
def test_streak_is_the_current_run_of_equal_results(outcomes: str, expected: str) -> None:
    assert streak([Outcome(letter) for letter in outcomes]) == expected


def test_players_with_fewer_matches_than_the_club_setting_are_provisional() -> None:
    rows = [StandingsRow(player_id=ANA, played=5), StandingsRow(player_id=BO, played=4)]
    assert [row.provisional for row in mark_provisional(rows, below=5)] == [False, True]


def test_league_order_puts_provisional_players_last_then_win_percentage_then_wins() -> None:
    rows = [
        StandingsRow(player_id=ANA, played=2, won=2, provisional=True),
        StandingsRow(player_id=BO, played=10, won=5),
        StandingsRow(player_id=CY, played=10, won=7),
        StandingsRow(player_id=DI, played=20, won=10, points_for=5),
    ]
    assert [row.player_id for row in sort_rows(rows)] == [CY, DI, BO, ANA]


@pytest.mark.parametrize("key", sorted(SORT_KEYS))
def test_every_sort_key_orders_the_table(key: str) -> None:
    rows = standings([result(1, [(ANA,), (BO,)], [11, 7]), result(2, [(CY,), (BO,)], [3, 11])])
    ascending = sort_rows(rows, key, descending=False)
    descending = sort_rows(rows, key, descending=True)
    assert sorted(row.player_id for row in ascending) == [ANA, BO, CY]
    assert [SORT_KEYS[key](row) for row in ascending] == sorted(SORT_KEYS[key](row) for row in rows)
    assert [SORT_KEYS[key](row) for row in descending] == sorted(
        (SORT_KEYS[key](row) for row in rows), reverse=True
    )


def test_numbers_sort_high_to_low_and_names_a_to_z_by_default() -> None:
    rows = [
        StandingsRow(player_id=ANA, name="Zoe", points_for=3),
        StandingsRow(player_id=BO, name="Al", points_for=9),
    ]
    assert [row.player_id for row in sort_rows(rows, "points_for")] == [BO, ANA]
    assert [row.player_id for row in sort_rows(rows, "name")] == [BO, ANA]


def test_head_to_head_counts_only_matches_on_different_sides() -> None:
    record = head_to_head(
        [
            result(1, [(ANA,), (BO,)], [11, 7]),
            result(2, [(ANA,), (BO,)], [8, 11]),
            result(3, [(ANA, BO), (CY, DI)], [21, 3]),  # partners: not against each other
            result(4, [(ANA,), (BO,), (CY,)], [4, 2, 11]),  # a third player won
            result(5, [(BO,), (ANA,)], [9, 9], draw=True),
            result(6, [(CY,), (DI,)], [11, 0]),
        ],
        ANA,
        BO,
    )
    assert (record.matches, record.wins_a, record.wins_b, record.draws) == (4, 1, 1, 1)
    assert [meeting.match_id for meeting in record.meetings] == [1, 2, 4, 5]
    assert [(meeting.score_a, meeting.score_b) for meeting in record.meetings] == [
        (11, 7),
        (8, 11),
        (4, 2),
        (9, 9),
    ]
    assert record.average_margin == (4 - 3 + 2 + 0) / 4


def test_head_to_head_of_players_who_never_met_is_empty() -> None:
    record = head_to_head([result(1, [(ANA,), (CY,)], [11, 7])], ANA, BO)
    assert (record.matches, record.average_margin) == (0, 0.0)
