"""Django's cached database sessions (``SESSION_ENGINE``, ``cached_db``), in rows that know their
account (:class:`scorekeeper.models.AccountSession`).

A signed-in request reads its session from the cache (Redis, shared by every process and node) and
asks the database only when the cache has no copy: after ``CACHED_FOR`` at most, since a copy is kept
no longer. That read also notes when the session was last seen, when the row says more than
``CACHED_FOR`` ago: "my devices" (docs/accounts.md) is right to within ``SEEN_EVERY`` with one short
update per session every few minutes. Without Redis (the laptop) ``SESSION_CACHE_ALIAS`` is Django's
dummy cache, so every request reads the row: nothing a process remembers can outlive a sign-out.

Ending a session marks it ended in the cache (:func:`sessions_ended`) before its row is deleted; a read
finds the mark in the same round trip as the copy, so the device is signed out at its next request on
any process, even when a request that read the row before the deletion put a copy back after it; its
push streams end at once (:data:`ended`).
Writing, expiring and clearing sessions stay Django's own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

import redis
import redis.asyncio
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import cached_db, db
from django.contrib.sessions.base_session import AbstractBaseSession
from django.core.cache import BaseCache, caches
from django.dispatch import Signal
from django.http import HttpRequest
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from scorekeeper.models import AccountSession

SEEN_EVERY = timedelta(minutes=10)  # how exactly "my devices" knows when a session was last used
CACHED_FOR = SEEN_EVERY / 2  # a cached copy's longest life: a read of the row then notes the time
ENDED = "scorekeeper.sessions.ended:"  # in the cache, before an ended session's key
ENDED_FOR = 2 * CACHED_FOR  # a mark outlives any copy put back while its session was being ended
DEVICE = "_device"  # in the session's data: the User-Agent it signed in with
SIGNED_IN = "_signed_in_at"  # in the session's data: when, ISO 8601


class SessionStore(cached_db.SessionStore):
    """Django's ``cached_db`` store on :class:`AccountSession` rows, copies kept ``CACHED_FOR`` at most,
    ended sessions marked in the cache."""

    # Django's own, which django-stubs leave out:
    _cache: BaseCache
    _session: dict[str, Any]
    _get_session_from_db: Callable[[], AbstractBaseSession | None]

    @classmethod
    def get_model_class(cls) -> type[AccountSession]:
        """The rows: Django's sessions with their account, device and times."""
        return AccountSession

    def load(self) -> dict[str, Any]:
        """The session's data (the cache's copy, else the row's), or ``{}`` and no key, as Django's own,
        when it is unknown, expired or ended."""
        key = self.session_key
        if not key:
            return {}
        found = self._cache.get_many([self.cache_key, ENDED + key])
        if ENDED + key in found:
            self._session_key = None
            return {}
        data: dict[str, Any] | None = found.get(self.cache_key)
        return self._load_row() if data is None else data

    def save(self, must_create: bool = False) -> None:
        """Django's save, the copy kept ``CACHED_FOR`` at most."""
        db.SessionStore.save(self, must_create)
        self._cache.set(self.cache_key, self._session, self._cached_for())

    def delete(self, session_key: str | None = None) -> None:
        """Django's delete (signing out, a new key at sign-in), the session first marked ended."""
        key = session_key or self.session_key
        if key:
            sessions_ended([key])
        super().delete(session_key)

    async def aload(self) -> dict[str, Any]:
        """:meth:`load` for async code (Django's ``request.auser()``), so that it sees the same marks."""
        return await sync_to_async(self.load)()

    async def asave(self, must_create: bool = False) -> None:
        """:meth:`save` for async code."""
        await sync_to_async(self.save)(must_create)

    async def adelete(self, session_key: str | None = None) -> None:
        """:meth:`delete` for async code (Django's ``alogout``)."""
        await sync_to_async(self.delete)(session_key)

    def create_model_instance(self, data: dict[str, Any]) -> AccountSession:
        """The row, with its account and device from the data that signing in put there."""
        row = super().create_model_instance(data)
        assert isinstance(row, AccountSession)
        user_id = data.get(SESSION_KEY)
        row.user_id = int(user_id) if user_id and str(user_id).isdigit() else None
        row.device = str(data.get(DEVICE, ""))[:200]
        signed_in = data.get(SIGNED_IN)
        row.signed_in_at = parse_datetime(signed_in) if isinstance(signed_in, str) else None
        row.last_seen = timezone.now()
        return row

    def _load_row(self) -> dict[str, Any]:
        """The data of the live row (Django's read), noting that it was seen; a copy is kept (``add``, not
        ``set``: a copy that a save put meanwhile is newer than this read). A copy never outlives its
        session, so Django's cleanup of expired rows needs no mark."""
        row = self._get_session_from_db()
        if row is None:
            return {}
        assert isinstance(row, AccountSession)
        data: dict[str, Any] = self.decode(row.session_data)
        now = timezone.now()
        if data.get(SESSION_KEY) and (row.last_seen is None or row.last_seen < now - CACHED_FOR):
            AccountSession.objects.filter(session_key=row.session_key).update(last_seen=now)
        self._cache.add(self.cache_key, data, self._cached_for(row.expire_date))
        return data

    def _cached_for(self, expiry: datetime | None = None) -> int:
        """Seconds to keep a copy: ``CACHED_FOR``, or less when the session expires sooner."""
        return min(int(CACHED_FOR.total_seconds()), self.get_expiry_age(expiry=expiry))


ended = Signal()  # sent with ``keys`` once sessions_ended has marked them (their push streams end)


def sessions_ended(keys: Iterable[str]) -> None:
    """Mark the sessions ``keys`` ended in the sessions' cache: their next request, on any process, is
    signed out; then :data:`ended` is sent (the push streams of those sessions end: games/push.py).
    Every path that deletes session rows calls it before it deletes them (the store's delete, ending
    devices, deleting an account), so that a request reading a row the deletion has not yet committed
    finds the mark too. (Should that deletion roll back, the sessions stay signed out: their rows are
    left until they expire.)"""
    ending = list(keys)
    if ending:
        marks = dict.fromkeys((ENDED + key for key in ending), True)
        caches[settings.SESSION_CACHE_ALIAS].set_many(marks, int(ENDED_FOR.total_seconds()))
        ended.send(sender=SessionStore, keys=ending)


def session_ended(key: str) -> bool:
    """Whether session ``key`` was ended (:func:`sessions_ended`'s mark; never found without Redis, where
    the dummy cache keeps nothing and the row says it)."""
    return caches[settings.SESSION_CACHE_ALIAS].get(ENDED + key) is not None


_marks: tuple[asyncio.AbstractEventLoop, redis.asyncio.Redis] | None = None


async def asession_ended(key: str) -> bool:
    """:func:`session_ended` on the event loop, without a thread (a push stream asks when it may have
    missed its session's end): one ``EXISTS`` on Redis, which must be configured; an error is a mark not
    found, as the cache's own reads (the stream reads the session whole every ``RECHECK_SECONDS``
    anyway)."""
    global _marks
    assert settings.REDIS is not None
    loop = asyncio.get_running_loop()
    if _marks is None or _marks[0] is not loop:
        _marks = (loop, settings.REDIS.async_client())
    try:
        return bool(await _marks[1].exists(caches[settings.SESSION_CACHE_ALIAS].make_key(ENDED + key)))
    except redis.RedisError:
        return False


def signed_in(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """``user_logged_in``: the session notes the device and the time it signed in (saved with it)."""
    session = getattr(request, "session", None)
    if session is not None:
        session[DEVICE] = request.headers.get("User-Agent", "")[:200]
        session[SIGNED_IN] = timezone.now().isoformat()
