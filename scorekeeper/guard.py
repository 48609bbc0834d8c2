"""Refuse, before any view runs, requests that no view could answer with less than a 500.

A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is 413 (DRF's parsers read the stream without Django's
size check), and a NUL character in the path or the query string is 400 (PostgreSQL refuses it in
any text it is compared with). API paths answer in the error envelope, pages in plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext

from scorekeeper.digits import whole_number
from scorekeeper.errors import envelope


def _refusal(request: HttpRequest, status: int, code: str, message: str) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse(envelope(code, message), status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _over(length: str, limit: int) -> bool:
    """Whether a Content-Length says more than ``limit`` bytes: ASCII digits, a number too long for any
    column included; anything else is Django's to read (as 0) or refuse (``int`` refuses "²")."""
    number = whole_number(length)
    return number > limit if number is not None else length.isascii() and length.isdigit()


class RequestGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        length = request.META.get("CONTENT_LENGTH") or "0"
        if limit is not None and _over(length, limit):
            message = gettext("The request body is larger than %(limit)d bytes.") % {"limit": limit}
            return _refusal(request, 413, "request.too_large", message)
        if "\x00" in request.path or "\x00" in unquote(request.META.get("QUERY_STRING", "")):
            message = gettext("The address holds a NUL character.")
            return _refusal(request, 400, "request.malformed", message)
        return self.get_response(request)
