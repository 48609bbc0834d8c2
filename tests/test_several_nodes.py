"""Settings for several nodes behind a proxy, all from the environment, and the check that refuses a
multi-node setting with per-process state."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.test_settings import BASE_ENV, _start

SENTINELS = {"REDIS_SENTINELS": "127.0.0.2:26379,127.0.0.3:26379", "REDIS_SENTINEL_MASTER": "league"}


def test_x_forwarded_for_is_ignored_unless_proxies_are_declared() -> None:
    assert _start("settings.REST_FRAMEWORK['NUM_PROXIES']", DEBUG="true").stdout.strip() == "0"
    assert (
        _start("settings.REST_FRAMEWORK['NUM_PROXIES']", DEBUG="true", TRUSTED_PROXIES="2").stdout.strip()
        == "2"
    )


def test_the_proxy_ssl_header_comes_from_the_environment() -> None:
    result = _start(
        "settings.SECURE_PROXY_SSL_HEADER", DEBUG="true", SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto"
    )
    assert result.stdout.strip() == "('HTTP_X_FORWARDED_PROTO', 'https')"


def test_transaction_pooling_turns_server_side_cursors_and_prepared_statements_off() -> None:
    expression = (
        "settings.DATABASES['default']['DISABLE_SERVER_SIDE_CURSORS'], "
        "settings.DATABASES['default']['OPTIONS']['prepare_threshold']"
    )
    result = _start(
        expression,
        DEBUG="true",
        DATABASE_URL="postgres://postgres@127.0.0.1:6432/x",
        DISABLE_SERVER_SIDE_CURSORS="true",
    )
    assert result.stdout.strip() == "True None"


def test_sentinels_configure_the_cache_the_broker_and_the_result_backend() -> None:
    expression = (
        "settings.CACHES['default']['LOCATION'], settings.CACHES['default']['OPTIONS']['SENTINELS'], "
        "settings.CELERY_BROKER_URL, settings.CELERY_BROKER_TRANSPORT_OPTIONS['master_name'], "
        "settings.CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS['master_name'], settings.CELERY_TASK_ALWAYS_EAGER"
    )
    result = _start(expression, DEBUG="true", REDIS_URL="redis://league/4", **SENTINELS)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "redis://league/4 [('127.0.0.2', 26379), ('127.0.0.3', 26379)] "
        "sentinel://127.0.0.2:26379/4;sentinel://127.0.0.3:26379/4 league league False"
    )


def test_the_cache_ignores_redis_errors_and_every_connection_has_timeouts() -> None:
    expression = (
        "settings.CACHES['default']['OPTIONS'], settings.CELERY_BROKER_TRANSPORT_OPTIONS, "
        "settings.CELERY_REDIS_SOCKET_TIMEOUT"
    )
    result = _start(expression, DEBUG="true", REDIS_URL="redis://127.0.0.1:6379/3")
    assert result.stdout.strip() == (
        "{'SOCKET_CONNECT_TIMEOUT': 1.0, 'SOCKET_TIMEOUT': 2.0, 'IGNORE_EXCEPTIONS': True} "
        "{'socket_connect_timeout': 1.0, 'socket_timeout': 2.0, 'visibility_timeout': 360, "
        "'unacked_restore_throttle': 1} 2.0"
    )


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        pytest.param({"TRUSTED_PROXIES": "-1"}, "TRUSTED_PROXIES", id="negative-proxies"),
        pytest.param({"NODES": "0"}, "NODES", id="no-nodes"),
        pytest.param({"REDIS_SENTINELS": "127.0.0.2"}, "REDIS_SENTINELS", id="sentinel-without-port"),
        pytest.param({"DISABLE_SERVER_SIDE_CURSORS": "maybe"}, "DISABLE_SERVER_SIDE_CURSORS", id="bad-bool"),
    ],
)
def test_bad_node_settings_fail_at_start_up_naming_the_variable(env: dict[str, str], needle: str) -> None:
    result = _start(DEBUG="true", **env)
    assert result.returncode != 0
    assert needle in result.stderr


def _check(**env: str) -> subprocess.CompletedProcess[str]:
    """``manage.py check`` in a new process with ``env``."""
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        env={**BASE_ENV, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", "DEBUG": "true", **env},
        capture_output=True,
        text=True,
        check=False,
        cwd=os.path.dirname(os.path.dirname(__file__)),
    )


@pytest.mark.startup  # starts the project in a new process
def test_several_nodes_with_the_local_cache_and_eager_celery_are_refused() -> None:
    result = _check(NODES="2")
    assert result.returncode != 0
    assert "scorekeeper.E001" in result.stderr
    assert "scorekeeper.E002" in result.stderr


@pytest.mark.startup  # starts the project in a new process
def test_several_nodes_sharing_redis_pass_the_check() -> None:
    result = _check(NODES="2", REDIS_URL="redis://127.0.0.1:6379/3")
    assert result.returncode == 0, result.stderr


@pytest.mark.startup  # starts the project in a new process
def test_a_visibility_timeout_below_the_task_time_limit_is_refused() -> None:
    result = _check(CELERY_TASK_TIME_LIMIT="60", CELERY_VISIBILITY_TIMEOUT="60")
    assert result.returncode != 0
    assert "scorekeeper.E003" in result.stderr
