"""Test settings: the real settings with fast hashing; services still come from the environment."""

import os
from typing import cast
from urllib.parse import urlsplit, urlunsplit

os.environ.setdefault("DEBUG", "true")


def _own_redis_database(url: str, worker: str) -> str:
    """``url`` on a Redis database of the pytest-xdist process ``worker`` ("gw0", "gw1", ...): each
    process has its own, as it has its own test database, so that caches, throttles and Celery queues
    of one never meet another's. gw0 keeps the database named; the next ones count down from it."""
    parts = urlsplit(url)
    database = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(database - int(worker.removeprefix('gw'))) % 16}"))


if os.environ.get("REDIS_URL") and os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ["REDIS_URL"] = _own_redis_database(os.environ["REDIS_URL"], os.environ["PYTEST_XDIST_WORKER"])

from scorekeeper.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
# No collected files, as in a fresh clone: WhiteNoise reads all of STATIC_ROOT each time the test client
# builds its middleware, and the folder that make run or make load collects (the phone's engine too,
# 955 files) made every test with a client 0.2-0.5 s slower (make quick 50 s -> 105 s). The tests that
# collect use a folder of their own.
STATIC_ROOT = BASE_DIR / ".cache" / "tests-collect-nothing"  # noqa: F405
# Tests that count requests set their own rates; the others must never be throttled.
RATES = cast("dict[str, str]", REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])  # noqa: F405
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = dict.fromkeys(RATES, "10000/minute")  # noqa: F405
# Starting Pyodide on every match screen costs each browser test seconds of CPU: the tests of the engine
# in the phone switch it on (tests/ui/test_offline_engine.py).
PHONE_ENGINE = False
