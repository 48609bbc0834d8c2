"""On PostgreSQL with a real Celery worker on Redis (as in CI): a round too large for the request is
answered 202, paired by the worker, and its job, read from the database, reports the round."""

from __future__ import annotations

from typing import Any

import pytest
from celery.contrib.testing.worker import start_worker

from games.events.models import PairingJob, Round
from games.events.services import entry_add
from games.tasks import users_count
from scorekeeper.celery import app
from tests.events.helpers import make_room, swiss
from tests.factories import api_client

pytestmark = [pytest.mark.postgres, pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def test_a_worker_pairs_the_round_of_a_202_and_the_job_reports_it(settings: Any) -> None:
    settings.EVENT_PAIRING_INLINE_MAX = 4
    room = make_room(7)
    event = swiss(room)
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    client = api_client(room.director)
    with start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING"):
        started = client.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json")
        assert started.status_code == 202, started.json()
        assert users_count.delay().get(timeout=30) >= 0  # one solo worker: the pairing ran before
    job = client.get(f"/api/v1/events/{event.pk}/jobs/{started.json()['job']}/").json()
    assert (job["status"], job["round"]["number"], len(job["round"]["tables"])) == ("done", 1, 4)
    assert Round.objects.filter(event=event).count() == 1
    assert PairingJob.objects.get().finished_at is not None
