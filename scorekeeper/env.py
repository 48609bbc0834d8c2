"""Typed readers for settings from the environment that fail loudly, naming the variable."""

from __future__ import annotations

import os
from collections.abc import Sequence
from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw.lower() in _TRUE:
        return True
    if raw.lower() in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, got {raw!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    """A whole number of at least ``minimum``."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < minimum:
        raise ImproperlyConfigured(f"{name} must be a whole number of at least {minimum}, got {raw!r}")
    return int(raw)


def env_choice(name: str, default: str, choices: Sequence[str]) -> str:
    """One of ``choices`` (compared without case; returned as listed)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    found = next((choice for choice in choices if choice.lower() == raw.lower()), None)
    if found is None:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}; got {raw!r}")
    return found


def env_rate(name: str, default: str) -> str:
    """A DRF throttle rate, ``<requests>/<second|minute|hour|day>`` (e.g. ``600/minute``)."""
    raw = os.environ.get(name, "").strip() or default
    count, _, period = raw.partition("/")
    if not count.isdigit() or int(count) < 1 or period[:1] not in {"s", "m", "h", "d"} or "/" in period:
        raise ImproperlyConfigured(
            f"{name} must look like 600/minute (per second, minute, hour or day), got {raw!r}"
        )
    return raw


def env_url(name: str, schemes: set[str]) -> str | None:
    """A URL whose scheme is one of ``schemes``, or ``None`` when unset. The error names the scheme
    only: the URL may hold a password."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    scheme = urlparse(raw).scheme
    if scheme not in schemes:
        allowed = ", ".join(sorted(schemes))
        raise ImproperlyConfigured(f"{name} must be a URL with scheme {allowed}; got scheme {scheme!r}")
    return raw
