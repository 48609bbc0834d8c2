"""What both schemathesis suites share (tests/api, tests/events): the live schema, the checks, and one
generated request sent through Django's WSGI handler and validated."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections

# Django's handler, not scorekeeper.wsgi: that module also sets the web statement timeout for the process.
SCHEMA = schemathesis.openapi.from_wsgi("/api/schema/", WSGIHandler())
CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_schema_conformance,
]


@contextmanager
def _test_db_connection_kept() -> Iterator[None]:
    """A raw WSGI call ends with ``close_old_connections``, which would close pytest-django's
    in-transaction connection; Django's test client disconnects it the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def call_and_validate(case: Any, token: str | None) -> None:
    """Send ``case`` (with ``token``'s account, or anonymous) and fail on any check. Uncompressed: the
    checks read the body as the app wrote it (GZipMiddleware compresses otherwise)."""
    headers = {"Authorization": f"Token {token}"} if token else {}
    with _test_db_connection_kept():
        case.call_and_validate(headers={**headers, "Accept-Encoding": "identity"}, checks=CHECKS)
