"""``scorekeeper/asgi_handler.py``: under ASGI a request crosses to its thread once for the whole
middleware chain and its view, not once per middleware hook."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import pytest
from asgiref.sync import SyncToAsync, async_to_sync
from django.core.handlers.asgi import ASGIHandler

from scorekeeper.asgi_handler import OneHopASGIHandler


def _served(handler: ASGIHandler, path: str) -> tuple[int, int]:
    """The status of a GET of ``path`` through ``handler``, and how many times the request crossed from
    the event loop to a thread."""
    crossings = 0
    cross = SyncToAsync.__call__

    async def counted(self: SyncToAsync[Any, Any], *args: Any, **kwargs: Any) -> Any:
        nonlocal crossings
        crossings += 1
        return await cross(self, *args, **kwargs)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }

    requests = [{"type": "http.request", "body": b"", "more_body": False}]
    sent: list[Mapping[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if requests:
            return requests.pop()
        await asyncio.Event().wait()  # no disconnect: the handler stops listening once it has answered
        raise AssertionError

    async def send(message: Mapping[str, Any]) -> None:
        sent.append(message)

    async def serve() -> int:
        await handler(scope, receive, send)
        return int(sent[0]["status"])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SyncToAsync, "__call__", counted)
        status = async_to_sync(serve)()
    return status, crossings


@pytest.mark.django_db(transaction=True)
def test_a_request_crosses_to_its_thread_once_for_the_chain_and_the_view() -> None:
    status, crossings = _served(OneHopASGIHandler(), "/rules/")
    status_django, crossings_django = _served(ASGIHandler(), "/rules/")
    assert status == status_django == 200
    # The chain and the view once; the others are the request_started and request_finished signals'
    # receivers, the same under either handler. Django's own crosses at each hook of its middlewares.
    assert crossings <= 3 < crossings_django
