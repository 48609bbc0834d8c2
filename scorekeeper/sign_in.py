"""Sign-in limits: django-axes counts wrong passwords in the database, for every path that signs in
(the web page, the admin's and ``auth/token/``: all call Django's ``authenticate``).

Two counts, each with its limit within a sliding cool-off (settings ``SIGN_IN_LIMITS``): an account's
failures from one address, and an address's failures for any account. A stranger's wrong passwords
elsewhere never lock out the owner, and one address cannot guess at many accounts. While a count is at
its limit every try it covers is refused, the right password included, and not counted (so the wait
said is the wait); a sign-in clears the account's own count from that address. The counts live next to
the accounts, in PostgreSQL: with the database down there is no sign-in to limit.
"""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off, get_credentials
from axes.models import AccessAttempt
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from rest_framework.throttling import BaseThrottle

from scorekeeper.throttles import refusal_page

Credentials = Mapping[str, Any] | None


def client_address(request: HttpRequest) -> str | None:
    """The client's address as the throttles see it: the peer, or with ``TRUSTED_PROXIES`` the entry
    the nearest trusted proxy appended to ``X-Forwarded-For``; the peer when that is no address."""
    ident = BaseThrottle().get_ident(request)  # type: ignore[arg-type]  # reads only the headers
    try:
        return str(ipaddress.ip_address(ident))
    except ValueError:
        return request.META.get("REMOTE_ADDR")


def counted_username(request: HttpRequest, credentials: Credentials) -> str | None:
    """The user name a failure counts against, without case or surrounding spaces (so ``Ana`` and
    ``ana `` share a count), cut to the longest user name an account can have."""
    data = credentials if credentials else getattr(request, "data", request.POST)
    username = data.get("username")
    if not isinstance(username, str):
        return None
    return username.strip().casefold()[:150]


class SignInHandler(AxesDatabaseHandler):  # type: ignore[misc]  # axes is untyped
    """Axes' database handler with a limit of its own for each count (``SIGN_IN_LIMITS``)."""

    def lockout_wait(self, request: HttpRequest, credentials: Credentials = None) -> timedelta | None:
        """How long until every count the request falls under is below its limit again; ``None`` when
        none is at it. Failures leave a count a cool-off after their row's latest one."""
        cool_off = get_cool_off(request)
        limits = [limit for _, limit in settings.SIGN_IN_LIMITS]
        ends = []
        for attempts, limit in zip(self.get_user_attempts(request, credentials), limits, strict=True):
            counted = 0
            rows = attempts.order_by("-attempt_time").values_list("attempt_time", "failures_since_start")
            for attempt_time, failures in rows[:limit]:  # each row holds one failure at least
                counted += failures
                if counted >= limit:
                    ends.append(attempt_time + cool_off)
                    break
        return max(ends) - request.axes_attempt_time if ends else None  # type: ignore[attr-defined]  # axes sets it

    def is_locked(self, request: HttpRequest, credentials: Credentials = None) -> bool:
        return self.lockout_wait(request, credentials) is not None

    def user_login_failed(
        self, sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any
    ) -> None:
        """Axes counts the failure; whether it locks is decided here, against each count's limit."""
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is not None:
            request.axes_locked_out = self.is_locked(request, credentials)  # type: ignore[attr-defined]  # axes reads it
            request.axes_credentials = credentials  # type: ignore[attr-defined]  # axes reads it

    def user_logged_in(self, sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
        """A sign-in clears the account's failures from this address; the address's count keeps the
        failures it made at other accounts."""
        super().user_logged_in(sender, request, user, **kwargs)
        failures_clear(request, user)


def failures_clear(request: HttpRequest, user: Any) -> None:
    """A right password clears ``user``'s failures from this address (every path that signs in: the
    web's through :class:`SignInHandler`, the API token's directly); the address's count stays."""
    AxesProxyHandler.update_request(request)
    username = counted_username(request, get_credentials(user.get_username()))
    ip_address = request.axes_ip_address  # type: ignore[attr-defined]  # set by update_request
    AccessAttempt.objects.filter(username=username, ip_address=ip_address).delete()


def lockout_wait(request: HttpRequest, credentials: Credentials = None) -> timedelta | None:
    """How long the sign-in limits refuse this request (``None``: they let it try)."""
    AxesProxyHandler.update_request(request)
    return SignInHandler().lockout_wait(request, credentials)


def wait_seconds(request: HttpRequest, credentials: Credentials = None) -> int:
    """The whole seconds to wait, at least 1: for ``Retry-After`` after a refused sign-in."""
    wait = lockout_wait(request, credentials)
    return max(1, math.ceil(wait.total_seconds())) if wait else 1


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Credentials
) -> HttpResponse:
    """Axes' answer to a refused web sign-in (``AXES_LOCKOUT_CALLABLE``): the 429 page."""
    return refusal_page(request, wait_seconds(request, credentials))
