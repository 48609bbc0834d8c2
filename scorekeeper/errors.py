"""The error envelope's shape, ``{"code", "message", "details"}``, and what counts as a part being down.

The project shell answers in the envelope before any app runs (the request guard, the 404, 500 and 503
handlers), so the shape lives here, below ``api/`` and ``web/``; ``api/errors.py`` builds the API's
answers on it (docs/errors.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import redis
from django.db import InterfaceError, OperationalError
from django.utils.translation import gettext

RETRY_AFTER = 5  # seconds: a database cut after its timeout, or restarting, is usually back by then
# A part that is unreachable or does not answer (statement timeouts and deadlocks are OperationalErrors
# too). Django drops a database connection that failed so as the request ends: the next one reconnects.
UNAVAILABLE: tuple[type[Exception], ...] = (
    OperationalError,
    InterfaceError,
    redis.ConnectionError,
    redis.TimeoutError,
)


def envelope(code: str, message: str, details: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return {"code": code, "message": message, "details": dict(details or {})}


def unavailable_body() -> dict[str, Any]:
    message = gettext("The service is unavailable right now; try again shortly.")
    return envelope("service.unavailable", message)
