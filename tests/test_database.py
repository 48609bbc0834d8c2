"""The suite runs on PostgreSQL in CI (and on SQLite on a laptop)."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import DEFAULT_DB_ALIAS, OperationalError, connection, connections
from django.db.backends.signals import connection_created
from psycopg_pool import ConnectionPool

from scorekeeper.database import limit_web_statements, pooled


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_suite_runs_on_postgresql() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()
    assert version.startswith("PostgreSQL")


@pytest.fixture
def web_process(settings: Any) -> Iterator[None]:
    """This process as scorekeeper/wsgi.py sets up gunicorn's: every new connection limits statements."""
    settings.WEB_STATEMENT_TIMEOUT_MS = 50
    limit_web_statements()
    connection.close()
    yield
    connection_created.disconnect(dispatch_uid="web-statement-timeout")
    connection.close()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("web_process")
def test_a_web_request_cannot_hold_the_database_with_a_slow_statement() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone() == ("50ms",)
        with pytest.raises(OperationalError, match="statement timeout"):
            cursor.execute("SELECT pg_sleep(5)")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_tasks_and_commands_have_no_statement_timeout() -> None:
    connection.close()
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone() == ("0",)


def _terminated(pid: int) -> None:
    """End backend ``pid`` as an administrator or a restart would, and wait until it is gone."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
            if cursor.fetchone() == (0,):
                return
            time.sleep(0.01)
    pytest.fail(f"backend {pid} still there")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_request_after_the_database_ended_its_connection_runs_on_a_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The health check before a request's first query sends nothing (no ``SELECT 1``): a kept
    connection the server has ended is told by what waits on its socket, closed, and replaced."""
    kept = connections.create_connection(DEFAULT_DB_ALIAS)
    monkeypatch.setattr(kept, "is_usable", lambda: pytest.fail("a query to check the connection"))
    try:
        for ended in (False, True):
            kept.ensure_connection()
            before = kept.connection.info.backend_pid
            if ended:
                _terminated(before)
            kept.health_check_done = False  # type: ignore[attr-defined]  # a new request, as Django starts one
            with kept.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                (now,) = cursor.fetchone()
            assert (now != before) == ended
    finally:
        kept.close()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("web_process")
def test_a_pooled_connection_is_checked_and_limited_without_a_round_trip_as_it_is_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ASGI server's pool (``pooled``): a request's connection, taken again, sends nothing before
    the request's own statement (psycopg's check would send an empty query, the web limit a
    ``set_config``) and still cancels a slow statement; one the server ended in the pool is replaced."""
    monkeypatch.setattr(ConnectionPool, "check_connection", lambda conn: pytest.fail("an empty query"))
    settings_dict = copy.deepcopy(connection.settings_dict)
    pooled(settings_dict)
    settings_dict["OPTIONS"]["pool"] |= {"min_size": 1, "max_size": 1}  # one connection, taken each time
    db = type(connections[DEFAULT_DB_ALIAS])(settings_dict, alias="pooled")
    sent: list[str] = []

    def record(execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        sent.append(sql)
        return execute(sql, *args)

    try:
        pids: list[int] = []
        for ended in (False, False, True):
            if ended:
                _terminated(pids[-1])
            sent.clear()
            with db.execute_wrapper(record), db.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid(), current_setting('statement_timeout')")
                (pid, limit) = cursor.fetchone()
            db.close()  # the request's end: back to the pool
            assert sent == ["SELECT pg_backend_pid(), current_setting('statement_timeout')"]
            assert limit == "50ms"
            pids.append(pid)
        assert pids[0] == pids[1] != pids[2]  # the same connection taken again, then a new one
    finally:
        db.close_pool()  # type: ignore[attr-defined]  # PostgreSQL's, not in the stubs
