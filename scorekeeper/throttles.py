"""Sign-up and password-reset requests are rate-limited per client address (DRF throttles), changes to
one's own account per account, and every refusal for too many attempts says how long to wait: the
web's 429 page and the API's message (scorekeeper/sign_in.py limits sign-in). Walk-ins and new events
are rate-limited per account, on the API and the director's desk alike (docs/events.md, "Limits").

The counts live in the cache; when the cache is down its backend ignores the error and the throttle
lets the request through, so an outage never locks anyone out. The web's sign-up page uses the
throttle through :func:`throttled`.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from functools import wraps
from typing import Any, NamedTuple

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


class PasswordResetThrottle(SignUpThrottle):
    """Requests for a password-reset mail from one client address, whatever address they name."""

    scope = "password_reset"


class TableCodeThrottle(SignUpThrottle):
    """Wrong table codes entered from one client address (docs/events.md, "Guests' tables"); only the
    wrong ones are counted, so a table's guests are never held up by their own right code."""

    scope = "table_codes"

    def _tries(self, request: Any) -> tuple[str, list[float], int, int] | None:
        """The cache key, the wrong tries still counted (newest first), the limit and its window."""
        allowed, window = self.parse_rate(self.rate)
        if allowed is None or window is None:
            return None
        key = self.get_cache_key(request, None)
        now = self.timer()
        return key, [moment for moment in self.cache.get(key, []) if moment > now - window], allowed, window

    def refusal(self, request: Any) -> int | None:
        """The seconds to wait when the address has used up its wrong tries (``None``: it may try)."""
        tries = self._tries(request)
        if tries is None or len(tries[1]) < tries[2]:
            return None
        _key, history, allowed, window = tries
        return max(1, math.ceil(history[allowed - 1] + window - self.timer()))

    def failed(self, request: Any) -> None:
        """Count a wrong code from the request's address."""
        tries = self._tries(request)
        if tries is not None:
            key, history, _allowed, window = tries
            self.cache.set(key, [self.timer(), *history], window)


class PasswordResetMailThrottle(SimpleRateThrottle):
    """Password-reset mails asked for one e-mail address, from anywhere (nobody's mailbox is flooded).
    Counted whether or not an account has the address, so a refusal tells nothing about accounts."""

    scope = "password_reset"

    def __init__(self, email: str) -> None:
        super().__init__()
        self.email = email.strip().casefold()

    def get_cache_key(self, request: Any, view: Any) -> str:
        digest = hashlib.sha256(self.email.encode()).hexdigest()[:32]
        return self.cache_format % {"scope": "password_reset_mail", "ident": digest}


class AccountThrottle(SimpleRateThrottle):
    """Writes of one signed-in account, whatever address they come from (a client address for one
    signed out); ``scope`` names the rate."""

    def get_cache_key(self, request: Any, view: Any) -> str:  # Any: a DRF or a plain Django request
        user = getattr(request, "user", None)
        ident = f"user-{user.pk}" if user is not None and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def refused(self, seconds: int) -> str:
        """Why the write is refused and how long to wait, in the request's language."""
        return wait_text(seconds)


class AccountChangeThrottle(AccountThrottle):
    """Changes to one's own account (password, e-mail, devices), per account (per client address for a
    request not signed in, such as following a mailed link). Reads are not counted."""

    scope = "account"

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)


class ClubInvitationThrottle(AccountThrottle):
    """Club invitations an account makes."""

    scope = "club_invitations"


class ClubJoinThrottle(AccountThrottle):
    """Attempts to join a club through an invitation's token, by one account."""

    scope = "club_joins"


class WalkInThrottle(AccountThrottle):
    """Walk-ins (new guests entered by name) one account enters in events."""

    scope = "walk_ins"

    def refused(self, seconds: int) -> str:
        text = ngettext(
            "Too many walk-ins entered at once; try again in %(seconds)s second.",
            "Too many walk-ins entered at once; try again in %(seconds)s seconds.",
            seconds,
        )
        return str(text % {"seconds": seconds})


class EventCreateThrottle(AccountThrottle):
    """Events one account creates."""

    scope = "events_created"

    def refused(self, seconds: int) -> str:
        hours = max(1, math.ceil(seconds / 3600))
        text = ngettext(
            "This account has created as many events as it may for now; try again in %(hours)s hour.",
            "This account has created as many events as it may for now; try again in %(hours)s hours.",
            hours,
        )
        return str(text % {"hours": hours})


class Refusal(NamedTuple):
    seconds: int  # the wait (``Retry-After``)
    text: str  # why, and how long to wait, in the request's language


def account_refusal(request: Any, throttle: type[AccountThrottle]) -> Refusal | None:
    """Count this request against ``throttle``: ``None`` when allowed, else the refusal."""
    check = throttle()
    if check.allow_request(request, None):  # type: ignore[arg-type]  # reads only the user
        return None
    seconds = math.ceil(check.wait() or 60)
    return Refusal(seconds, check.refused(seconds))


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
                    if not throttle.allow_request(request, None)  # type: ignore[arg-type]  # a plain request: see above
                ]
                if refused:
                    waits = [wait for throttle in refused if (wait := throttle.wait()) is not None]
                    return refusal_page(request, math.ceil(max(waits, default=60)))
            return view(request, *args, **kwargs)

        return checked

    return decorate
