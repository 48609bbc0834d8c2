"""``/livez`` (load balancers: the process and the database) and ``/healthz`` (the full report)."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

import pytest
from django.conf import settings
from django.test import Client, override_settings
from redis.exceptions import RedisError

from scorekeeper.health import (
    CHECKING_KEY,
    HEALTH,
    LIVE,
    SHARED_FRESH,
    VERDICT_KEY,
    WAIT,
    WORKERS_KEY,
    worker_arrived,
    worker_left,
)
from scorekeeper.redis_conf import RedisConf, redis_client

DEAD_REDIS = RedisConf("redis://127.0.0.1:1/0")  # nothing listens on port 1: refused at once


def _forget_reports() -> None:
    HEALTH.forget()
    LIVE.forget()
    if settings.REDIS is not None:
        with contextlib.suppress(RedisError):
            redis_client().delete(VERDICT_KEY, CHECKING_KEY)


@pytest.fixture(autouse=True)
def _no_kept_reports() -> Iterator[None]:
    _forget_reports()
    yield
    _forget_reports()


@pytest.fixture
def _no_registered_workers() -> Iterator[None]:
    redis_client().delete(WORKERS_KEY)
    yield
    redis_client().delete(WORKERS_KEY)


@pytest.fixture
def silent_redis() -> Iterator[tuple[RedisConf, list[socket.socket]]]:
    """A Redis address that takes connections and never answers (a hung server), and the connections
    it took so far."""
    listener = socket.create_server(("127.0.0.1", 0))
    taken: list[socket.socket] = []

    def take() -> None:
        while True:
            try:
                taken.append(listener.accept()[0])
            except OSError:  # closed: the test is over
                return

    threading.Thread(target=take, daemon=True).start()
    yield RedisConf(f"redis://127.0.0.1:{listener.getsockname()[1]}/0"), taken
    listener.close()
    for conn in taken:
        conn.close()


def _finished(staff: Client) -> tuple[int, dict[str, Any]]:
    """``/healthz`` once its check has finished: one that waits out a worker's ping outlasts a caller's
    wait, and a later caller reads it."""
    deadline = time.monotonic() + 10
    while "workers" not in (response := staff.get("/healthz")).json() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "workers" in response.json(), f"no finished check within 10 s: {response.json()}"
    return response.status_code, response.json()


@pytest.mark.django_db
@override_settings(REDIS=None)
def test_healthz_is_ok_with_a_database_and_no_redis_configured(admin_client: Client) -> None:
    response = admin_client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["checks"] == {"database": True}


@pytest.mark.django_db
@override_settings(REDIS=DEAD_REDIS)
def test_healthz_names_redis_when_it_is_down(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "fail", "failed": ["redis", "workers"]}


@pytest.mark.django_db
@override_settings(REDIS=DEAD_REDIS)
def test_livez_keeps_the_node_in_the_balancer_when_only_redis_is_down(client: Client) -> None:
    response = client.get("/livez")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": True}


@pytest.mark.redis
@pytest.mark.django_db
@pytest.mark.usefixtures("_no_registered_workers")
def test_healthz_reports_a_registered_worker_that_does_not_answer(admin_client: Client) -> None:
    redis_client().hset(WORKERS_KEY, "celery@gone", 1e12)  # registered "in the future": never forgotten
    status, body = _finished(admin_client)
    assert status == 503
    assert body["failed"] == ["workers"]
    assert body["workers"] == {"answered": [], "late": ["celery@gone"]}


@pytest.mark.redis
@pytest.mark.django_db
@pytest.mark.usefixtures("_no_registered_workers")
def test_anonymous_callers_get_the_status_and_failing_parts_but_no_host_names(client: Client) -> None:
    redis_client().hset(WORKERS_KEY, "celery@gone.example.org", 1e12)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "fail", "failed": ["workers"]}
    assert b"gone.example.org" not in response.content


@pytest.mark.django_db
def test_callers_within_a_moment_get_the_same_report(client: Client) -> None:
    with override_settings(REDIS=None):
        assert client.get("/healthz").json() == {"status": "ok", "failed": []}
    with override_settings(REDIS=DEAD_REDIS):  # the next real check finds Redis down
        assert client.get("/healthz").json() == {"status": "ok", "failed": []}
        HEALTH.forget()
        assert client.get("/healthz").json() == {"status": "fail", "failed": ["redis", "workers"]}


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
def test_a_hung_redis_holds_no_caller_past_the_wait_and_is_checked_once(
    client: Client, silent_redis: tuple[RedisConf, list[socket.socket]]
) -> None:
    conf, taken = silent_redis

    def timed(_: int) -> tuple[Any, float]:
        started = time.monotonic()
        return client.get("/healthz"), time.monotonic() - started

    client.get("/livez")  # the first request of a process loads what every later one uses
    with override_settings(REDIS=conf), ThreadPoolExecutor(20) as callers:
        answers, waits = zip(*callers.map(timed, range(20)), strict=True)
    assert {(answer.status_code, answer.content) for answer in answers} == {
        (503, b'{"status": "fail", "failed": ["redis", "workers"]}')
    }
    # Each caller waits WAIT for the check, which itself waits 2 s for Redis's answer; the second
    # beyond WAIT is the twenty requests' own work, sharing one interpreter.
    assert max(waits) < WAIT + 1
    assert len(taken) == 1  # twenty callers, one check


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("_no_registered_workers")
def test_healthz_is_ok_when_database_redis_and_a_worker_answer(admin_client: Client) -> None:
    from celery.contrib.testing.worker import start_worker

    from scorekeeper.celery import app

    with start_worker(app, pool="solo", perform_ping_check=False, loglevel="WARNING") as worker:
        deadline = time.monotonic() + 10  # a first check may outlast a caller's wait: a later one reads it
        while (response := admin_client.get("/healthz")).status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.2)
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["checks"] == {"database": True, "redis": True, "workers": True}
    assert body["workers"]["answered"] == [worker.hostname]  # type: ignore[attr-defined]  # set at start


@pytest.mark.redis
@pytest.mark.usefixtures("_no_registered_workers")
def test_a_worker_without_redis_is_not_registered_and_does_not_fail() -> None:
    with override_settings(REDIS=None):
        worker_arrived("celery@eager")
    assert not redis_client().hexists(WORKERS_KEY, "celery@eager")
    redis_client().hset(WORKERS_KEY, "celery@eager", time.time())
    with override_settings(REDIS=None):
        worker_left("celery@eager")
    assert redis_client().hexists(WORKERS_KEY, "celery@eager")


@pytest.mark.redis
@pytest.mark.django_db
def test_every_process_answers_the_verdict_another_one_shared_while_it_is_fresh(client: Client) -> None:
    """Another node checked a moment ago and found the workers late: this process answers the same,
    without checking; once that verdict is older than SHARED_FRESH, this process checks for itself."""
    others = {"database": True, "redis": True, "workers": False}
    other_node = {
        "at": time.time(),
        "checks": others,
        "details": {"workers": {"answered": [], "late": ["w"]}},
    }
    redis_client().set(VERDICT_KEY, json.dumps(other_node))
    assert client.get("/healthz").json() == {"status": "fail", "failed": ["workers"]}
    redis_client().set(VERDICT_KEY, json.dumps(other_node | {"at": time.time() - SHARED_FRESH}))
    HEALTH.forget()
    _finished_check(client)
    made = json.loads(cast("bytes", redis_client().get(VERDICT_KEY)))
    assert made["at"] > other_node["at"]
    assert made["details"]["workers"]["late"] == []


@pytest.mark.redis
@pytest.mark.django_db
def test_the_database_is_as_this_process_reaches_it_whatever_the_shared_verdict_says(client: Client) -> None:
    """An outage's end is seen by the first process to reach the database again, not a shared verdict
    later (an older release shared the database's part too)."""
    others = {"database": False, "redis": True, "workers": True}
    redis_client().set(VERDICT_KEY, json.dumps({"at": time.time(), "checks": others, "details": {}}))
    assert client.get("/healthz").json() == {"status": "ok", "failed": []}


@pytest.mark.redis
@pytest.mark.django_db
def test_while_another_process_checks_the_last_shared_verdict_stands(client: Client) -> None:
    stale = {
        "at": time.time() - 60,
        "checks": {"database": True, "redis": True, "workers": True},
        "details": {},
    }
    redis_client().set(VERDICT_KEY, json.dumps(stale))
    redis_client().set(CHECKING_KEY, 1, ex=5)
    assert client.get("/healthz").json() == {"status": "ok", "failed": []}


def _finished_check(client: Client) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        client.get("/healthz")
        if not redis_client().exists(CHECKING_KEY):
            return
        time.sleep(0.2)
    pytest.fail("no check finished within 10 s")
