"""Shared fixtures: real services when present (always in CI), Playwright on Debian's Chromium.

A test marked ``postgres``, ``redis``, ``celery_worker`` or ``browser`` needs that part. Outside CI it
is skipped with a hint saying what to install; in CI (``CI=true``) a missing part fails the test.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs a loop

IN_CI = os.environ.get("CI") == "true"
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _redis_answers() -> bool:
    if settings.REDIS is None:
        return False
    import redis

    try:
        return bool(settings.REDIS.client().ping())
    except redis.RedisError:
        return False


def _missing_part(marker: str) -> str | None:
    """Why the part a marker names is missing, or ``None`` when it is there."""
    if marker == "postgres" and connection.vendor != "postgresql":
        return "PostgreSQL: set DATABASE_URL=postgres://postgres@127.0.0.1:5432/scorekeeper"
    if marker in {"redis", "celery_worker"} and not _redis_answers():
        return "Redis: apt-get install redis-server, start it, set REDIS_URL=redis://127.0.0.1:6379/0"
    if marker == "browser" and not os.path.exists(CHROMIUM):
        return "Chromium: apt-get install --no-install-recommends chromium"
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in ("postgres", "redis", "celery_worker", "browser"):
        if item.get_closest_marker(marker) is None:
            continue
        missing = _missing_part(marker)
        if missing and IN_CI:
            pytest.fail(f"CI must provide {missing}")
        if missing:
            pytest.skip(f"needs {missing}")


@pytest.fixture(autouse=True)
def _celery_mode(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tasks run eagerly in tests, except where a test starts a real worker."""
    from scorekeeper.celery import app

    eager = request.node.get_closest_marker("celery_worker") is None
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = eager
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the default language: a request's language (LocaleMiddleware) stays active
    in its thread after the answer, and would word the next test's messages."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A phone: the UI is designed for 390x844 first."""
    return {**browser_context_args, "viewport": {"width": 390, "height": 844}, "locale": "en-US"}
