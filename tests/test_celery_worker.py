"""A real Celery worker on Redis runs our tasks against the test database."""

from __future__ import annotations

import pytest
from celery.contrib.testing.worker import start_worker
from django.contrib.auth import get_user_model

from games.tasks import users_count
from scorekeeper.celery import app


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_runs_a_task_and_returns_its_result() -> None:
    get_user_model().objects.create_user("worker-check")
    with start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING"):
        result = users_count.delay()
        assert result.get(timeout=30) == 1
    assert result.status == "SUCCESS"


def test_without_a_broker_tasks_run_eagerly(db: None) -> None:
    assert users_count.delay().get(timeout=5) == 0
