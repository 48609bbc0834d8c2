"""Server-sent events: an open match or event screen hears of every change of what it shows.

Each stream checks once that its visitor may read what it asks for (404 otherwise, as the poll),
then sends the version shown now (a screen back from sleep compares it with its own and asks for the
region if they differ), then one ``data:`` line per change (:mod:`games.push`), and a comment every
``HEARTBEAT_SECONDS`` (so that a proxy and the phone see the connection live). It holds no database
connection while it waits. The region itself is still drawn by the poll's view (``static/js/push.js``
asks it once per change), so rendering and its cache stay in one place. Served by an ASGI server
(``make run``'s uvicorn; in production uvicorn beside gunicorn, docs/architecture.md, "Push").
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import TypeVar

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpResponse, HttpResponseBase, StreamingHttpResponse

from games.access import event_by_link, event_for
from games.events.selectors import event_version
from games.matches.selectors.matches import match_row, match_version
from games.push import ASK, event_topic, listening, match_topic
from web.screens import polled_version
from web.views import HtmxHttpRequest
from web.views.live import match_readable, match_shared_readable

HEARTBEAT_SECONDS = 15
T = TypeVar("T")
RETRY_MS = 3000  # the browser's wait before it connects again after a stream ends


async def match_push(request: HtmxHttpRequest, pk: int) -> HttpResponseBase:
    """The stream of a match's versions, for whoever may read it (404 otherwise)."""
    await _checked(lambda: match_readable(request, pk, read=match_row))
    return _stream(request, match_topic(pk), lambda: _match_version(pk))


async def match_shared_push(request: HtmxHttpRequest, token: str) -> HttpResponseBase:
    """The stream of a match's versions, for whoever holds its share link."""
    match = await _checked(lambda: match_shared_readable(request, token, match_row))
    return _stream(request, match_topic(match.pk), lambda: _match_version(match.pk))


async def event_push(request: HtmxHttpRequest, pk: int) -> HttpResponseBase:
    """The stream of an event's versions, for whoever may read it (404 otherwise)."""
    await _checked(lambda: event_for(request.user, pk))
    return _stream(request, event_topic(pk), lambda: _event_version(pk))


async def event_shared_push(request: HtmxHttpRequest, token: str) -> HttpResponseBase:
    """The stream of an event's versions, for whoever holds its public link."""
    event = await _checked(lambda: event_by_link(token))
    return _stream(request, event_topic(event.pk), lambda: _event_version(event.pk))


async def _checked(check: Callable[[], T]) -> T:
    """``check``'s answer, run where the database may be asked (it raises Http404 for an outsider)."""
    return await sync_to_async(check)()


def _match_version(pk: int) -> str:
    found = match_version(pk=pk)
    return ASK if found is None else polled_version(found)


def _event_version(pk: int) -> str:
    found = event_version(pk)
    return ASK if found is None else str(found)


def _stream(request: HtmxHttpRequest, topic: str, now: Callable[[], str]) -> HttpResponseBase:
    """The stream; under WSGI (gunicorn, the tests' live server), which would hold a thread for it and
    never send it, a 204 instead: the browser does not connect again, and the screen polls."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    response = StreamingHttpResponse(_events(topic, now), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # a proxy that buffers answers passes this one on at once
    response["Content-Encoding"] = "identity"  # not gzipped (GZipMiddleware would hold the events back)
    return response


async def _events(topic: str, now: Callable[[], str]) -> AsyncIterator[str]:
    """The stream: subscribed first, then the version now (so that no change falls between them)."""
    try:
        async with listening(topic) as changes:
            yield f"retry: {RETRY_MS}\n{_message(await sync_to_async(_read_and_close)(now))}"
            while True:
                try:
                    version = await asyncio.wait_for(changes.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield ":\n\n"
                else:
                    yield _message(version)
    except TimeoutError:  # no subscription (Redis is away): the browser connects again later
        return


def _read_and_close(now: Callable[[], str]) -> str:
    """``now()``, then the request's database connection closed (a stream waits for hours), unless it
    is in a transaction (a test's)."""
    try:
        return now()
    finally:
        if not connection.in_atomic_block:
            connection.close()


def _message(version: str) -> str:
    return f"data: {version}\n\n"
