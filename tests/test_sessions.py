"""Sessions are Django's cached database sessions, in rows that know their account, device and last
use (scorekeeper/sessions.py): a signed-in request reads Redis alone, and a session ended by any path
is signed out at its next request, on this process or another, even if a stale copy is put back."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.backends.cached_db import KEY_PREFIX
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.people.selectors.accounts import WEB, device_id
from games.people.services.accounts import device_end, devices_end, password_changed
from games.people.services.deletion import account_delete
from scorekeeper.models import AccountSession
from scorekeeper.sessions import CACHED_FOR, SessionStore

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "tablo-101-tally"


def _stored(**data: object) -> str:
    store = SessionStore()
    store.update(data)
    store.create()
    return str(store.session_key)


def _copy_lapses(key: str) -> None:
    """The cached copy is gone, as it is ``CACHED_FOR`` after the row was last read."""
    caches[settings.SESSION_CACHE_ALIAS].delete(KEY_PREFIX + key)


def _signed_in(user: User) -> Client:
    browser = Client()
    browser.force_login(user)
    assert _is_signed_in(browser)  # the copy is in the cache now
    return browser


def _is_signed_in(browser: Client) -> bool:
    return bool(browser.get("/account/").status_code == 200)


@pytest.mark.redis
def test_a_signed_in_request_reads_its_session_from_redis_alone() -> None:
    browser = _signed_in(User.objects.create_user("marija"))
    key = str(browser.session.session_key)
    with CaptureQueriesContext(connection) as queries:
        assert SessionStore(key).load()["_auth_user_id"]
    assert len(queries) == 0
    _copy_lapses(key)
    with CaptureQueriesContext(connection) as queries:
        assert SessionStore(key).load()["_auth_user_id"]  # the row, read by Django's own query
        assert SessionStore(key).load()["_auth_user_id"]  # the copy that read put back
    assert len(queries) == 1


def test_an_expired_or_unknown_session_is_empty_and_loses_its_key() -> None:
    expired = _stored(table=7)
    past = timezone.now() - timedelta(seconds=1)
    AccountSession.objects.filter(session_key=expired).update(expire_date=past)
    _copy_lapses(expired)  # a copy never outlives its session: it is kept no longer than the expiry
    for key in (expired, "no-such-session-key", None):
        store = SessionStore(key)
        assert store.load() == {}
        assert store.session_key is None


def test_a_signed_in_phone_stays_signed_in(client: Client) -> None:
    client.force_login(User.objects.create_user("marija"))
    assert client.get("/").wsgi_request.user.is_authenticated


def test_a_signed_in_session_knows_its_account_device_and_time() -> None:
    user = User.objects.create_user("marija", password=PASSWORD)
    browser = Client(HTTP_USER_AGENT="Firefox on a laptop")
    browser.post("/accounts/login/", {"username": "marija", "password": PASSWORD})
    row = AccountSession.objects.get(session_key=browser.session.session_key)
    assert (row.user_id, row.device) == (user.pk, "Firefox on a laptop")
    assert row.signed_in_at is not None
    assert row.last_seen is not None


def test_a_session_notes_when_it_was_last_seen_when_it_reads_its_row() -> None:
    """At most once a ``CACHED_FOR`` per session (the copy's life): never on a read from the cache."""
    key = str(_signed_in(User.objects.create_user("marija")).session.session_key)
    long_ago = timezone.now() - CACHED_FOR - timedelta(minutes=1)
    AccountSession.objects.filter(session_key=key).update(last_seen=long_ago)
    _copy_lapses(key)
    with CaptureQueriesContext(connection) as queries:
        SessionStore(key).load()
    assert len(queries) == 2  # the read, and the note
    seen = AccountSession.objects.get(session_key=key).last_seen
    assert seen is not None
    assert seen > long_ago
    _copy_lapses(key)
    with CaptureQueriesContext(connection) as queries:
        SessionStore(key).load()
    assert len(queries) == 1  # seen just now: the read alone


def _ended_by_device(user: User, key: str) -> None:
    assert device_end(user=user, device=device_id(WEB, key))


def _ended_by_cycled_key(user: User, key: str) -> None:
    store = SessionStore(key)
    store.load()
    store.cycle_key()  # Django's, at sign-in and at a password change on this device


def _ended_by_sign_out(user: User, key: str) -> None:
    store = SessionStore(key)
    store.load()
    store.flush()  # Django's logout


ENDINGS: dict[str, Callable[[User, str], object]] = {
    "device signed out": _ended_by_device,
    "every other device (password reset)": lambda user, key: devices_end(user=user),
    "password changed elsewhere": lambda user, key: password_changed(user=user, keep_session=None),
    "account deleted": lambda user, key: account_delete(user=user, password=PASSWORD),
    "signed out (Django's flush)": _ended_by_sign_out,
    "new key (Django's cycle_key)": _ended_by_cycled_key,
}


@pytest.mark.redis
@pytest.mark.parametrize("end", ENDINGS.values(), ids=ENDINGS.keys())
def test_every_way_of_ending_a_session_signs_it_out_at_once_despite_a_copy_put_back(
    end: Callable[[User, str], object],
) -> None:
    """A request that read the row before it went can put its copy back after: the mark wins."""
    user = User.objects.create_user("marija", password=PASSWORD)
    browser = _signed_in(user)
    key = str(browser.session.session_key)
    copy = SessionStore(key).load()
    end(user, key)
    assert not AccountSession.objects.filter(session_key=key).exists()
    caches[settings.SESSION_CACHE_ALIAS].set(KEY_PREFIX + key, copy, 300)
    assert not _is_signed_in(browser)
    assert SessionStore(key).load() == {}


READER = """
import sys

import django

django.setup()
from scorekeeper.sessions import SessionStore

for key in sys.stdin:
    print("signed in" if SessionStore(key.strip()).load().get("_auth_user_id") else "signed out", flush=True)
"""


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.startup
def test_a_device_ended_here_is_signed_out_at_once_on_another_process() -> None:
    """Another process (as another gunicorn node) reads the session from the shared cache (the row is
    in this test's transaction, out of its sight: a cache of each process's own fails at the first
    read); ending the device here signs it out there at its next request."""
    user = User.objects.create_user("marija", password=PASSWORD)
    key = str(_signed_in(user).session.session_key)
    db = connection.settings_dict
    env = {
        **{name: value for name, value in os.environ.items() if name != "PYTEST_XDIST_WORKER"},
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DEBUG": "true",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "REDIS_URL": str(settings.REDIS_URL),  # this test process's own database
    }
    other = subprocess.Popen(
        [sys.executable, "-c", READER],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert other.stdin is not None
    assert other.stdout is not None
    try:
        answers = []
        for ended in (False, True):
            if ended:
                _ended_by_device(user, key)
            other.stdin.write(f"{key}\n")
            other.stdin.flush()
            answers.append(other.stdout.readline().strip())
    finally:
        other.stdin.close()
        other.wait(timeout=30)
    assert answers == ["signed in", "signed out"]


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
