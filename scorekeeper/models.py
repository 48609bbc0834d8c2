"""The project's own rows: web sessions that know their account (``SESSION_ENGINE``,
scorekeeper/sessions.py), so that a person can see their signed-in devices and end them."""

from __future__ import annotations

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models


class AccountSession(AbstractBaseSession):
    """Django's database session with its account, the device it signed in from (the browser's
    ``User-Agent``, cut short), when it signed in and when it was last seen (to within
    ``sessions.SEEN_EVERY``). Ending an account's sessions deletes its rows."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    device = models.CharField(max_length=200, blank=True)
    signed_in_at = models.DateTimeField(null=True, blank=True)
    last_seen = models.DateTimeField(null=True, blank=True)

    class Meta(AbstractBaseSession.Meta):
        db_table = "account_session"

    @classmethod
    def get_session_store_class(cls) -> type:
        from scorekeeper.sessions import SessionStore

        return SessionStore
