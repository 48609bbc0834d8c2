"""A signed-in request's session read, for ``make bench`` (docs/accounts.md, "Devices"): the store that
wrote its one query by hand (``scorekeeper/sessions.py`` until 5 Dec 2026, kept here as it read) next
to Django's ``cached_db`` that replaced it, with its copy in Redis, with its copy lapsed (Django's ORM
read and the copy put back, once every ``CACHED_FOR`` per session) and without Redis (the laptop: the
row every time). Each read is of one signed-in session, as ``SessionMiddleware`` does it; the stores
take turns, ``ROUNDS`` times, and the median time and CPU of each is printed with its queries.

Decision (issue 36): Django's engine, unless the hand-written read is faster by a margin that matters.
Run it with ``DATABASE_URL`` on PostgreSQL and ``REDIS_URL`` set, as production runs.
"""

from __future__ import annotations

from collections.abc import Callable
from statistics import median
from time import perf_counter, process_time
from typing import Any

from benchmarks._django import django_setup, throwaway_database

ROUNDS = 300
HAND_WRITTEN = "hand-written, 1 query"


def _hand_written(key: str) -> dict[str, Any]:
    """The read of the store before: one query written out, no ORM (its last-seen note aside, made at
    most once every 10 minutes)."""
    from django.db import connection
    from django.utils import timezone

    from scorekeeper.sessions import SessionStore

    name = connection.ops.quote_name
    sql = (
        f"SELECT {name('session_data')}, {name('last_seen')} FROM {name('account_session')}"
        f" WHERE {name('session_key')} = %s AND {name('expire_date')} > %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, timezone.now()])
        row = cursor.fetchone()
    return SessionStore().decode(row[0]) if row else {}


Reader = tuple[Callable[[], object], Callable[[], dict[str, Any]]]  # what is done untimed first, the read


def _readers(key: str) -> dict[str, Reader]:
    from django.conf import settings
    from django.contrib.sessions.backends.cached_db import KEY_PREFIX
    from django.core.cache import caches
    from django.core.cache.backends.dummy import DummyCache

    from scorekeeper.sessions import SessionStore

    cache = caches[settings.SESSION_CACHE_ALIAS]

    def without_redis() -> dict[str, Any]:
        store = SessionStore(key)
        store._cache = DummyCache("", {})
        return store.load()

    def nothing() -> None:
        return None

    readers: dict[str, Reader] = {HAND_WRITTEN: (nothing, lambda: _hand_written(key))}
    if settings.REDIS is not None:
        readers["cached_db, copy in Redis"] = (nothing, lambda: SessionStore(key).load())
        readers["cached_db, copy lapsed"] = (
            lambda: cache.delete(KEY_PREFIX + key),
            lambda: SessionStore(key).load(),
        )
    readers["cached_db, no Redis"] = (nothing, without_redis)
    return readers


def _measure() -> None:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(User.objects.create_user("bench-sessions"))
    readers = _readers(str(client.session.session_key))
    queries: dict[str, int] = {}
    for label, (before, read) in readers.items():  # once untimed, counting its queries
        before()
        with CaptureQueriesContext(connection) as captured:
            if not read().get("_auth_user_id"):
                raise SystemExit(f"{label}: the session is not signed in")
        queries[label] = len(captured)
    times: dict[str, list[float]] = {label: [] for label in readers}
    cpus: dict[str, list[float]] = {label: [] for label in readers}
    for _ in range(ROUNDS):
        for label, (before, read) in readers.items():
            before()
            start, cpu = perf_counter(), process_time()
            read()
            times[label].append(1e6 * (perf_counter() - start))
            cpus[label].append(1e6 * (process_time() - cpu))
    base = median(times[HAND_WRITTEN])
    for label in readers:
        took = median(times[label])
        print(
            f"  {label:<26} {queries[label]} queries  {took:6.0f} us (CPU {median(cpus[label]):5.0f} us)"
            f"  {took / base:5.2f}x the hand-written"
        )


def main() -> None:
    django_setup()
    from django.conf import settings
    from django.db import connection

    redis = "Redis" if settings.REDIS is not None else "no Redis (REDIS_URL unset)"
    print(f"A signed-in session's read ({connection.vendor}, {redis}; medians of {ROUNDS}, taking turns):")
    with throwaway_database():
        _measure()


if __name__ == "__main__":
    main()
