"""Health endpoints: ``/livez`` for load balancers, ``/healthz`` for monitoring.

``/livez`` asks only what a node needs to serve writes (the process answers, the database answers), so
a Redis outage never takes every node out of the balancer. ``/healthz`` is the full report: the
database, Redis and the Celery workers. Workers enter a registry in Redis when they start and leave it
when they stop; one in the registry that does not answer a ping within ``PING_TIMEOUT`` is late.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from redis.exceptions import RedisError

from scorekeeper.redis_conf import redis_client

PING_TIMEOUT = 1.0  # seconds a worker has to answer
WORKERS_KEY = "scorekeeper:workers"  # hash: worker hostname -> when it last started or answered
FORGET_AFTER = 24 * 60 * 60  # a worker gone this long without a clean stop is no longer reported


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return bool(cursor.fetchone() == (1,))
    except Exception:  # any driver error means "down"; the body says which part failed
        return False


def _redis_ok() -> bool:
    try:
        return bool(redis_client().ping())
    except RedisError:
        return False


def worker_arrived(hostname: str) -> None:
    """Put a starting worker in the registry (``worker_ready``); Redis down: it is not listed."""
    if settings.REDIS is None:
        return
    try:
        redis_client().hset(WORKERS_KEY, hostname, time.time())
    except RedisError:
        return


def worker_left(hostname: str) -> None:
    """Take a worker that stops cleanly out of the registry (``worker_shutdown``)."""
    if settings.REDIS is None:
        return
    try:
        redis_client().hdel(WORKERS_KEY, hostname)
    except RedisError:
        return


def _workers() -> tuple[list[str], list[str]]:
    """Who answered a ping, and who is registered but did not answer within ``PING_TIMEOUT``."""
    from scorekeeper.celery import app

    try:
        replies = app.control.ping(timeout=PING_TIMEOUT) or []
    except Exception:  # the broker's errors are transport-specific; the report says "workers: false"
        replies = []
    answered = sorted(name for reply in replies for name in reply)
    now = time.time()
    client = redis_client()
    known = {_text(name): float(seen) for name, seen in client.hgetall(WORKERS_KEY).items()}
    if answered:
        client.hset(WORKERS_KEY, mapping=dict.fromkeys(answered, now))
    late = sorted(name for name, seen in known.items() if name not in answered and now - seen < FORGET_AFTER)
    return answered, late


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def livez(request: HttpRequest) -> JsonResponse:
    """200 while this node can serve: the process runs and the database answers; else 503."""
    ok = _database_ok()
    return JsonResponse({"status": "ok" if ok else "fail", "database": ok}, status=200 if ok else 503)


def healthz(request: HttpRequest) -> JsonResponse:
    """The full report: 200 when every part answers, else 503 naming the parts that failed."""
    checks = {"database": _database_ok()}
    body: dict[str, object] = {}
    if settings.REDIS is not None:
        checks["redis"] = _redis_ok()
        try:
            answered, late = _workers() if checks["redis"] else ([], [])
        except RedisError:
            checks["redis"], answered, late = False, [], []
        checks["workers"] = bool(answered) and not late
        body["workers"] = {"answered": answered, "late": late}
    failed = [name for name, ok in checks.items() if not ok]
    body |= {"status": "fail" if failed else "ok", "checks": checks, "failed": failed}
    return JsonResponse(body, status=503 if failed else 200)
