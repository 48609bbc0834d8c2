"""The match screen's live region: who may see it, rendering it, and polls that skip unchanged states.

A poll that finds a change is answered from :func:`live_fragment`: the region as every phone of the
same kind sees the match at its version, rendered by the first phone to ask and kept in Django's cache
(Redis, shared by the nodes; the embedded default's is the process's own memory) for the others, with
slots for what is each phone's own (its CSRF token, its forms' idempotency key), filled in per request
(:func:`personal`)."""

from __future__ import annotations

import hashlib
import re
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal, cast

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language

from games.access import User, can_record_match, match_for
from games.matches.selectors.matches import (
    match_get,
    match_id_shared,
    match_row,
    match_seats_load,
    match_version,
)
from games.matches.services.plays import Recorded
from games.models import Match
from games.push import ASK, session_topic
from games.screen_keys import READ, WRITE, key_opens, screen_key
from scorekeeper.public import public_url
from scorekeeper.sessions import asession_ended
from web.deals import deal_questions
from web.entries import entry_form
from web.screens import MatchScreen, match_screen, polled_version, screen_version
from web.table_guests import ConfirmationBox, confirmation_box, visitor
from web.views import HtmxHttpRequest

POLL_SECONDS = 3
# How long a rendered region is kept: the phones of a table ask for a version within a push's round trip
# (a poll's interval, where a push cannot connect) of each other; a region shown longer is asked for again
# only by a phone that slept through it. Every write's answer keeps one (about 25 kB): 100 plays a second
# keep 75 MB in Redis.
FRAGMENT_SECONDS = 30
# A version's first asker renders it while the others wait for its render (``rendered_once``): at most
# WAIT_SECONDS, asking the cache after WAIT_FIRST seconds, then twice as long each time up to WAIT_LONGEST.
# A renderer that died frees the version after RENDERING_SECONDS (it is then rendered by the next asker).
WAIT_SECONDS, WAIT_FIRST, WAIT_LONGEST = 1.0, 0.002, 0.02
RENDERING_SECONDS = 5
# A push stream that carries regions reads its phone's session and access again at least this often.
RECHECK_SECONDS = 30
Part = Literal["live", "offline"]
PARTS: dict[Part, tuple[str, str]] = {  # a part of the match page kept per version: template, key suffix
    "live": ("web/matches/_live.html", ""),
    "offline": ("web/matches/_offline.html", ":offline"),
}


def shared_url(request: HtmxHttpRequest, match: Match) -> str:
    """The full address of the match's share link (``PUBLIC_URL``, else as the request came), or ""."""
    return public_url(request, reverse("match-shared", args=[match.share_token])) if match.share_token else ""


def match_readable(
    request: HtmxHttpRequest, pk: int, token: str = "", *, read: Callable[[int], Match] = match_get
) -> Match:
    """The match, as ``read`` gives it (the whole page's by default; ``match_row``: its row alone,
    for a poll), if the visitor may read it (404 otherwise, so its existence is not revealed)."""
    return match_for(request.user, pk, share=token, read=read)


def match_shared_readable(
    request: HtmxHttpRequest, token: str, read: Callable[[int], Match] = match_get
) -> Match:
    """The match behind a share link, as ``read`` gives it (404 for an unknown or withdrawn link)."""
    found = match_id_shared(token)
    if found is None:
        raise Http404
    return match_readable(request, found, token, read=read)


def match_writable(
    request: HtmxHttpRequest, pk: int, *, read: Callable[[int], Match] = match_get, record: bool = False
) -> Match:
    """The match, as ``read`` gives it, if the visitor may write it (``record``: record its hands,
    as its table's guest may too).

    Raises:
        Http404: unknown or unreadable; PermissionDenied: readable but not writable.
    """
    return match_for(request.user, pk, write=True, read=read, record=record)


def live_url(screen: MatchScreen, token: str, *, push: bool = False) -> str:
    """Where the live region polls (``push``: where it listens, web/views/push.py)."""
    suffix = "push" if push else "live"
    if token:
        return reverse(f"match-shared-{suffix}", args=[token])
    return reverse(f"match-{suffix}", args=[screen.match.pk])


def live_context(
    request: HtmxHttpRequest,
    match: Match,
    *,
    token: str = "",
    written: Recorded[Any] | None = None,
    whole: bool = False,
    **extra: object,
) -> dict[str, object]:
    """What the live region's template needs; ``written``: the write just made, and ``whole``: with
    the score sheet too (see ``match_screen``); ``extra`` carries a form's error or choices."""
    screen = match_screen(match, request.user, written, whole=whole)
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
        "push_url": live_url(screen, token, push=True),
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
    """The live region, or 204 (htmx leaves the page alone) when the screen has not changed.
    ``match``: its row alone; its seats are read only if the region is rendered."""
    version = screen_version(match)
    if request.GET.get("v") == version:
        return HttpResponse(status=204)
    return HttpResponse(personal(request, live_fragment(request, match, version, token=token)))


def live_fragment(
    request: HtmxHttpRequest,
    match: Match,
    version: str,
    *,
    token: str = "",
    written: Recorded[Any] | None = None,
    shown: Mapping[str, object] | None = None,
    part: Part = "live",
) -> str:
    """The live region of ``match`` at ``version`` as every phone that asks in the reader's language, may
    write or not, and comes by the share link or not sees it, with :func:`personal`'s slots: rendered
    once per version (:func:`rendered_once`) and kept in the cache (the key holds all it depends on; a
    write changes the version, so nothing is ever invalidated). ``match``: as :func:`live_poll` takes
    it; ``written``: the play, undo or challenge that made ``version``, whose answer shows the region
    from what its service computed (``match`` as it left it, with its seats), not read again;
    ``shown``: the match page's :func:`live_context` at ``version``, drawn from if it is rendered;
    ``part``: the region, or the page's offline recording (its texts, and the forms it draws between
    hands: drawn from ``shown`` only), kept the same way."""
    if shown is not None:  # as the page's live_context found them
        writable, box = bool(shown["writable"]), cast(ConfirmationBox | None, shown["confirmation"])
    else:  # as live_context's screen decides; a write's service decided it under the match's lock
        writable = not token and (written is not None or can_record_match(request.user, match))
        box = confirmation_box(match, request.user)  # per person, and only for a finished event table
    key = region_key(request, match, token=token, writable=writable, box=box)(version) + PARTS[part][1]

    def render() -> str:
        slots = {"key": _slot("key"), "csrf_token": _slot("csrf")}
        if shown is not None:
            context = {**shown, **slots}
        else:
            if written is None:
                match_seats_load(match)
            context = live_context(request, match, token=token, written=written, whole=True, **slots)
        return render_to_string(PARTS[part][0], context, request)

    return rendered_once(key, render)


@dataclass(frozen=True, slots=True)
class RegionKey:
    """The cache key of :func:`live_fragment`'s region of a match at each version:
    ``<head>:<version>:<tail>``."""

    head: str
    tail: str

    def __call__(self, version: str) -> str:
        return f"{self.head}:{version}:{self.tail}"


def region_key(
    request: HtmxHttpRequest, match: Match, *, token: str, writable: bool, box: ConfirmationBox | None
) -> RegionKey:
    """The cache key of :func:`live_fragment`'s region for each version of ``match``: it holds all the
    region depends on (``writable``: whether it records; ``box``: the visitor's confirmation box)."""
    parts = (
        str(match.pk),
        str(match.created_at.timestamp()),  # another database's match of the same id and version
    )
    kinds = (
        get_language(),
        "write" if writable else "read",
        "manage" if writable and request.user.is_authenticated else "",  # a table's guest only records
        "" if box is None else f"confirm-{box.waiting:d}{box.can_confirm:d}",
        "shared" if token else "",  # the share link's own (the link is the match's at this version)
        "engine" if settings.PHONE_ENGINE else "",
        public_url(request, "/"),  # the share link's full address, where the region shows it
    )
    return RegionKey(":".join(("live", *parts)), ":".join(kinds))


def rendered_once(key: str, render: Callable[[], str]) -> str:
    """What the cache keeps under ``key``, else ``render()``'s, kept there: the phones of a table ask
    for a new version within a millisecond of its push, so the first to find it missing renders it
    under a short lock (``cache.add``) and the others wait for its render, polling the cache for at
    most ``WAIT_SECONDS``, then render it themselves (a renderer that failed or is slow never makes
    them fail; each render is of the version its key names, so none is stale)."""
    fragment: str | None = cache.get(key)
    if fragment is not None:
        return fragment
    lock = f"{key}:rendering"
    if not cache.add(lock, 1, RENDERING_SECONDS):
        deadline, pause = time.monotonic() + WAIT_SECONDS, WAIT_FIRST
        while time.monotonic() < deadline:
            time.sleep(pause)
            fragment = cache.get(key)
            if fragment is not None:
                return fragment
            pause = min(2 * pause, WAIT_LONGEST)
        return _rendered(key, render)
    try:
        return _rendered(key, render)
    finally:
        cache.delete(lock)  # a render that failed leaves no one waiting for it


def _rendered(key: str, render: Callable[[], str]) -> str:
    fragment = render()
    cache.set(key, fragment, FRAGMENT_SECONDS)
    return fragment


def personal(request: HtmxHttpRequest, fragment: str) -> str:
    """:func:`live_fragment`'s region for this phone: its CSRF token, and a new key for its forms' writes
    (a retry of a write sends the key of the form it was made from)."""
    return fragment.replace(_slot("csrf"), get_token(request)).replace(_slot("key"), uuid.uuid4().hex)


def _slot(name: str) -> str:
    """A text no visitor can write into a region (a name, a note): the same on every node."""
    return salted_hmac("web.views.live.slot", name, algorithm="sha256").hexdigest()[:32]


PHONE = re.compile(r"[A-Za-z0-9-]{1,64}")


def phone_id(text: str) -> str:
    """A page's name for itself (``static/js/push.js``: its stream's ``phone`` and its region's
    requests' ``X-SK-Phone``), or "" for anything else: an opaque hint, which only spares the phone that
    wrote a region it already draws."""
    return text if PHONE.fullmatch(text) else ""


class CarriedRegions:
    """The live regions a match's push stream carries to its phone (web/views/push.py): for each new
    version, the play itself to a phone whose engine draws it (``draws=1``); else the region as this
    phone is shown it, once a write's answer or another phone has rendered it (:func:`live_fragment`'s
    cache), with the phone's own slots filled; else ``None``, and the stream sends the version for the
    phone to ask. Who the phone is and what it may see are read when the stream opens (or found by the
    match's page this phone loaded less than ``RECHECK_SECONDS`` ago: :meth:`passed`); the stream also
    listens on its session's topic (:attr:`ends_on`), where the session's end is published (signed out on
    any device: it is carried nothing more). Where that message may have been missed (as the stream
    subscribes, and after a lost subscription: an "ask"), the session's "ended" mark is read (one round
    trip to Redis); and at least every ``RECHECK_SECONDS`` (without Redis, each time) its session and
    access are read again (shut out of the match, or the share link withdrawn). ``Http404`` ends the
    stream. A finished event table's region, which holds a box of each person's own, is not carried."""

    def __init__(self, request: HtmxHttpRequest, pk: int, token: str = "") -> None:
        self.request, self.pk, self.token = request, pk, token
        self.phone = phone_id(request.GET.get("phone", ""))  # push.js names its page's stream
        self.draws = request.GET.get("draws") == "1"  # its engine draws a play (offline_engine_view.js)
        get_token(request)  # the stream's answer sets the cookie, if new: its regions' forms carry it
        session = request.session.session_key
        self.ends_on = (session_topic(session),) if session else ()  # topics whose message ends it
        self.key: RegionKey | None = None
        self.due = 0.0  # when its session and access are next read whole (time.monotonic)

    @classmethod
    def read(cls, request: HtmxHttpRequest, match: Match, token: str = "") -> CarriedRegions:
        """The phone's, ``match`` readable by it (:func:`match_readable` checked it)."""
        carried = cls(request, match.pk, token)
        carried._read(request.user, match)
        return carried

    @classmethod
    def passed(cls, request: HtmxHttpRequest, pk: int) -> CarriedRegions | None:
        """The phone's, as the match's page it loaded less than ``RECHECK_SECONDS`` ago found it
        (:func:`pass_streams`), without a read of its session, account or match; ``None``: no such page
        (the stream reads them, :meth:`read`)."""
        session = request.session.session_key
        if not session or settings.REDIS is None:
            return None
        found: tuple[float, RegionKey | None] | None = cache.get(_pass_key(session, pk))
        if found is None:
            return None
        carried = cls(request, pk)
        issued, carried.key = found
        carried.due = time.monotonic() + issued + RECHECK_SECONDS - time.time()
        return carried

    def wrote(self, writer: str) -> bool:
        """Whether this stream's phone made the write (its answer drew the version: it is sent
        nothing)."""
        return bool(writer) and writer == self.phone

    def _read(self, user: User, match: Match) -> None:
        writable = not self.token and can_record_match(user, match)
        box = confirmation_box(match, user)
        self.key = carried_key(self.request, match, token=self.token, writable=writable, box=box)
        self.due = time.monotonic() + RECHECK_SECONDS

    async def region(self, version: str) -> str | None:
        """The region at ``version`` for this phone, if rendered (``Http404``: no longer readable)."""
        await self.checked(missed=version == ASK)
        return await sync_to_async(self._cached)(version)

    async def change(self, version: str, change: str) -> str | None:
        """The change pushed with ``version`` (a play), if this phone draws it itself and may still read
        the match (``Http404`` otherwise); ``None``: the region or the version is sent instead."""
        if not (change and self.draws):
            return None
        await self.checked()
        return change

    async def checked(self, *, missed: bool = False) -> None:
        """``Http404`` if the phone may no longer read the match: at times its session and access read
        whole; when it may have ``missed`` its session's end, the session's "ended" mark read (on the
        loop: no thread)."""
        if settings.REDIS is None or time.monotonic() >= self.due:
            await sync_to_async(self._recheck)()
        elif missed and (session := self.request.session.session_key) and await asession_ended(session):
            raise Http404

    def _cached(self, version: str) -> str | None:
        if self.key is None or not version:
            return None
        fragment: str | None = cache.get(self.key(version))
        return None if fragment is None else personal(self.request, fragment)

    def _recheck(self) -> None:
        """The phone's session and visitor read again, then the match as :meth:`_read` reads it; the
        database connection closed after (a stream waits for hours), unless in a test's transaction."""
        request = self.request
        try:
            engine = import_module(settings.SESSION_ENGINE)
            request.session = engine.SessionStore(request.session.session_key)
            request.user = visitor(request)
            self._read(request.user, match_for(request.user, self.pk, share=self.token, read=match_row))
        finally:
            if not connection.in_atomic_block:
                connection.close()


def pass_streams(request: HtmxHttpRequest, match: Match, screen: Mapping[str, object]) -> None:
    """What the match's page found, checked in full (its :func:`live_context`, ``screen``: whether it
    records, the visitor's confirmation box), kept ``RECHECK_SECONDS`` for the push stream it opens next
    (:meth:`CarriedRegions.passed`): a phone's session, access and match are then read once for its page
    and its stream, not twice. Only for the session that loaded the page, and only with Redis (every
    process then finds it; without, a stream reads them each time)."""
    session = request.session.session_key
    if not session or settings.REDIS is None:
        return
    box = cast(ConfirmationBox | None, screen["confirmation"])
    key = carried_key(request, match, token="", writable=bool(screen["writable"]), box=box)
    cache.set(_pass_key(session, match.pk), (time.time(), key), RECHECK_SECONDS)


def carried_key(
    request: HtmxHttpRequest, match: Match, *, token: str, writable: bool, box: ConfirmationBox | None
) -> RegionKey | None:
    """The key of the regions a push stream carries to this phone (:func:`region_key`); ``None`` where
    the visitor has a confirmation box of their own, whose region is not carried."""
    return None if box is not None else region_key(request, match, token=token, writable=writable, box=None)


def _pass_key(session: str, pk: int) -> str:
    """The cache key of :func:`pass_streams`'s pass: a digest of the session's key, which is a
    credential."""
    return f"push-pass:{pk}:" + hashlib.sha256(session.encode()).hexdigest()[:32]
