"""The suite runs on PostgreSQL in CI (and on SQLite on a laptop)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.db.backends.signals import connection_created

from scorekeeper.database import limit_web_statements


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
