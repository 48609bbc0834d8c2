"""The match screen's live region: who may see it, rendering it, and polls that skip unchanged states."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from games.access import match_for
from games.models import Match
from games.screen_keys import READ, WRITE, key_opens, screen_key
from games.selectors import match_get, match_version
from games.services.plays import Recorded
from web.deals import deal_questions
from web.entries import entry_form
from web.screens import MatchScreen, match_screen, polled_version
from web.table_guests import confirmation_box
from web.views import HtmxHttpRequest

POLL_SECONDS = 3


def match_readable(
    request: HtmxHttpRequest, pk: int, token: str = "", *, read: Callable[[int], Match] = match_get
) -> Match:
    """The match, as ``read`` gives it (the whole page's by default; ``match_get_live``: the live
    region's), if the visitor may read it (404 otherwise, so its existence is not revealed)."""
    return match_for(request.user, pk, share=token, read=read)


def match_writable(
    request: HtmxHttpRequest, pk: int, *, read: Callable[[int], Match] = match_get, record: bool = False
) -> Match:
    """The match, as ``read`` gives it, if the visitor may write it (``record``: record its hands,
    as its table's guest may too).

    Raises:
        Http404: unknown or unreadable; PermissionDenied: readable but not writable.
    """
    return match_for(request.user, pk, write=True, read=read, record=record)


def live_url(screen: MatchScreen, token: str) -> str:
    if token:
        return reverse("match-shared-live", args=[token])
    return reverse("match-live", args=[screen.match.pk])


def live_context(
    request: HtmxHttpRequest,
    match: Match,
    *,
    token: str = "",
    written: Recorded[Any] | None = None,
    **extra: object,
) -> dict[str, object]:
    """What the live region's template needs; ``written``: the write just made (see ``match_screen``);
    ``extra`` carries a form's error or choices."""
    screen = match_screen(match, request.user, written)
    writable = screen.can_write and not token  # recording; a table's guest does nothing else
    manages = writable and request.user.is_authenticated
    names = [side.names for side in screen.sides]
    return {
        "screen": screen,
        "writable": writable,
        "manages": manages,
        "confirmation": confirmation_box(match, request.user),
        "phone_engine": writable and settings.PHONE_ENGINE,
        "deal": deal_questions(match.game, match.options),
        # Made only if shown (a hand to be scored from its counts, or one not yet played).
        "summary_form": SimpleLazyObject(lambda: entry_form(match.game, match.options, names)),
        "key": uuid.uuid4().hex,
        "live_url": live_url(screen, token),
        "poll_key": "" if token else screen_key(match.pk, READ),
        "options_key": screen_key(match.pk, WRITE) if writable else "",
        "poll_seconds": POLL_SECONDS,
        "token": token,
        **extra,
    }


def unchanged(request: HtmxHttpRequest, *, pk: int | None = None, token: str = "") -> HttpResponse | None:
    """204 when the version the poll carries (``v``) is still the match's, read in one query before
    anything is built, and the poll may be told so: a poll of match ``pk`` carries the screen's read
    key (``k``, :mod:`games.screen_keys`); a share link's poll finds the match by its token. Else
    ``None``, and the poll is answered in full, with every check."""
    seen = request.GET.get("v")
    if not seen:
        return None
    if token:
        found = match_version(share_token=token)
    elif pk is not None and key_opens(request.GET.get("k", ""), pk, READ):
        found = match_version(pk=pk)
    else:
        return None
    if found is None or polled_version(found) != seen:
        return None
    return HttpResponse(status=204)


def live_poll(request: HtmxHttpRequest, match: Match, token: str = "") -> HttpResponse:
    """The live region, or 204 (htmx leaves the page alone) when the screen has not changed."""
    context = live_context(request, match, token=token)
    screen = context["screen"]
    assert isinstance(screen, MatchScreen)
    if request.GET.get("v") == screen.version:
        return HttpResponse(status=204)
    return render(request, "web/matches/_live.html", context)
