"""What the database benchmarks share: Django set up, and a throwaway database migrated for the run."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def django_setup() -> None:
    os.environ.setdefault("DEBUG", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()


@contextmanager
def throwaway_database() -> Iterator[None]:
    """``bench_<name>`` on PostgreSQL, a file in the temporary directory on SQLite; dropped afterwards.
    (Not SQLite's in-memory database: Django never closes it, so the next benchmark would find this
    one's rows.)"""
    from django.db import connection

    test = connection.settings_dict["TEST"]
    test["NAME"] = (
        str(Path(tempfile.gettempdir()) / f"bench_{os.getpid()}.sqlite3")
        if connection.vendor == "sqlite"
        else f"bench_{connection.settings_dict['NAME']}"
    )
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
