"""What the database benchmarks share: Django set up, and a throwaway database migrated for the run."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager


def django_setup() -> None:
    os.environ.setdefault("DEBUG", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()


@contextmanager
def throwaway_database() -> Iterator[None]:
    """``bench_<name>`` on PostgreSQL, in memory on SQLite; dropped afterwards."""
    from django.db import connection

    test = connection.settings_dict["TEST"]
    test["NAME"] = (
        ":memory:" if connection.vendor == "sqlite" else f"bench_{connection.settings_dict['NAME']}"
    )
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
