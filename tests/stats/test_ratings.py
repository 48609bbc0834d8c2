"""OpenSkill ratings replayed over finished matches (issue #8), with properties of the replay."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.stats.ratings import Rating, Snapshot, latest, rate_match, replay, replay_from
from games.stats.results import MatchResult
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


# Properties (issue #8): the replay depends on the match order alone.

PLAYERS = st.lists(st.integers(1, 6), min_size=2, max_size=4, unique=True)


@st.composite
def matches(draw: st.DrawFn) -> list[MatchResult]:
    count = draw(st.integers(1, 8))
    found: list[MatchResult] = []
    for match_id in range(1, count + 1):
        seated = draw(PLAYERS)
        totals = draw(st.lists(st.integers(0, 30), min_size=len(seated), max_size=len(seated)))
        minute = draw(st.integers(0, 5))  # equal finishing times are ordered by id
        found.append(result(match_id, [(player,) for player in seated], totals, minute=minute))
    return found


def _recorded(arrivals: Sequence[MatchResult]) -> list[Snapshot]:
    """What the service does: each arriving match is rated by replaying from its place."""
    ledger: list[Snapshot] = []
    arrived: list[MatchResult] = []
    for match in arrivals:
        arrived.append(match)
        ledger = replay_from(ledger, arrived, match.key)
    return ledger


@settings(max_examples=60, deadline=None)
@given(matches(), st.randoms(use_true_random=False))
def test_the_order_of_recording_does_not_matter_for_the_same_match_order(
    found: list[MatchResult], rng: object
) -> None:
    arrivals = list(found)
    rng.shuffle(arrivals)  # type: ignore[attr-defined]  # hypothesis' Random
    assert sorted(_recorded(arrivals), key=_order) == sorted(replay(found), key=_order)


@settings(max_examples=60, deadline=None)
@given(matches())
def test_deleting_the_last_match_restores_the_previous_ratings_exactly(found: list[MatchResult]) -> None:
    last = max(found, key=lambda match: match.key)
    kept = [match for match in found if match is not last]
    after_delete = replay_from(replay(found), kept, last.key)
    assert after_delete == replay(kept)
    assert latest(after_delete) == latest(replay(kept))


@settings(max_examples=60, deadline=None)
@given(matches(), st.data())
def test_correcting_a_match_replays_from_its_place_like_a_full_replay(
    found: list[MatchResult], data: st.DataObject
) -> None:
    corrected = data.draw(st.sampled_from(found))
    flipped = result(
        corrected.match_id,
        [side.players for side in corrected.sides],
        [side.total for side in reversed(corrected.sides)],
        minute=corrected.finished_at.minute,
    )
    now = [flipped if match is corrected else match for match in found]
    assert replay_from(replay(found), now, corrected.key) == replay(now)


def _order(snapshot: Snapshot) -> tuple[object, ...]:
    return (snapshot.key, snapshot.player_id)


@pytest.mark.parametrize("start", [None, {ANA: Rating(30.0, 2.0)}])
def test_replay_starts_from_the_given_ratings(start: dict[int, Rating] | None) -> None:
    snapshots = replay([result(1, [(ANA,), (BO,)], [11, 7])], start)
    assert snapshots[0].rating.mu > (start or {ANA: Rating()})[ANA].mu
