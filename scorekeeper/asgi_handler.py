"""The ASGI handler of ``scorekeeper/asgi.py``: Django's, with the middleware chain run as under WSGI.

Django's own ASGI handler runs a synchronous view in a thread, but each hook of each middleware in a
thread hop of its own (16 middlewares: 18 hops a request, nearly all of a push stream's connect that is
not its own reads). Every view of this app is synchronous (a push stream's returns an asynchronous
iterator, which the handler then streams on the event loop), so here the whole chain and the view run
in one hop, as gunicorn runs them. Measured on a stream's connect: about 1 ms of CPU less in 6
(README, "Load").
"""

from __future__ import annotations

import django
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class OneHopASGIHandler(ASGIHandler):
    """Django's ASGI handler, the middleware chain and the view run in one thread hop a request."""

    def load_middleware(self, is_async: bool = False) -> None:
        """The chain built synchronous, as for WSGI, whatever the handler asks."""
        super().load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        """The synchronous chain's answer, from the request's own thread (Django's thread-sensitive
        one: the same as every other synchronous step of this request)."""
        response: HttpResponseBase = await sync_to_async(self.get_response, thread_sensitive=True)(request)
        return response


def one_hop_application() -> OneHopASGIHandler:
    """As ``django.core.asgi.get_asgi_application``, with :class:`OneHopASGIHandler`."""
    django.setup(set_prefix=False)
    return OneHopASGIHandler()
