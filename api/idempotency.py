"""Retry-safe creates: a phone that lost an answer sends the same ``Idempotency-Key`` again and gets
the original answer back (``Idempotent-Replayed: true``) instead of a second player, match or hand.

A proxy never re-sends a POST, so the phone does; the retry may reach another node. The key is claimed
by inserting its row in the create's own transaction: a concurrent retry waits on the row's unique
index until the first commits, then reads its answer. A failed create stores nothing (its transaction
rolls back), so its retry runs again. Keys belong to the account; the same key for a different request
is ``409 idempotency.key_reused``. Plays and challenges keep their own keys, per match
(``api.records.plays``).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.access import signed_in
from games.errors import IdempotencyKeyReused
from games.models import IdempotentRequest

KEY_HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
KEY_MAX_LENGTH = 100
IDEMPOTENCY = OpenApiParameter(
    KEY_HEADER,
    str,
    OpenApiParameter.HEADER,
    description=(
        f"Retry-safe: the same key returns the original result (at most {KEY_MAX_LENGTH} characters)."
    ),
)

Post = Callable[..., Response]


def header_key(request: Request) -> str:
    """The ``Idempotency-Key`` header ("" when absent).

    Raises:
        ValidationError: longer than ``KEY_MAX_LENGTH``.
    """
    key = request.headers.get(KEY_HEADER, "").strip()
    if len(key) > KEY_MAX_LENGTH:
        message = gettext("An Idempotency-Key has at most %(max)d characters.") % {"max": KEY_MAX_LENGTH}
        raise ValidationError({KEY_HEADER: [message]})
    return key


def idempotent(post: Post) -> Post:
    """Make a create view's ``post`` answer a retry with its first answer (see the module)."""

    @functools.wraps(post)
    def answered(view: APIView, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = header_key(request)
        if not key or not request.user.is_authenticated:
            return post(view, request, *args, **kwargs)
        asked = json.dumps([request.path, request.data], sort_keys=True, default=str)
        digest = hashlib.sha256(asked.encode()).hexdigest()
        with transaction.atomic():
            try:
                with transaction.atomic():
                    claim = IdempotentRequest.objects.create(
                        user=signed_in(request), key=key, request_digest=digest, status=0, body={}
                    )
            except IntegrityError:
                return _earlier(request, key, digest)
            response = post(view, request, *args, **kwargs)
            claim.status, claim.body = response.status_code, response.data
            claim.save(update_fields=["status", "body"])
            return response

    return extend_schema(parameters=[IDEMPOTENCY])(answered)


def _earlier(request: Request, key: str, digest: str) -> Response:
    earlier = IdempotentRequest.objects.get(user=signed_in(request), key=key)
    if earlier.request_digest != digest:
        raise IdempotencyKeyReused(key=key)
    return Response(earlier.body, status=earlier.status, headers={REPLAYED_HEADER: "true"})
