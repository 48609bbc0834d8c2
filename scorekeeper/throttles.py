"""Sign-in, token and sign-up are rate-limited per client address and per account (DRF throttles).

The counts live in the cache; when the cache is down its backend ignores the error and the throttle
lets the request through, so an outage never locks anyone out. The web's sign-in and sign-up pages use
the same throttles through :func:`throttled`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.translation import gettext
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

View = Callable[..., HttpResponseBase]


class SignInAddressThrottle(SimpleRateThrottle):
    """Sign-in attempts (web and token) from one client address."""

    scope = "sign_in"

    def get_cache_key(self, request: Any, view: Any) -> str:  # Any: a DRF or a plain Django request
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SignInAccountThrottle(SimpleRateThrottle):
    """Sign-in attempts for one user name, from any address."""

    scope = "sign_in_account"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        data = request.data if isinstance(request, Request) else request.POST
        username = data.get("username") if isinstance(data, Mapping) else None
        if not isinstance(username, str) or not username.strip():
            return None
        ident = hashlib.sha256(username.strip().casefold().encode(errors="replace")).hexdigest()
        return self.cache_format % {"scope": self.scope, "ident": ident}


class SignUpThrottle(SignInAddressThrottle):
    """New accounts made from one client address."""

    scope = "sign_up"


SIGN_IN = (SignInAddressThrottle, SignInAccountThrottle)


def throttled(*throttles: type[SimpleRateThrottle]) -> Callable[[View], View]:
    """A web view whose POSTs ``throttles`` limit: over the rate, a 429 page with ``Retry-After``."""

    def decorate(view: View) -> View:
        @wraps(view)
        def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method == "POST":
                checks = [kind() for kind in throttles]
                # A plain request serves: these throttles read only its address and POST data.
                refused = [
                    throttle
                    for throttle in checks
                    if not throttle.allow_request(request, None)  # type: ignore[arg-type]
                ]
                waits = [wait for throttle in refused if (wait := throttle.wait()) is not None]
                if refused:
                    message = gettext("Too many attempts; try again in a few minutes.")
                    response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
                    response["Retry-After"] = str(int(max(waits, default=60)))
                    return response
            return view(request, *args, **kwargs)

        return checked

    return decorate
