"""Sign-up is rate-limited per client address (a DRF throttle), and every refusal for too many
attempts says how long to wait: the web's 429 page and the API's message (scorekeeper/sign_in.py
limits sign-in).

The counts live in the cache; when the cache is down its backend ignores the error and the throttle
lets the request through, so an outage never locks anyone out. The web's sign-up page uses the
throttle through :func:`throttled`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.translation import ngettext
from rest_framework.throttling import SimpleRateThrottle, UserRateThrottle

View = Callable[..., HttpResponseBase]


class SignUpThrottle(SimpleRateThrottle):
    """New accounts made from one client address."""

    scope = "sign_up"

    def get_cache_key(self, request: Any, view: Any) -> str:  # Any: a DRF or a plain Django request
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class AccountExportThrottle(UserRateThrottle):
    """Downloads of one's data, per account (docs/accounts.md): each reads the whole history."""

    scope = "account_export"


class AccountDeleteThrottle(UserRateThrottle):
    """Tries at deleting one's account, per account: each checks the password."""

    scope = "account_delete"


def wait_text(seconds: int) -> str:
    """'Too many attempts; try again in 42 minutes.', in the request's language (whole minutes, up)."""
    minutes = max(1, math.ceil(seconds / 60))
    text = ngettext(
        "Too many attempts; try again in %(minutes)s minute.",
        "Too many attempts; try again in %(minutes)s minutes.",
        minutes,
    )
    return text % {"minutes": minutes}


def refusal_page(request: HttpRequest, seconds: int) -> HttpResponse:
    """The 429 page: the app's page saying the wait, with ``Retry-After``."""
    response = render(request, "429.html", {"wait": wait_text(seconds)}, status=429)
    response["Retry-After"] = str(seconds)
    return response


def throttled(
    *throttles: type[SimpleRateThrottle], methods: tuple[str, ...] = ("POST",)
) -> Callable[[View], View]:
    """A web view whose POSTs (or other ``methods``) ``throttles`` limit: over the rate, the 429 page."""

    def decorate(view: View) -> View:
        @wraps(view)
        def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method in methods:
                checks = [kind() for kind in throttles]
                # A plain request serves: these throttles read only its address and its account.
                refused = [
                    throttle
                    for throttle in checks
                    if not throttle.allow_request(request, None)  # type: ignore[arg-type]
                ]
                if refused:
                    waits = [wait for throttle in refused if (wait := throttle.wait()) is not None]
                    return refusal_page(request, math.ceil(max(waits, default=60)))
            return view(request, *args, **kwargs)

        return checked

    return decorate
