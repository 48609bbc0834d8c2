"""Settings come from the environment and fail loudly, naming the variable."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

BASE_ENV = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL"}}


def _start(
    expression: str = "settings.DATABASES['default']['ENGINE']", **env: str
) -> subprocess.CompletedProcess[str]:
    """Start Django in a fresh process with ``env`` and print ``expression``."""
    code = f"import django; django.setup(); from django.conf import settings; print({expression})"
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**BASE_ENV, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        pytest.param({"DEBUG": "false", "SECRET_KEY": ""}, "SECRET_KEY", id="secret-key-required"),
        pytest.param({"DEBUG": "maybe"}, "DEBUG", id="bad-bool"),
        pytest.param({"DEBUG": "true", "DATABASE_URL": "mysql://x"}, "DATABASE_URL", id="bad-database"),
        pytest.param({"DEBUG": "true", "REDIS_URL": "http://x"}, "REDIS_URL", id="bad-redis"),
    ],
)
def test_bad_settings_fail_at_start_up_naming_the_variable(env: dict[str, str], needle: str) -> None:
    result = _start(**env)
    assert result.returncode != 0
    assert needle in result.stderr


def test_defaults_are_sqlite_for_a_laptop() -> None:
    result = _start(DEBUG="true")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "django.db.backends.sqlite3"


def test_postgres_url_selects_postgresql() -> None:
    result = _start(DEBUG="true", DATABASE_URL="postgres://postgres@127.0.0.1:5432/x")
    assert result.stdout.strip() == "django.db.backends.postgresql"


def test_without_redis_celery_is_eager_and_the_cache_local() -> None:
    expression = "settings.CELERY_TASK_ALWAYS_EAGER, settings.CACHES['default']['BACKEND']"
    result = _start(expression, DEBUG="true")
    assert result.stdout.strip() == "True django.core.cache.backends.locmem.LocMemCache"


def test_redis_url_configures_celery_and_the_cache() -> None:
    expression = (
        "settings.CELERY_TASK_ALWAYS_EAGER, settings.CELERY_BROKER_URL, settings.CACHES['default']['BACKEND']"
    )
    result = _start(expression, DEBUG="true", REDIS_URL="redis://127.0.0.1:6379/3")
    assert result.stdout.strip() == "False redis://127.0.0.1:6379/3 django_redis.cache.RedisCache"
