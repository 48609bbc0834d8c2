"""Server-sent events: an open match or event screen hears of every change of what it shows.

Each stream checks once that its visitor may read what it asks for (404 otherwise, as the poll; a
match's stream opened just after its page by the same session takes the page's check, which stands
as long as a stream's own: ``web.views.live.CarriedRegions.passed``),
then sends the version shown now (a screen back from sleep compares it with its own and asks for the
region if they differ), then one message per change (:mod:`games.push`), and a comment every
``HEARTBEAT_SECONDS`` (so that a proxy and the phone see the connection live). It holds no database
connection while it waits. A match's message is the play itself (``event: change``) to a phone whose
engine draws it (``static/js/offline_engine_view.js``), else its live region itself (``event: region``)
when the write's answer rendered it for a phone like this one (:class:`web.views.live.CarriedRegions`:
it is in the cache), else the version (``data:``), and the phone asks the poll's view for it
(``static/js/push.js``), so rendering and its cache stay in one place. A phone that accepts gzip is
sent one deflate stream flushed after each message: a region differs little from the one before it,
which the stream's window still holds (32 kB drawn, about 1 kB sent). Served by an ASGI server
(``make run``'s uvicorn; in production uvicorn beside gunicorn, docs/architecture.md, "Push"). The views
are synchronous, as every view of the app (they check in the request's thread, with the middleware:
``scorekeeper/asgi_handler.py``); their answer streams from an asynchronous iterator on the event loop.
"""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import AsyncIterator, Callable
from typing import TypeVar

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpResponse, HttpResponseBase, StreamingHttpResponse

from games.access import event_by_link, event_for
from games.events.selectors import event_version
from games.matches.selectors.matches import match_row, match_version
from games.push import ASK, ENDED, event_topic, listening, match_topic, parsed
from web.screens import polled_version
from web.views import HtmxHttpRequest
from web.views.live import CarriedRegions, match_readable, match_shared_readable

HEARTBEAT_SECONDS = 15
T = TypeVar("T")
RETRY_MS = 3000  # the browser's wait before it connects again after a stream ends


def match_push(request: HtmxHttpRequest, pk: int) -> HttpResponseBase:
    """The stream of a match's regions or versions, for whoever may read it (404 otherwise)."""
    carried = CarriedRegions.passed(request, pk) or _read_and_close(
        lambda: CarriedRegions.read(request, match_readable(request, pk, read=match_row))
    )
    return _stream(request, match_topic(pk), lambda: _match_version(pk), carried)


def match_shared_push(request: HtmxHttpRequest, token: str) -> HttpResponseBase:
    """The stream of a match's regions or versions, for whoever holds its share link."""
    carried = _read_and_close(
        lambda: CarriedRegions.read(request, match_shared_readable(request, token, match_row), token)
    )
    return _stream(request, match_topic(carried.pk), lambda: _match_version(carried.pk), carried)


def event_push(request: HtmxHttpRequest, pk: int) -> HttpResponseBase:
    """The stream of an event's versions, for whoever may read it (404 otherwise)."""
    _read_and_close(lambda: event_for(request.user, pk))
    return _stream(request, event_topic(pk), lambda: _event_version(pk))


def event_shared_push(request: HtmxHttpRequest, token: str) -> HttpResponseBase:
    """The stream of an event's versions, for whoever holds its public link."""
    event = _read_and_close(lambda: event_by_link(token))
    return _stream(request, event_topic(event.pk), lambda: _event_version(event.pk))


def _match_version(pk: int) -> str:
    found = match_version(pk=pk)
    return ASK if found is None else polled_version(found)


def _event_version(pk: int) -> str:
    found = event_version(pk)
    return ASK if found is None else str(found)


def _stream(
    request: HtmxHttpRequest, topic: str, now: Callable[[], str], carried: CarriedRegions | None = None
) -> HttpResponseBase:
    """The stream; under WSGI (gunicorn, the tests' live server), which would hold a thread for it and
    never send it, a 204 instead: the browser does not connect again, and the screen polls."""
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    events = _events(topic, now, carried)
    gzipped = "gzip" in request.headers.get("Accept-Encoding", "")
    content = _gzipped(events) if gzipped else events
    response = StreamingHttpResponse(content, content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # a proxy that buffers answers passes this one on at once
    # Compressed here, flushed per message (GZipMiddleware, which leaves an encoded answer alone, would
    # hold the events back).
    response["Content-Encoding"] = "gzip" if gzipped else "identity"
    response["Vary"] = "Accept-Encoding"
    return response


async def _events(topic: str, now: Callable[[], str], carried: CarriedRegions | None) -> AsyncIterator[str]:
    """The stream: subscribed first, then the version now (so that no change falls between them); a
    match's stream also on its session's topic, whose message ends it."""
    try:
        async with listening(topic, *(carried.ends_on if carried else ())) as changes:
            if carried is not None:  # the session's end published before it subscribed: its mark
                await carried.checked(missed=True)
            yield f"retry: {RETRY_MS}\n{_message(await sync_to_async(_read_and_close)(now))}"
            while True:
                try:
                    async with asyncio.timeout(HEARTBEAT_SECONDS):  # not wait_for: no task per message
                        version = await changes.get()
                except TimeoutError:
                    yield ":\n\n"
                    continue
                version, writer, change = parsed(version)
                if version == ENDED:  # its session was ended (signed out on any device)
                    return
                if carried is None:
                    yield _message(version)
                elif carried.wrote(writer):  # its answer drew this version
                    continue
                elif drawn := await carried.change(version, change):
                    yield f"event: change\nid: {version}\ndata: {drawn}\n\n"
                else:
                    region = await carried.region(version)
                    yield _message(version) if region is None else _region_message(version, region)
    except TimeoutError:  # no subscription (Redis is away): the browser connects again later
        return
    except Http404:  # no longer readable by this phone (CarriedRegions): its stream and poll get 404
        return


async def _gzipped(events: AsyncIterator[str]) -> AsyncIterator[bytes]:
    """``events`` as one gzip stream, flushed after each so that it reaches the phone at once."""
    packer = zlib.compressobj(zlib.Z_BEST_SPEED, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    async for event in events:
        yield packer.compress(event.encode()) + packer.flush(zlib.Z_SYNC_FLUSH)


def _read_and_close(read: Callable[[], T]) -> T:
    """``read()`` (the access check raises Http404 for an outsider), then the request's database
    connection let go at once, unless it is in a transaction (a test's): thousands of phones connect,
    and each stream waits for hours."""
    try:
        return read()
    finally:
        if not connection.in_atomic_block:
            connection.close()


def _message(version: str) -> str:
    return f"data: {version}\n\n"


def _region_message(version: str, region: str) -> str:
    lines = region.strip().replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\ndata: ")
    return f"event: region\nid: {version}\ndata: {lines}\n\n"
