"""Django's PostgreSQL backend, with every call to the server armed on the database watchdog.

Django sends every statement, fetch, commit, rollback and connect through ``wrap_database_errors``;
the health check (``is_usable``) goes around it, so it is armed on its own, with a shorter limit. In the
web processes, a new connection is opened only when the breaker allows (scorekeeper/database.py).
"""

from __future__ import annotations

from types import TracebackType
from typing import Any

import psycopg
from django.db.backends.postgresql import base
from django.db.utils import DatabaseErrorWrapper
from django.utils.functional import cached_property

from scorekeeper.database import BREAKER, HEALTH_CHECK_LIMIT, WATCHDOG


class WatchedCalls(DatabaseErrorWrapper):
    """Django's error wrapper that arms the watchdog for the outermost call in progress."""

    def __init__(self, wrapper: base.DatabaseWrapper) -> None:
        super().__init__(wrapper)
        self.db = wrapper
        self.depth = 0

    def __enter__(self) -> None:
        if self.depth == 0:
            WATCHDOG.arm(self.db)
        self.depth += 1

    def __exit__(
        self, exc_type: type[BaseException] | None, exc_value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.depth -= 1
        if self.depth == 0:
            WATCHDOG.disarm(self.db)
        super().__exit__(exc_type, exc_value, tb)


class DatabaseWrapper(base.DatabaseWrapper):
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

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        if WATCHDOG.limit is None:  # tasks and commands wait for the database as long as it takes
            return super().get_new_connection(conn_params)
        if not BREAKER.may_try():
            raise psycopg.OperationalError("the database did not answer just now; not tried again yet")
        try:
            connection = super().get_new_connection(conn_params)
        except psycopg.OperationalError:
            BREAKER.failed()
            raise
        BREAKER.answered()
        return connection
