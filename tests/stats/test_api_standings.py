"""GET /api/v1/clubs/{id}/standings/: the club's table, from the cache, for members."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings

from games.stats.models import ClubStatsSettings
from tests.factories import PlayerFactory, SeasonFactory
from tests.games.test_followups import DEAD_BROKER, broker
from tests.stats.conftest import ClubWorld, client_for
from tests.stats.matches import flip_winner, tamlin_match

pytestmark = pytest.mark.django_db(transaction=True)  # the follow-up task runs on commit
# The default cache dead; the sessions keep theirs (without Redis, a cache of their own).
DEAD_REDIS = {
    **settings.CACHES,
    "default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"},
}


def standings(world: ClubWorld, **query: str | int) -> Any:
    response = client_for(world.member).get(f"/api/v1/clubs/{world.club.pk}/standings/", query)
    assert response.status_code == 200, response.json()
    return response.json()


def test_a_member_sees_results_points_and_ratings_after_a_finished_match(world: ClubWorld) -> None:
    tamlin_match(world.club, [world.ana, world.bo])
    body = standings(world, game="tamlin")
    assert (body["club"]["name"], body["game"], body["season"], body["provisional_below"]) == (
        "Thursday Club",
        "tamlin",
        None,
        5,
    )
    ana, bo = body["rows"]
    assert (ana["player"]["name"], ana["played"], ana["won"], ana["win_pct"], ana["streak"]) == (
        "Ana",
        1,
        1,
        100.0,
        "W1",
    )
    assert (ana["points_for"], ana["points_against"], ana["hands"], ana["sweeps"]) == (11, 1, 1, 2)
    assert (bo["player"]["name"], bo["lost"], bo["last_five"]) == ("Bo", 1, "L")
    assert ana["rating"] > 1500 > bo["rating"]
    assert ana["provisional"]
    assert bo["deviation"] < 250


def test_the_table_changes_as_soon_as_another_match_is_finished(world: ClubWorld) -> None:
    tamlin_match(world.club, [world.ana, world.bo])
    first = standings(world, game="tamlin")
    tamlin_match(world.club, [world.ana, world.bo], winner=1)
    second = standings(world, game="tamlin")
    assert [row["played"] for row in first["rows"]] == [1, 1]
    assert [row["played"] for row in second["rows"]] == [2, 2]
    assert second["rows"][0]["rating"] != first["rows"][0]["rating"]


def test_the_table_is_served_from_the_cache(world: ClubWorld, django_assert_max_num_queries: Any) -> None:
    tamlin_match(world.club, [world.ana, world.bo])
    standings(world, game="tamlin")
    with django_assert_max_num_queries(6):  # session/auth, club, membership, fingerprint, settings
        standings(world, game="tamlin")


@override_settings(CACHES=DEAD_REDIS)
def test_with_the_cache_down_the_table_is_computed_from_the_database(world: ClubWorld) -> None:
    tamlin_match(world.club, [world.ana, world.bo])
    assert [row["won"] for row in standings(world, game="tamlin")["rows"]] == [1, 0]


def test_a_season_table_counts_only_that_seasons_matches(world: ClubWorld) -> None:
    autumn, spring = SeasonFactory.create(club=world.club), SeasonFactory.create(club=world.club)
    tamlin_match(world.club, [world.ana, world.bo], season=autumn)
    tamlin_match(world.club, [world.ana, world.bo], season=spring, winner=1)
    body = standings(world, season=autumn.pk)
    assert body["season"] == {"id": autumn.pk, "name": autumn.name}
    assert [(row["player"]["name"], row["won"]) for row in body["rows"]] == [("Ana", 1), ("Bo", 0)]
    assert [row["played"] for row in standings(world)["rows"]] == [2, 2]
    assert standings(world)["rows"][0]["rating"] is None  # ratings are per game


def test_the_clubs_setting_decides_who_is_provisional(world: ClubWorld) -> None:
    ClubStatsSettings.objects.create(club=world.club, provisional_below=1)
    tamlin_match(world.club, [world.ana, world.bo])
    body = standings(world)
    assert body["provisional_below"] == 1
    assert [row["provisional"] for row in body["rows"]] == [False, False]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("query", "names"),
    [
        pytest.param({}, ["Cy", "Ana", "Bo"], id="league-order-by-win-percentage"),
        pytest.param({"sort": "name"}, ["Ana", "Bo", "Cy"], id="name-a-to-z"),
        pytest.param({"sort": "points_for", "order": "asc"}, ["Cy", "Bo", "Ana"], id="points-low-to-high"),
        pytest.param({"sort": "lost"}, ["Bo", "Ana", "Cy"], id="most-losses-first"),
    ],
)
def test_the_table_sorts_by_any_column(world: ClubWorld, query: dict[str, str], names: list[str]) -> None:
    cy = PlayerFactory.create(name="Cy")
    tamlin_match(world.club, [world.ana, world.bo])
    tamlin_match(world.club, [world.ana, world.bo])
    tamlin_match(world.club, [world.bo, world.ana])
    tamlin_match(world.club, [cy, world.bo])
    assert [row["player"]["name"] for row in standings(world, **query)["rows"]] == names


@pytest.mark.parametrize(
    ("who", "status", "code"),
    [
        pytest.param("outsider", 404, "resource.not_found", id="outsider"),
        pytest.param(None, 401, "auth.required", id="anonymous"),
    ],
)
def test_only_members_see_the_table(world: ClubWorld, who: str | None, status: int, code: str) -> None:
    user = getattr(world, who) if who else None
    response = client_for(user).get(f"/api/v1/clubs/{world.club.pk}/standings/")
    assert (response.status_code, response.json()["code"]) == (status, code)


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        pytest.param({"sort": "luck"}, 400, "request.invalid", id="unknown-sort"),
        pytest.param({"game": "poker"}, 400, "request.invalid", id="unknown-game"),
        pytest.param({"season": 999999}, 404, "resource.not_found", id="season-of-no-club"),
    ],
)
def test_a_bad_query_is_refused(
    world: ClubWorld, query: dict[str, str | int], status: int, code: str
) -> None:
    response = client_for(world.member).get(f"/api/v1/clubs/{world.club.pk}/standings/", query)
    assert (response.status_code, response.json()["code"]) == (status, code)


def test_an_unknown_club_is_not_found(world: ClubWorld) -> None:
    response = client_for(world.member).get("/api/v1/clubs/999999/standings/")
    assert (response.status_code, response.json()["code"]) == (404, "resource.not_found")


def test_a_correction_shows_in_the_standings_at_once_without_waiting_for_a_worker(world: ClubWorld) -> None:
    match = tamlin_match(world.club, [world.ana, world.bo])
    before = standings(world)  # cached now
    with broker(DEAD_BROKER):  # no follow-up task reaches a worker: the request itself invalidates
        flip_winner(match)
    after = standings(world)
    assert [(row["player"]["name"], row["won"]) for row in before["rows"]] == [("Ana", 1), ("Bo", 0)]
    assert [(row["player"]["name"], row["won"]) for row in after["rows"]] == [("Bo", 1), ("Ana", 0)]
