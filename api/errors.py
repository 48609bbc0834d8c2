"""One error envelope for the whole API: ``{"code": "...", "message": "...", "details": {...}}``.

Codes are stable and dotted (docs/errors.md). Rule violations (400) and record conflicts (409, a stale
write) carry their own codes and facts; a part that fails or does not answer (the database, Redis) is a
503 with ``Retry-After``; everything the handler does not know is a 500 with no traceback in the body
(it is logged instead).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import IntegrityError
from django.http import Http404
from django.utils.translation import gettext
from rest_framework import exceptions, status
from rest_framework.response import Response

from games.errors import RecordConflict
from games.matches.convert import jsonable
from games.messages import problem_texts, violation_text
from games.rules.errors import CodedError, RuleViolation
from scorekeeper.errors import RETRY_AFTER, UNAVAILABLE, envelope, unavailable_body

logger = logging.getLogger(__name__)

_DRF_CODES: list[tuple[type[exceptions.APIException], str]] = [
    (exceptions.ValidationError, "request.invalid"),
    (exceptions.ParseError, "request.malformed"),
    (exceptions.UnsupportedMediaType, "request.unsupported_media_type"),
    (exceptions.NotAuthenticated, "auth.required"),
    (exceptions.AuthenticationFailed, "auth.failed"),
    (exceptions.PermissionDenied, "auth.forbidden"),
    (exceptions.NotFound, "resource.not_found"),
    (exceptions.MethodNotAllowed, "request.method_not_allowed"),
    (exceptions.NotAcceptable, "request.not_acceptable"),
    (exceptions.Throttled, "request.throttled"),
]


def coded_body(exc: CodedError) -> dict[str, Any]:
    """A rule violation or record conflict in the envelope, its message in the request's language, and
    so is each of the ``problems`` a whole-summary check lists."""
    facts = {key: jsonable(value) for key, value in exc.facts.items()}
    problems = facts.get("problems")
    if isinstance(exc, RuleViolation) and isinstance(problems, list):
        texts = problem_texts(exc)
        facts["problems"] = [
            {**problem, "message": text} for problem, text in zip(problems, texts, strict=True)
        ]
    return envelope(exc.code, violation_text(exc), facts)


def exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response:
    """DRF's exception handler, in the envelope. Nothing is left half-written: each write service runs
    in its own transaction, which the error has already rolled back on its way here."""
    if isinstance(exc, RuleViolation):
        return Response(coded_body(exc), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RecordConflict):
        return Response(coded_body(exc), status=status.HTTP_409_CONFLICT)
    if isinstance(exc, IntegrityError):
        # A unique index refused a row that a concurrent request wrote first (the services turn the
        # races they expect into their own codes; this is the net under the rest).
        logger.warning("Concurrent write refused by a constraint in %s: %s", context.get("view"), exc)
        body = envelope(
            "record.conflict", gettext("Another request changed this at the same moment; try again.")
        )
        return Response(body, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, UNAVAILABLE):
        logger.warning("Service unavailable in %s: %s", context.get("view"), exc)
        headers = {"Retry-After": str(RETRY_AFTER)}
        return Response(unavailable_body(), status=status.HTTP_503_SERVICE_UNAVAILABLE, headers=headers)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, exceptions.APIException):
        return _api_exception_response(exc)
    logger.exception("Unhandled error in %s", context.get("view"), exc_info=exc)
    body = envelope("server.error", gettext("Something went wrong on our side; it has been logged."))
    return Response(body, status=status.HTTP_500_INTERNAL_SERVER_ERROR)


def _api_exception_response(exc: exceptions.APIException) -> Response:
    code = next((code for kind, code in _DRF_CODES if isinstance(exc, kind)), "request.error")
    headers: dict[str, str] = {}
    if auth_header := getattr(exc, "auth_header", None):  # a 401's, set by APIView.handle_exception
        headers["WWW-Authenticate"] = auth_header
    if wait := getattr(exc, "wait", None):  # Throttled's
        headers["Retry-After"] = str(int(wait))
    if isinstance(exc, exceptions.ValidationError):
        fields = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        body = envelope(code, gettext("Some fields are invalid."), {"fields": fields})
    else:
        body = envelope(code, str(exc.detail))
    return Response(body, status=exc.status_code, headers=headers)
