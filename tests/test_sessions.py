"""Sessions are Django's database sessions, read with one query written out, in rows that know their
account, device and last use (scorekeeper/sessions.py)."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scorekeeper.models import AccountSession
from scorekeeper.sessions import SEEN_EVERY, SessionStore

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
    past = timezone.now() - timedelta(seconds=1)
    AccountSession.objects.filter(session_key=expired).update(expire_date=past)
    for key in (expired, "no-such-session-key", None):
        store = SessionStore(key)
        assert store.load() == {}
        assert store.session_key is None


def test_a_signed_in_phone_stays_signed_in(client: Client) -> None:
    client.force_login(User.objects.create_user("marija"))
    assert client.get("/").wsgi_request.user.is_authenticated


def test_a_signed_in_session_knows_its_account_device_and_time() -> None:
    user = User.objects.create_user("marija", password="tablo-101-tally")
    browser = Client(HTTP_USER_AGENT="Firefox on a laptop")
    browser.post("/accounts/login/", {"username": "marija", "password": "tablo-101-tally"})
    row = AccountSession.objects.get(session_key=browser.session.session_key)
    assert (row.user_id, row.device) == (user.pk, "Firefox on a laptop")
    assert row.signed_in_at is not None
    assert row.last_seen is not None


def test_a_session_notes_when_it_was_last_seen_at_most_every_few_minutes() -> None:
    user = User.objects.create_user("marija")
    browser = Client()
    browser.force_login(user)
    key = browser.session.session_key
    long_ago = timezone.now() - SEEN_EVERY - timedelta(minutes=1)
    AccountSession.objects.filter(session_key=key).update(last_seen=long_ago)
    with CaptureQueriesContext(connection) as queries:
        SessionStore(key).load()
    assert len(queries) == 2  # the read, and the note
    seen = AccountSession.objects.get(session_key=key).last_seen
    assert seen is not None
    assert seen > long_ago
    with CaptureQueriesContext(connection) as queries:
        SessionStore(key).load()
    assert len(queries) == 1


def test_the_move_keeps_every_live_session_with_its_account() -> None:
    """scorekeeper/migrations/0001_account_session.py: Django's sessions are copied, so nobody is
    signed out by the upgrade."""
    user = User.objects.create_user("marija")
    old = DjangoStore()
    old.update({"_auth_user_id": str(user.pk), "table": 7})
    old.create()
    anonymous = DjangoStore()
    anonymous.update({"table": 8})
    anonymous.create()
    Session.objects.create(
        session_key="gone", session_data=old.encode({}), expire_date=timezone.now() - timedelta(days=1)
    )
    migration = importlib.import_module("scorekeeper.migrations.0001_account_session")
    migration.sessions_copy(apps, None)
    rows = {row.session_key: row.user_id for row in AccountSession.objects.all()}
    assert rows == {old.session_key: user.pk, anonymous.session_key: None}
    assert SessionStore(old.session_key).load()["table"] == 7
