"""Sessions are Django's database sessions, read with one query written out (scorekeeper/sessions.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scorekeeper.sessions import SessionStore

pytestmark = pytest.mark.django_db


def _stored(**data: object) -> str:
    store = SessionStore()
    store.update(data)
    store.create()
    return str(store.session_key)


def test_a_session_is_read_back_in_one_query() -> None:
    key = _stored(table=7)
    with CaptureQueriesContext(connection) as queries:
        assert SessionStore(key).load() == {"table": 7}
    assert len(queries) == 1


def test_an_expired_or_unknown_session_is_empty_and_loses_its_key() -> None:
    expired = _stored(table=7)
    Session.objects.filter(session_key=expired).update(expire_date=timezone.now() - timedelta(seconds=1))
    for key in (expired, "no-such-session-key", None):
        store = SessionStore(key)
        assert store.load() == {}
        assert store.session_key is None


def test_a_signed_in_phone_stays_signed_in(client: Client) -> None:
    client.force_login(User.objects.create_user("marija"))
    assert client.get("/").wsgi_request.user.is_authenticated
