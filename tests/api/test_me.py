"""``/api/v1/me/`` and ``/api/v1/me/sessions/`` (docs/accounts.md): who the caller is, the e-mail address
used only once verified, the signed-in devices listed and ended."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.people.services.players import player_create
from scorekeeper.throttles import AccountChangeThrottle
from tests.factories import api_client

pytestmark = pytest.mark.django_db
PASSWORD = "tablo-101-tally"
ME, SESSIONS = "/api/v1/me/", "/api/v1/me/sessions/"


@pytest.fixture(autouse=True)
def _clean_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def marija() -> User:
    return User.objects.create_user("marija", password=PASSWORD)


def _app(username: str = "marija") -> APIClient:
    """A client signed in as an app does: the token from ``auth/token/``."""
    client = APIClient(raise_request_exception=False)
    token = client.post("/api/v1/auth/token/", {"username": username, "password": PASSWORD}).json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def _browser(username: str = "marija") -> Client:
    browser = Client(HTTP_USER_AGENT="Firefox on a laptop")
    assert browser.post("/accounts/login/", {"username": username, "password": PASSWORD}).status_code == 302
    return browser


def test_me_says_who_i_am(marija: User) -> None:
    player_create(name="Marija P.", by=marija, user=marija)
    body = api_client(marija).get(ME).json()
    assert body == {
        "username": "marija",
        "display_name": "Marija P.",
        "email": None,
        "email_verified": False,
        "verified_email": None,
        "pending_email": None,
    }


def test_an_address_is_pending_until_its_link_is_followed(marija: User) -> None:
    client = _app()
    response = client.patch(ME, {"email": "marija@example.org"}, format="json")
    assert response.status_code == 200
    assert response.json() == {
        "username": "marija",
        "display_name": "marija",
        "email": "marija@example.org",
        "email_verified": False,
        "verified_email": None,
        "pending_email": "marija@example.org",
    }
    assert Client().post("/accounts/password/reset/", {"email": "marija@example.org"}).status_code == 302
    assert [message.to for message in mail.outbox] == [["marija@example.org"]]  # the link only, no reset
    link = "/" + mail.outbox[0].body.split("http://testserver/", 1)[1].split()[0]
    assert Client().post(link).status_code == 302
    body = client.get(ME).json()
    assert (body["email"], body["email_verified"], body["verified_email"], body["pending_email"]) == (
        "marija@example.org",
        True,
        "marija@example.org",
        None,
    )


def test_a_bad_address_is_refused(marija: User) -> None:
    response = api_client(marija).patch(ME, {"email": "not an address"}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "request.invalid")
    assert "email" in response.json()["details"]["fields"]


def test_a_mail_server_that_fails_is_503_with_its_code(marija: User, settings: object) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"  # type: ignore[attr-defined]
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 9  # type: ignore[attr-defined]
    response = api_client(marija).patch(ME, {"email": "m@example.org"}, format="json")
    assert (response.status_code, response.json()["code"]) == (503, "mail.unavailable")
    assert response["Retry-After"]


def test_sessions_list_web_sessions_and_the_token_with_the_current_one(marija: User) -> None:
    browser = _browser()
    app = _app()
    listed = app.get(SESSIONS).json()
    assert sorted((row["kind"], row["current"]) for row in listed) == [("token", True), ("web", False)]
    web = next(row for row in listed if row["kind"] == "web")
    assert web["device"] == "Firefox on a laptop"
    assert web["created_at"]
    assert web["last_seen"]
    assert str(browser.session.session_key) not in str(listed)
    assert Token.objects.get(user=marija).key not in str(listed)
    # The browser asks too: its own session is the current one.
    mine = browser.get(SESSIONS).json()
    assert sorted((row["kind"], row["current"]) for row in mine) == [("token", False), ("web", True)]


def test_deleting_a_session_signs_that_device_out(marija: User) -> None:
    browser = _browser()
    app = _app()
    web = next(row for row in app.get(SESSIONS).json() if row["kind"] == "web")
    assert app.delete(f"{SESSIONS}{web['id']}/").status_code == 204
    assert browser.get("/account/").status_code == 302  # to the sign-in page
    assert app.delete(f"{SESSIONS}{web['id']}/").status_code == 404
    token = next(row for row in app.get(SESSIONS).json() if row["kind"] == "token")
    assert app.delete(f"{SESSIONS}{token['id']}/").status_code == 204
    assert (app.get(SESSIONS).status_code, app.get(SESSIONS).json()["code"]) == (401, "auth.failed")


def test_another_accounts_session_is_not_found(marija: User) -> None:
    User.objects.create_user("ana", password=PASSWORD)
    hers = _browser("ana")
    theirs = next(row for row in hers.get(SESSIONS).json() if row["current"])
    response = api_client(marija).delete(f"{SESSIONS}{theirs['id']}/")
    assert (response.status_code, response.json()["code"]) == (404, "resource.not_found")
    assert hers.get("/account/").status_code == 200


def test_me_needs_a_sign_in() -> None:
    for path in (ME, SESSIONS, f"{SESSIONS}web-0/"):
        response = api_client().get(path)
        assert (response.status_code, response.json()["code"]) == (401, "auth.required")


def test_changes_are_limited_per_account(marija: User, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AccountChangeThrottle, "THROTTLE_RATES", {"account": "2/hour"})
    client = api_client(marija)
    statuses = [client.patch(ME, {"email": f"m{n}@example.org"}, format="json").status_code for n in range(3)]
    assert statuses == [200, 200, 429]
    assert client.get(ME).status_code == 200
