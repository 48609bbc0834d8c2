"""Health endpoints: ``/livez`` for load balancers, ``/healthz`` for monitoring.

``/livez`` asks only what a node needs to serve writes (the process answers, the database answers), so
a Redis outage never takes every node out of the balancer. ``/healthz`` is the full report: the
database, Redis and the Celery workers. Workers enter a registry in Redis when they start and leave it
when they stop; one in the registry that does not answer a ping within ``PING_TIMEOUT`` is late.

Both are cheap whatever callers do and whatever the parts do (``scorekeeper.shared_check``): each
process runs at most one check of each at a time, in a thread of its own, every caller within a second
gets the same report, and no caller waits on a check for more than ``WAIT``. ``/healthz``'s verdict on
Redis and the workers (a ping that may wait out ``PING_TIMEOUT``) is shared by every process of every node
through Redis: one process checks (holding a short lock), the others read its verdict while it is younger
than ``SHARED_FRESH``, so monitoring sees one answer whichever node it reaches, turning within a few
seconds of an outage starting or ending. The database is the one part each process checks for itself
(one query): it is what that process reaches, and it turns within about a second.
Anonymous callers learn the status and the failing parts' names; staff also get each part and the
workers' names.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence

from celery import current_app
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from redis.exceptions import RedisError

from scorekeeper.redis_conf import redis_client
from scorekeeper.shared_check import Report, SharedCheck

PING_TIMEOUT = 1.0  # seconds a worker has to answer
WAIT = 1.0  # seconds a request waits, at most, for a check that is running
WORKERS_KEY = "scorekeeper:workers"  # hash: worker hostname -> when it last started or answered
FORGET_AFTER = 24 * 60 * 60  # a worker gone this long without a clean stop is no longer reported
VERDICT_KEY = "scorekeeper:health"  # the last shared report, as JSON, with when it was made
SHARED_PARTS = ("redis", "workers")  # the parts the shared report answers for
CHECKING_KEY = "scorekeeper:health:checking"  # held by the one process making the next report
SHARED_FRESH = 2.0  # seconds a shared report answers for every process
CHECKING_FOR = 5  # seconds, at most, that one process holds the right to check


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
    client = redis_client()
    known = {_text(name): float(seen) for name, seen in client.hgetall(WORKERS_KEY).items()}
    try:  # every registered worker answered: no need to wait out the timeout
        replies = current_app.control.ping(timeout=PING_TIMEOUT, limit=len(known) or None) or []
    except Exception:  # the broker's errors are transport-specific; the report says "workers: false"
        replies = []
    answered = sorted(name for reply in replies for name in reply)
    now = time.time()
    if answered:
        client.hset(WORKERS_KEY, mapping=dict.fromkeys(answered, now))
    late = sorted(name for name, seen in known.items() if name not in answered and now - seen < FORGET_AFTER)
    return answered, late


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _live_parts() -> Sequence[str]:
    return ("database",)


def _check_live(report: Report) -> None:
    report.checks["database"] = _database_ok()


def _health_parts() -> Sequence[str]:
    return ("database",) if settings.REDIS is None else ("database", "redis", "workers")


def _check_health(report: Report) -> None:
    """The database as this process reaches it; Redis and the workers from the shared report while it
    is fresh, else checked here, unless another process is checking already (then the last shared
    report stands)."""
    report.checks["database"] = _database_ok()
    if settings.REDIS is None:
        return
    try:
        client = redis_client()
        shared = client.get(VERDICT_KEY)
        verdict = json.loads(shared) if shared else None
        fresh = verdict is not None and time.time() - verdict["at"] < SHARED_FRESH
        if verdict is not None and (fresh or not client.set(CHECKING_KEY, 1, nx=True, ex=CHECKING_FOR)):
            report.checks |= {part: verdict["checks"][part] for part in SHARED_PARTS}
            report.details |= verdict["details"]
            return
    except RedisError:
        report.checks |= dict.fromkeys(SHARED_PARTS, False)
        return
    _check_redis_and_workers(report)
    try:
        checks = {part: report.checks[part] for part in SHARED_PARTS}
        made = {"at": time.time(), "checks": checks, "details": report.details}
        client.set(VERDICT_KEY, json.dumps(made))
        client.delete(CHECKING_KEY)
    except RedisError:
        report.checks |= dict.fromkeys(SHARED_PARTS, False)


def _check_redis_and_workers(report: Report) -> None:
    report.checks["redis"] = _redis_ok()
    answered: list[str] = []
    late: list[str] = []
    if report.checks["redis"]:
        try:
            answered, late = _workers()
        except RedisError:
            report.checks["redis"] = False
    report.checks["workers"] = bool(answered) and not late
    report.details["workers"] = {"answered": answered, "late": late}


# Load balancers probe often: a report lives 1 s. /healthz checks the database and reads the shared
# report again after a quarter of a second, so that two processes never disagree for longer; a check
# takes up to PING_TIMEOUT for the workers' ping (or WAIT, for a caller): the database turns within
# WAIT + 0.25 s, Redis and the workers within SHARED_FRESH + 2 s.
LIVE = SharedCheck(_check_live, _live_parts, fresh=1.0, stale=1.0, wait=WAIT)
HEALTH = SharedCheck(_check_health, _health_parts, fresh=0.25, stale=0.25, wait=WAIT)


def livez(request: HttpRequest) -> JsonResponse:
    """200 while this node can serve: the process runs and the database answers; else 503."""
    ok = LIVE.report().checks["database"]
    return JsonResponse({"status": "ok" if ok else "fail", "database": ok}, status=200 if ok else 503)


def healthz(request: HttpRequest) -> JsonResponse:
    """The full report: 200 when every part answers, else 503 naming the parts that failed. The account
    is looked up (for staff details) only when the database answered."""
    report = HEALTH.report()
    checks = dict(report.checks)
    failed = [name for name, ok in checks.items() if not ok]
    body: dict[str, object] = {"status": "fail" if failed else "ok", "failed": failed}
    if checks["database"] and request.user.is_staff:
        body |= {"checks": checks, **report.details}
    return JsonResponse(body, status=503 if failed else 200)
