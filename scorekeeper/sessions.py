"""Django's database sessions (``SESSION_ENGINE``), read with one query written out, in rows that know
their account (:class:`scorekeeper.models.AccountSession`).

Every signed-in request reads its session, and building that query through the ORM took twice as
long as running it (README.md, The phone's requests). Writing, expiring and clearing sessions stay
Django's own. Each row also keeps its account, the device it signed in from and when, and when it was
last seen: a read more than ``SEEN_EVERY`` after the last one notes the time (one short update), so
that "my devices" (docs/accounts.md) can say which phone was used when, at no cost to the rest.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db
from django.db import connections, router
from django.http import HttpRequest
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from scorekeeper.models import AccountSession

SEEN_EVERY = timedelta(minutes=10)
DEVICE = "_device"  # in the session's data: the User-Agent it signed in with
SIGNED_IN = "_signed_in_at"  # in the session's data: when, ISO 8601


class SessionStore(db.SessionStore):
    @classmethod
    def get_model_class(cls) -> type[AccountSession]:
        return AccountSession

    def load(self) -> dict[str, Any]:
        """The session's data, or ``{}`` (and no key, as Django's own) when it is unknown or expired."""
        row = self._row() if self.session_key else None
        if row is None:
            self._session_key = None
            return {}
        data: dict[str, Any] = self.decode(row[0])
        seen = _aware(row[1])
        if data.get(SESSION_KEY) and (seen is None or seen < timezone.now() - SEEN_EVERY):
            self._seen()
        return data

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

    def _row(self) -> tuple[str, datetime | str | None] | None:
        model = self.model
        connection = connections[router.db_for_read(model)]
        name = connection.ops.quote_name
        sql = (
            f"SELECT {name('session_data')}, {name('last_seen')} FROM {name(model._meta.db_table)}"
            f" WHERE {name('session_key')} = %s AND {name('expire_date')} > %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [self.session_key, timezone.now()])
            row: tuple[str, datetime | str | None] | None = cursor.fetchone()
        return row

    def _seen(self) -> None:
        AccountSession.objects.filter(session_key=self.session_key).update(last_seen=timezone.now())


def _aware(value: datetime | str | None) -> datetime | None:
    """A time read by hand: PostgreSQL gives it aware, SQLite as UTC text or a naive value."""
    moment = parse_datetime(value) if isinstance(value, str) else value
    if moment is not None and timezone.is_naive(moment):
        moment = timezone.make_aware(moment, UTC)
    return moment


def signed_in(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """``user_logged_in``: the session notes the device and the time it signed in (saved with it)."""
    session = getattr(request, "session", None)
    if session is not None:
        session[DEVICE] = request.headers.get("User-Agent", "")[:200]
        session[SIGNED_IN] = timezone.now().isoformat()
