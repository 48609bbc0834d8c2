"""``/livez`` (load balancers: the process and the database) and ``/healthz`` (the full report)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client, override_settings

from scorekeeper.health import WORKERS_KEY, worker_arrived, worker_left
from scorekeeper.redis_conf import RedisConf, redis_client

DEAD_REDIS = RedisConf("redis://127.0.0.1:1/0")  # nothing listens on port 1: refused at once


@pytest.fixture
def _no_registered_workers() -> Iterator[None]:
    redis_client().delete(WORKERS_KEY)
    yield
    redis_client().delete(WORKERS_KEY)


@pytest.mark.django_db
@override_settings(REDIS=None)
def test_healthz_is_ok_with_a_database_and_no_redis_configured(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["checks"] == {"database": True}


@pytest.mark.django_db
@override_settings(REDIS=DEAD_REDIS)
def test_healthz_names_redis_when_it_is_down(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["failed"] == ["redis", "workers"]


@pytest.mark.django_db
@override_settings(REDIS=DEAD_REDIS)
def test_livez_keeps_the_node_in_the_balancer_when_only_redis_is_down(client: Client) -> None:
    response = client.get("/livez")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": True}


@pytest.mark.redis
@pytest.mark.django_db
@pytest.mark.usefixtures("_no_registered_workers")
def test_healthz_reports_a_registered_worker_that_does_not_answer(client: Client) -> None:
    redis_client().hset(WORKERS_KEY, "celery@gone", 1e12)  # registered "in the future": never forgotten
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failed"] == ["workers"]
    assert body["workers"] == {"answered": [], "late": ["celery@gone"]}


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("_no_registered_workers")
def test_healthz_is_ok_when_database_redis_and_a_worker_answer(client: Client) -> None:
    from celery.contrib.testing.worker import start_worker

    from scorekeeper.celery import app

    with start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING") as worker:
        response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["checks"] == {"database": True, "redis": True, "workers": True}
    assert body["workers"]["answered"] == [worker.hostname]  # type: ignore[attr-defined]  # set at start


@override_settings(REDIS=None)
def test_a_worker_without_redis_is_not_registered_and_does_not_fail() -> None:
    worker_arrived("celery@eager")
    worker_left("celery@eager")
