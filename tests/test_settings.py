"""Settings come from the environment and fail loudly, naming the variable.

Each case reads scorekeeper/settings.py afresh under an environment of its own, in this process (the
module only reads the environment; a new interpreter per case would cost a second each). The checks
that need Django started with such settings (``manage.py check``) start a process: marked ``startup``.
"""

from __future__ import annotations

import contextlib
import io
import os
import runpy
import subprocess
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import pytest

SETTINGS = Path(__file__).resolve().parents[1] / "scorekeeper" / "settings.py"
BASE_ENV = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL"}}


@dataclass(frozen=True, slots=True)
class Started:
    """What a start with those settings printed (``stdout``) or raised (``stderr``, ``returncode`` 1)."""

    returncode: int
    stdout: str
    stderr: str


def _start(expression: str = "settings.DATABASES['default']['ENGINE']", **env: str) -> Started:
    """Read the settings under ``env`` (on top of this process's, less its database and Redis) and
    print ``expression``, as ``python -c "django.setup(); print(...)"`` would."""
    environ = {**BASE_ENV, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env}
    out = io.StringIO()
    with mock.patch.dict(os.environ, environ, clear=True):
        try:
            settings = SimpleNamespace(**runpy.run_path(str(SETTINGS)))
        except Exception:  # what a start would print before exiting
            return Started(1, "", traceback.format_exc())
    with contextlib.redirect_stdout(out):
        eval(f"print({expression})", {"settings": settings})  # the tests' own expressions
    return Started(0, out.getvalue(), "")


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        pytest.param({"DEBUG": "false", "SECRET_KEY": ""}, "SECRET_KEY", id="secret-key-required"),
        pytest.param({"DEBUG": "maybe"}, "DEBUG", id="bad-bool"),
        pytest.param({"DEBUG": "true", "DATABASE_URL": "mysql://x"}, "DATABASE_URL", id="bad-database"),
        pytest.param({"DEBUG": "true", "REDIS_URL": "http://x"}, "REDIS_URL", id="bad-redis"),
        pytest.param({"DEBUG": "true", "RULES_THROTTLE_RATE": "lots"}, "RULES_THROTTLE_RATE", id="bad-rate"),
        pytest.param(
            {"DEBUG": "true", "RULES_THROTTLE_RATE": "5/fortnight"}, "RULES_THROTTLE_RATE", id="bad-period"
        ),
        pytest.param({"DEBUG": "true", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL", id="bad-log-level"),
        pytest.param({"DEBUG": "true", "SECURE_HSTS_SECONDS": "-1"}, "SECURE_HSTS_SECONDS", id="bad-hsts"),
        pytest.param(
            {"DEBUG": "true", "WEB_STATEMENT_TIMEOUT_MS": "1s"}, "WEB_STATEMENT_TIMEOUT_MS", id="bad-timeout"
        ),
        pytest.param(
            {"DEBUG": "true", "SIGN_IN_FAILURE_LIMIT": "0"}, "SIGN_IN_FAILURE_LIMIT", id="bad-limit"
        ),
        pytest.param(
            {"DEBUG": "true", "SIGN_IN_COOL_OFF_MINUTES": "1h"}, "SIGN_IN_COOL_OFF_MINUTES", id="bad-cool-off"
        ),
        pytest.param(
            {"DEBUG": "true", "WEB_STATEMENT_TIMEOUT_MS": "5000"},
            "WEB_DATABASE_TIMEOUT_MS",
            id="timeouts-order",
        ),
        pytest.param(
            {
                "DEBUG": "true",
                "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/x",
                "DATABASE_CONNECT_TIMEOUT": "0",
            },
            "DATABASE_CONNECT_TIMEOUT",
            id="connect-timeout-for-ever",
        ),
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
    assert result.stdout.strip() == "scorekeeper.postgresql"  # Django's, with its calls watched


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


def test_a_bad_database_url_is_named_without_its_password() -> None:
    result = _start(DEBUG="true", DATABASE_URL="mysql://scorekeeper:hunter2@db:3306/x")
    assert result.returncode != 0
    assert "DATABASE_URL" in result.stderr
    assert "hunter2" not in result.stderr


def test_sign_in_limits_come_from_the_environment() -> None:
    expression = "settings.SIGN_IN_LIMITS, settings.AXES_LOCKOUT_PARAMETERS, settings.AXES_COOLOFF_TIME"
    env = {
        "SIGN_IN_FAILURE_LIMIT": "4",
        "SIGN_IN_ADDRESS_FAILURE_LIMIT": "30",
        "SIGN_IN_COOL_OFF_MINUTES": "15",
    }
    result = _start(expression, DEBUG="true", **env)
    assert result.stdout.strip() == (
        "[(['username', 'ip_address'], 4), (['ip_address'], 30)] "
        "[['username', 'ip_address'], ['ip_address']] 0:15:00"
    )


def test_good_rates_and_log_levels_start() -> None:
    expression = (
        "settings.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES']['rules'], settings.LOGGING['root']['level']"
    )
    result = _start(expression, DEBUG="true", RULES_THROTTLE_RATE="30/second", LOG_LEVEL="warning")
    assert result.stdout.strip() == "30/second WARNING"


def test_postgresql_connections_time_out() -> None:
    expression = (
        "settings.DATABASES['default']['OPTIONS']['connect_timeout'], settings.WEB_STATEMENT_TIMEOUT_MS, "
        "settings.WEB_DATABASE_TIMEOUT_MS"
    )
    result = _start(expression, DEBUG="true", DATABASE_URL="postgres://postgres@127.0.0.1:5432/x")
    assert result.stdout.strip() == "3 3000 4000"


PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "k3#Vq9!zR7@pL2$wX8^mN5&bT1*cY6(hJ4)gF0_dS-production-like-key",
    "ALLOWED_HOSTS": "score.example.org",
}


@pytest.mark.startup  # starts the project in a new process
def test_production_settings_pass_the_deployment_checks() -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env={
            **{key: value for key, value in BASE_ENV.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"},
            **PRODUCTION,
            "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_defaults_redirect_to_https_and_send_hsts() -> None:
    expression = "settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS, settings.SESSION_COOKIE_SECURE"
    assert _start(expression, **PRODUCTION).stdout.strip() == "True 31536000 True"
    plain = _start(expression, **PRODUCTION, SECURE_SSL_REDIRECT="false", SECURE_HSTS_SECONDS="0")
    assert plain.stdout.strip() == "False 0 True"
