"""On PostgreSQL with a real Celery worker on Redis (as in CI): matches finished and corrected through the
API change the standings and ratings within the worker's round trip; with the worker or Redis down the
match is still recorded, and the standings catch up when it returns."""

from __future__ import annotations

from typing import Any

import pytest
from celery.contrib.testing.worker import start_worker
from django.test import override_settings
from rest_framework.test import APIClient

from games.matches.services.followups import followups_resend
from games.models import Match
from games.stats.models import RatingSnapshot
from games.stats.tasks import stats_rebuild_clubs
from games.tasks import users_count
from scorekeeper.celery import app
from tests.games.test_followups import DEAD_BROKER, broker
from tests.stats.conftest import ClubWorld, client_for
from tests.stats.matches import TABLE, entries
from tests.stats.test_api_standings import DEAD_REDIS

pytestmark = [pytest.mark.postgres, pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def worker() -> Any:
    return start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING")


def drained() -> None:
    """Wait until the worker has run every task queued so far (one solo worker runs them in order)."""
    assert users_count.delay().get(timeout=30) >= 0


def finish_through_the_api(client: APIClient, world: ClubWorld, winner: int) -> int:
    players = [world.ana.pk, world.bo.pk]
    body = {"game": "tamlin", "players": players, "club": world.club.pk, "options": {"target": 5}}
    match = client.post("/api/v1/matches/", body, format="json")
    assert match.status_code == 201, match.json()
    pk = match.json()["id"]
    assert client.post(f"/api/v1/matches/{pk}/hands/", {"table": TABLE}, format="json").status_code == 201
    summary = client.post(f"/api/v1/matches/{pk}/hands/1/summary/", {"sides": entries(winner)}, format="json")
    assert summary.status_code == 201, summary.json()
    return int(pk)


def table(world: ClubWorld) -> list[tuple[str, int, int | None]]:
    body = (
        client_for(world.member).get(f"/api/v1/clubs/{world.club.pk}/standings/", {"game": "tamlin"}).json()
    )
    return [(row["player"]["name"], row["won"], row["rating"]) for row in body["rows"]]


def ratings(world: ClubWorld) -> dict[str, int]:
    """Each player's rating in the table (all must be rated)."""
    found = {name: rating for name, _, rating in table(world)}
    for rating in found.values():
        assert rating is not None
    return {name: rating for name, rating in found.items() if rating is not None}


def test_a_match_finished_and_then_corrected_through_the_api_moves_standings_and_ratings(
    world: ClubWorld,
) -> None:
    owner = client_for(world.owner)
    with worker():
        pk = finish_through_the_api(owner, world, winner=0)
        drained()
        assert [(name, won) for name, won, _ in table(world)] == [("Ana", 1), ("Bo", 0)]
        assert ratings(world)["Ana"] > 1500 > ratings(world)["Bo"]
        corrected = owner.post(
            f"/api/v1/matches/{pk}/hands/1/correct/", {"summary": entries(1)}, format="json"
        )
        assert corrected.status_code == 200, corrected.json()
        drained()
        assert [(name, won) for name, won, _ in table(world)] == [("Bo", 1), ("Ana", 0)]
        assert ratings(world)["Ana"] < 1500 < ratings(world)["Bo"]


def test_with_the_worker_down_the_match_counts_at_once_and_ratings_follow_when_it_returns(
    world: ClubWorld,
) -> None:
    finish_through_the_api(client_for(world.owner), world, winner=0)
    assert table(world) == [("Ana", 1, None), ("Bo", 0, None)]  # recorded and counted; not rated yet
    with worker():
        drained()
    assert ratings(world)["Ana"] > 1500 > ratings(world)["Bo"]


def test_with_redis_down_the_match_is_recorded_and_the_standings_catch_up_when_it_returns(
    world: ClubWorld,
) -> None:
    with broker(DEAD_BROKER), override_settings(CACHES=DEAD_REDIS):
        pk = finish_through_the_api(client_for(world.owner), world, winner=1)
        assert table(world) == [("Bo", 1, None), ("Ana", 0, None)]  # from the database, no cache
    assert Match.objects.get(pk=pk).pending_followups
    with worker():
        assert followups_resend() == 1  # Redis is back: the catch-up sends the pending follow-up
        drained()
    assert [(name, won) for name, won, _ in table(world)] == [("Bo", 1), ("Ana", 0)]
    assert ratings(world)["Bo"] > 1500 > ratings(world)["Ana"]


def test_the_worker_knows_the_rebuild_task_of_the_admin_action(world: ClubWorld) -> None:
    finish_through_the_api(client_for(world.owner), world, winner=0)
    with worker():
        drained()
        rated = list(RatingSnapshot.objects.order_by("pk").values_list("match_ref", "player_id", "mu"))
        assert stats_rebuild_clubs.delay([world.club.pk]).get(timeout=30) == 2
    assert list(RatingSnapshot.objects.order_by("pk").values_list("match_ref", "player_id", "mu")) == rated
