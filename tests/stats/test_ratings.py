"""OpenSkill ratings replayed over finished matches; the replay's properties, on the rows the
service stores, are in test_rating_replays.py."""

from __future__ import annotations

import pytest

from games.stats.ratings import Rating, latest, rate_match, replay
from tests.stats.builders import result

ANA, BO, CY, DI = 1, 2, 3, 4


def test_a_newcomer_shows_1500_with_a_wide_deviation() -> None:
    assert (Rating().display, Rating().deviation) == (1500, 250)


def test_the_winner_gains_what_the_loser_loses_and_both_become_surer() -> None:
    after = rate_match(result(1, [(ANA,), (BO,)], [11, 7]), {})
    assert after[ANA].display > 1500 > after[BO].display
    assert after[ANA].display - 1500 == 1500 - after[BO].display
    assert after[ANA].deviation < 250
    assert after[BO].deviation < 250


def test_partners_move_together_in_a_pairs_match() -> None:
    after = rate_match(result(1, [(ANA, CY), (BO, DI)], [21, 15]), {})
    assert after[ANA] == after[CY]
    assert after[BO] == after[DI]
    assert after[ANA].mu > after[BO].mu


def test_free_for_all_orders_ratings_by_place() -> None:
    after = rate_match(result(1, [(ANA,), (BO,), (CY,), (DI,)], [4, 12, 8, 1]), {})
    assert after[BO].mu > after[CY].mu > after[ANA].mu > after[DI].mu


def test_a_draw_between_equals_changes_only_the_uncertainty() -> None:
    after = rate_match(result(1, [(ANA,), (BO,)], [9, 9], draw=True), {})
    assert after[ANA].display == after[BO].display == 1500
    assert after[ANA].deviation < 250


def test_beating_a_stronger_player_earns_more_than_beating_a_weaker_one() -> None:
    strong, weak = Rating(mu=30.0, sigma=3.0), Rating(mu=20.0, sigma=3.0)
    upset = rate_match(result(1, [(ANA,), (BO,)], [11, 0]), {ANA: Rating(25.0, 3.0), BO: strong})
    expected = rate_match(result(1, [(ANA,), (BO,)], [11, 0]), {ANA: Rating(25.0, 3.0), BO: weak})
    assert upset[ANA].mu - 25.0 > expected[ANA].mu - 25.0


def test_replay_snapshots_every_player_of_every_match_with_their_place() -> None:
    snapshots = replay([result(2, [(BO,), (CY,)], [3, 11]), result(1, [(ANA,), (BO,)], [11, 7])])
    assert [(s.match_id, s.player_id, s.rank) for s in snapshots] == [
        (1, ANA, 0),
        (1, BO, 1),
        (2, BO, 1),
        (2, CY, 0),
    ]
    assert latest(snapshots)[BO] == snapshots[2].rating


@pytest.mark.parametrize("start", [None, {ANA: Rating(30.0, 2.0)}])
def test_replay_starts_from_the_given_ratings(start: dict[int, Rating] | None) -> None:
    snapshots = replay([result(1, [(ANA,), (BO,)], [11, 7])], start)
    assert snapshots[0].rating.mu > (start or {ANA: Rating()})[ANA].mu
