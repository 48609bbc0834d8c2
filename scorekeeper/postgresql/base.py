"""Django's PostgreSQL backend, with every call to the server armed on the database watchdog, and a
health check that costs no round trip.

Django sends every statement, fetch, commit, rollback and connect through ``wrap_database_errors``;
the check after an error (``is_usable``, a ``SELECT 1``) goes around it, so it is armed on its own, with a
shorter limit. In the web processes, a new connection is opened only when the breaker allows
(scorekeeper/database.py).

The health check before a request's first query (``CONN_HEALTH_CHECKS``) sends nothing: it looks
whether the server has said anything on the kept connection since its last answer. An idle connection
gets nothing unless the server ended it: a terminated backend's notice, the end-of-file of a restart
or of an idle timeout. Such a connection is closed and a new one opened, so the request is served. A
kept connection that passes has its first call (a session's or a token's lookup, as a rule) watched
with the health check's shorter limit, so that a hung server is found as fast as a ``SELECT 1`` would
find it, without sending one. A connection that died saying nothing (a cable pulled) fails that call;
Django then checks it with ``is_usable`` at the request's end and closes it, and the next request opens
a new one (tests/test_database.py, tests/test_hung_parts.py).

A connection taken from a pool (the ASGI server's, ``scorekeeper.database.pooled``) is checked the same
way as it is taken, where psycopg's pool would send an empty query, and is set up for a web process
(``statement_timeout``) once, when the pool opens it, not at every taking.
"""

from __future__ import annotations

import select
from types import TracebackType
from typing import Any

import psycopg
from django.db.backends.postgresql import base
from django.db.utils import DatabaseErrorWrapper
from django.utils.functional import cached_property

from scorekeeper.database import BREAKER, HEALTH_CHECK_LIMIT, WATCHDOG, limit_statements


class WatchedCalls(DatabaseErrorWrapper):
    """Django's error wrapper that arms the watchdog for the outermost call in progress."""

    def __init__(self, wrapper: DatabaseWrapper) -> None:
        super().__init__(wrapper)
        self.db = wrapper
        self.depth = 0

    def __enter__(self) -> None:
        if self.depth == 0:
            WATCHDOG.arm(self.db, HEALTH_CHECK_LIMIT if self.db.kept else None)
        self.depth += 1

    def __exit__(
        self, exc_type: type[BaseException] | None, exc_value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.depth -= 1
        if self.depth == 0:
            WATCHDOG.disarm(self.db)
            if not self.db.making_cursor:  # a call to the server, the first one the check stands for
                self.db.kept = False
            self.db.making_cursor = False
        super().__exit__(exc_type, exc_value, tb)


class DatabaseWrapper(base.DatabaseWrapper):
    kept = False  # a kept connection passed the health check: its next call is the request's first
    making_cursor = False  # the call in progress makes a cursor (no round trip)

    @cached_property
    def wrap_database_errors(self) -> WatchedCalls:
        return WatchedCalls(self)

    def is_usable(self) -> bool:
        if self.wrap_database_errors.depth:  # inside a call already watched
            return bool(super().is_usable())
        WATCHDOG.arm(self, HEALTH_CHECK_LIMIT)
        try:
            return bool(super().is_usable())
        finally:
            WATCHDOG.disarm(self)

    def create_cursor(self, name: str | None = None) -> Any:
        self.making_cursor = True
        return super().create_cursor(name)

    def close_if_health_check_failed(self) -> None:
        """Django's, with :meth:`quiet` for ``is_usable``."""
        done: bool = getattr(self, "health_check_done", False)  # Django's flag, which its stubs lack
        if self.connection is None or done or not self.settings_dict["CONN_HEALTH_CHECKS"]:
            return
        self.kept = self.quiet()
        if not self.kept:
            self.close()
        self.health_check_done = True

    def quiet(self) -> bool:
        """Whether the kept connection is open and the server has said nothing on it since its last
        answer (nothing to read on its socket): no round trip."""
        return quiet(self.connection)

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        self.kept = False  # a new connection is bounded by its connect timeout, then checked by use
        if WATCHDOG.limit is None:  # tasks and commands wait for the database as long as it takes
            connection = super().get_new_connection(conn_params)
        elif not BREAKER.may_try():
            raise psycopg.OperationalError("the database did not answer just now; not tried again yet")
        else:
            try:
                connection = super().get_new_connection(conn_params)
            except psycopg.OperationalError:
                BREAKER.failed()
                raise
            BREAKER.answered()
        return connection if self.pool is None else self._quiet_from_pool(connection)

    def _quiet_from_pool(self, connection: psycopg.Connection[Any]) -> psycopg.Connection[Any]:
        """``connection``, taken from the pool, if :func:`quiet`; else closed (the pool drops it) and
        another taken, a pool's worth at most (the last is then checked by use)."""
        for _ in range(self.pool.max_size):
            if quiet(connection):
                break
            connection.close()
            self.pool.putconn(connection)
            connection = self.pool.getconn()
        return connection

    def _configure_connection(self, connection: psycopg.Connection[Any]) -> bool:
        """Django's set-up of a new connection; one the pool opens in a web process (the watchdog on)
        also limits its statements (``connection_created``, which does it otherwise, fires at every
        taking from a pool)."""
        commit: bool = super()._configure_connection(connection)  # type: ignore[misc]  # not in the stubs
        if self.pool is not None and WATCHDOG.limit is not None:
            limit_statements(connection.cursor())
        return commit


def quiet(connection: psycopg.Connection[Any]) -> bool:
    """Whether ``connection`` is open and the server has said nothing on it since its last answer
    (nothing to read on its socket): no round trip."""
    try:
        if connection.closed or connection.broken:
            return False
        waiting = select.poll()
        waiting.register(connection.pgconn.socket, select.POLLIN)
        return not waiting.poll(0)
    except (OSError, psycopg.Error):
        return False
