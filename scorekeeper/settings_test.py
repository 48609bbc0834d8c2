"""Test settings: the real settings with fast hashing; services still come from the environment."""

import os

os.environ.setdefault("DEBUG", "true")

from scorekeeper.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {"rules": "10000/minute"}  # noqa: F405
