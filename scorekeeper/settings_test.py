"""Test settings: the real settings with fast hashing; services still come from the environment."""

import os
from typing import cast

os.environ.setdefault("DEBUG", "true")

from scorekeeper.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
# Tests that count requests set their own rates; the others must never be throttled.
RATES = cast("dict[str, str]", REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])  # noqa: F405
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = dict.fromkeys(RATES, "10000/minute")  # noqa: F405
# Starting Pyodide on every match screen costs each browser test seconds of CPU: the tests of the engine
# in the phone switch it on (tests/ui/test_offline_engine.py).
PHONE_ENGINE = False
