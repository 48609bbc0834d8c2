"""The suite runs on PostgreSQL in CI (and on SQLite on a laptop)."""

from __future__ import annotations

import pytest
from django.db import connection


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_suite_runs_on_postgresql() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()
    assert version.startswith("PostgreSQL")
