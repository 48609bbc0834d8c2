"""Rating snapshots follow the recorded matches: replayed from the first affected match, never patched
(docs/rules-decisions.md, Standings and ratings). Writes go through the recording services, whose
follow-up task refreshes the statistics."""

from __future__ import annotations

import pytest

from games.matches.services.matches import match_abandon
from games.models import Match
from games.stats.models import RatingSnapshot
from games.stats.services import ratings_rebuild, stats_rebuild, stats_refresh_for_match
from games.tasks import match_updated
from tests.factories import ClubFactory, MatchFactory, PlayerFactory
from tests.stats.matches import flip_winner, tamlin_match

pytestmark = pytest.mark.django_db(transaction=True)  # follow-ups run on commit, as in production


def snapshots(club_id: int) -> list[tuple[int, int, int, float, float]]:
    rows = RatingSnapshot.objects.filter(scope__club_id=club_id).order_by(
        "finished_at", "match_ref", "player_id"
    )
    return list(rows.values_list("match_ref", "player_id", "rank", "mu", "sigma"))


def test_finishing_a_match_rates_its_players_at_once() -> None:
    club = ClubFactory.create()
    ana, bo = PlayerFactory.create_batch(2)
    match = tamlin_match(club, [ana, bo])
    assert [(ref, player, rank) for ref, player, rank, *_ in snapshots(club.pk)] == [
        (match.pk, ana.pk, 0),
        (match.pk, bo.pk, 1),
    ]


def test_pairs_are_rated_as_teams() -> None:
    club = ClubFactory.create()
    players = PlayerFactory.create_batch(4)
    tamlin_match(club, players, winner=1)
    mu = {player: mu for _, player, _, mu, _ in snapshots(club.pk)}
    assert mu[players[1].pk] == mu[players[3].pk] > mu[players[0].pk] == mu[players[2].pk]


def test_a_corrected_hand_replays_the_ratings_from_that_match_like_a_rebuild() -> None:
    club = ClubFactory.create()
    ana, bo, cy = PlayerFactory.create_batch(3)
    first = tamlin_match(club, [ana, bo])
    tamlin_match(club, [bo, cy])
    before = snapshots(club.pk)
    flip_winner(first)
    after = snapshots(club.pk)
    assert after != before
    assert [rank for ref, _, rank, *_ in after if ref == first.pk] == [1, 0]
    ratings_rebuild(club_id=club.pk, game="tamlin")
    assert snapshots(club.pk) == after


def test_deleting_the_last_match_restores_the_previous_ratings_exactly() -> None:
    club = ClubFactory.create()
    ana, bo = PlayerFactory.create_batch(2)
    tamlin_match(club, [ana, bo])
    tamlin_match(club, [ana, bo], winner=1)
    before_last = snapshots(club.pk)
    last = tamlin_match(club, [bo, ana])
    Match.objects.filter(pk=last.pk).delete()
    match_updated.delay(last.pk)
    assert snapshots(club.pk) == before_last


def test_a_match_rated_late_is_put_in_its_place_by_the_next_refresh() -> None:
    """The worker missed the first match (its task never ran): the next refresh catches up."""
    club = ClubFactory.create()
    ana, bo, cy = PlayerFactory.create_batch(3)
    first = tamlin_match(club, [ana, bo])
    RatingSnapshot.objects.filter(match=first).delete()
    tamlin_match(club, [ana, cy])
    caught_up = snapshots(club.pk)
    assert {ref for ref, *_ in caught_up} >= {first.pk}
    ratings_rebuild(club_id=club.pk, game="tamlin")
    assert snapshots(club.pk) == caught_up


def test_an_abandoned_match_is_never_rated() -> None:
    club = ClubFactory.create()
    match = MatchFactory.create(game="tamlin", club=club, created_by=club.created_by)
    match_abandon(match=match)
    assert stats_refresh_for_match(match_id=match.pk) == 0  # nothing to replay
    assert snapshots(club.pk) == []


def test_a_refresh_is_idempotent_and_a_rebuild_covers_every_game_of_the_club() -> None:
    club = ClubFactory.create()
    ana, bo = PlayerFactory.create_batch(2)
    match = tamlin_match(club, [ana, bo])
    rated = snapshots(club.pk)
    stats_refresh_for_match(match_id=match.pk)
    stats_refresh_for_match(match_id=match.pk)
    assert snapshots(club.pk) == rated
    report = stats_rebuild(club_ids=[club.pk])
    assert (report.scopes, report.matches, report.snapshots, report.tables) == (1, 1, 2, 2)
    assert snapshots(club.pk) == rated
