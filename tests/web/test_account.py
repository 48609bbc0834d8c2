"""One's own account on the web (docs/accounts.md): the Account page, the e-mail address verified by a
mailed link, a forgotten password reset through a real SMTP server, the password change that signs
out every other device, the devices page, and a sign-up that tells no more than a public handle."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client
from rest_framework.authtoken.models import Token

from games import tasks
from games.models import PendingEmail
from games.people.selectors.accounts import WEB, device_id
from scorekeeper.models import AccountSession
from scorekeeper.throttles import AccountChangeThrottle, PasswordResetMailThrottle, PasswordResetThrottle
from tests.smtp import smtp_server

pytestmark = pytest.mark.django_db
PASSWORD, NEW = "tablo-101-tally", "escoba-15-sweeps"
PHONE = "Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36"


@pytest.fixture(autouse=True)
def _clean_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def _signed_in(username: str, password: str = PASSWORD, agent: str = PHONE) -> Client:
    browser = Client(HTTP_USER_AGENT=agent)
    response = browser.post("/accounts/login/", {"username": username, "password": password})
    assert response.status_code == 302, response.content.decode()[:500]
    return browser


def _is_signed_in(browser: Client) -> bool:
    return bool(browser.get("/account/").status_code == 200)


def test_a_forgotten_password_is_reset_through_a_real_smtp_server() -> None:
    user = User.objects.create_user("marija", password=PASSWORD)
    browser = _signed_in("marija")
    elsewhere = _signed_in("marija", agent="Firefox on a laptop")
    with smtp_server() as mailbox:
        # The address is used only once verified by its link.
        browser.post("/account/email/", {"email": "marija@example.org"})
        user.refresh_from_db()
        assert user.email == ""
        verify = mailbox.link("marija@example.org")
        assert "@marija" in mailbox.received[-1][1]
        assert browser.get(verify).status_code == 200
        assert Client().post(verify).status_code == 302  # the link alone verifies, signed in or not
        user.refresh_from_db()
        assert user.email == "marija@example.org"
        assert not PendingEmail.objects.exists()
        assert Client().post(verify).status_code == 404  # once only

        # The reset: Django's flow and tokens, the link followed from the mail received.
        stranger = Client()
        done = stranger.post("/accounts/password/reset/", {"email": "MARIJA@example.org"})
        assert done["Location"] == "/accounts/password/reset/done/"
        link = mailbox.link("marija@example.org")
        form = stranger.get(link, follow=True)
        assert form.status_code == 200
        assert b'name="new_password1"' in form.content
        set_password = form.redirect_chain[-1][0]
        response = stranger.post(set_password, {"new_password1": NEW, "new_password2": NEW})
        assert response["Location"] == "/accounts/reset/done/"
        assert len(mailbox.received) == 2

    assert stranger.get(link, follow=True).context["validlink"] is False  # used: no more
    assert not _is_signed_in(browser)
    assert not _is_signed_in(elsewhere)
    assert not AccountSession.objects.filter(user=user).exists()
    assert Client().post("/accounts/login/", {"username": "marija", "password": PASSWORD}).status_code == 200
    _signed_in("marija", NEW)


def test_the_reset_page_says_the_same_whoever_the_address_is() -> None:
    User.objects.create_user("ana", password=PASSWORD, email="ana@example.org")
    User.objects.create_user("bo", password=PASSWORD)
    answers = [
        Client().post("/accounts/password/reset/", {"email": address})
        for address in ("ana@example.org", "nobody@example.org", "bo@example.org")
    ]
    assert {(answer.status_code, answer["Location"]) for answer in answers} == {
        (302, "/accounts/password/reset/done/")
    }
    assert [message.to for message in mail.outbox] == [["ana@example.org"]]  # a verified address only


def test_reset_requests_are_limited_per_client_and_per_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PasswordResetThrottle, "THROTTLE_RATES", {"password_reset": "2/hour"})
    monkeypatch.setattr(PasswordResetMailThrottle, "THROTTLE_RATES", {"password_reset": "2/hour"})
    one = Client(REMOTE_ADDR="10.0.0.1")
    asked = [one.post("/accounts/password/reset/", {"email": f"x{n}@example.org"}) for n in range(3)]
    statuses = [answer.status_code for answer in asked]
    assert statuses == [302, 302, 429]
    mailed = [
        Client(REMOTE_ADDR=f"10.0.1.{n}").post("/accounts/password/reset/", {"email": "ana@example.org"})
        for n in range(3)
    ]
    assert [answer.status_code for answer in mailed] == [302, 302, 429]
    assert "Retry-After" in mailed[-1]


def test_changing_the_password_signs_out_every_other_device_and_the_apps() -> None:
    user = User.objects.create_user("marija", password=PASSWORD)
    here, there = _signed_in("marija"), _signed_in("marija", agent="Firefox on a laptop")
    Token.objects.create(user=user)
    assert here.get("/account/password/").status_code == 200
    body = {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW}
    response = here.post("/account/password/", body)
    assert response["Location"] == "/account/password/done/"
    assert _is_signed_in(here)
    assert not _is_signed_in(there)
    assert AccountSession.objects.filter(user=user).count() == 1
    assert not Token.objects.filter(user=user).exists()


def test_a_wrong_old_password_changes_nothing() -> None:
    User.objects.create_user("marija", password=PASSWORD)
    here, there = _signed_in("marija"), _signed_in("marija")
    body = {"old_password": "wrong", "new_password1": NEW, "new_password2": NEW}
    assert here.post("/account/password/", body).status_code == 200
    assert _is_signed_in(there)


def test_account_changes_are_limited_per_account(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AccountChangeThrottle, "THROTTLE_RATES", {"account": "2/hour"})
    User.objects.create_user("marija", password=PASSWORD)
    browser = _signed_in("marija")
    body = {"old_password": "wrong", "new_password1": NEW, "new_password2": NEW}
    statuses = [browser.post("/account/password/", body).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    assert browser.get("/account/password/").status_code == 200  # reading is not counted


def test_the_devices_page_lists_and_ends_them() -> None:
    user = User.objects.create_user("marija", password=PASSWORD)
    here, there = _signed_in("marija"), _signed_in("marija", agent="Firefox on a laptop")
    third = _signed_in("marija", agent="Safari on an iPad")
    token = Token.objects.create(user=user)
    page = here.get("/account/devices/")
    devices = [device for device, _label in page.context["devices"]]
    assert sorted(device.kind for device in devices) == ["token", "web", "web", "web"]
    assert [device.device for device in devices if device.current] == [PHONE]
    assert token.key not in page.content.decode()
    assert "Safari on Android" in page.content.decode()  # the phone, in words
    assert not any(row.session_key in page.content.decode() for row in AccountSession.objects.all())

    laptop = next(device for device in devices if device.device == "Firefox on a laptop")
    assert here.post("/account/devices/", {"device": laptop.id})["Location"] == "/account/devices/"
    assert not _is_signed_in(there)
    assert _is_signed_in(third)

    assert here.post("/account/devices/", {"device": "others"}).status_code == 302
    assert not _is_signed_in(third)
    assert _is_signed_in(here)
    assert not Token.objects.filter(user=user).exists()

    mine = device_id(WEB, str(here.session.session_key))
    assert here.post("/account/devices/", {"device": mine})["Location"] == "/accounts/login/"
    assert not _is_signed_in(here)


def test_another_accounts_device_is_not_found() -> None:
    User.objects.create_user("marija", password=PASSWORD)
    User.objects.create_user("ana", password=PASSWORD)
    hers = _signed_in("ana")
    theirs = device_id(WEB, str(hers.session.session_key))
    assert _signed_in("marija").post("/account/devices/", {"device": theirs}).status_code == 404
    assert _is_signed_in(hers)


def test_the_account_page_links_its_settings() -> None:
    User.objects.create_user("marija", password=PASSWORD)
    page = _signed_in("marija").get("/account/").content.decode()
    for link in ("/account/password/", "/account/email/", "/account/devices/"):
        assert f'href="{link}"' in page
    assert "@marija" in page


def test_a_bad_or_replaced_verification_link_is_404() -> None:
    User.objects.create_user("marija", password=PASSWORD)
    browser = _signed_in("marija")
    browser.post("/account/email/", {"email": "one@example.org"})
    first = _link(str(mail.outbox[-1].body))
    browser.post("/account/email/", {"email": "two@example.org"})
    assert browser.get(first).status_code == 404  # another address was asked for since
    assert browser.get("/account/email/verify/forged/").status_code == 404
    assert browser.get(_link(str(mail.outbox[-1].body))).status_code == 200


def test_the_address_can_be_removed() -> None:
    user = User.objects.create_user("marija", password=PASSWORD, email="m@example.org")
    browser = _signed_in("marija")
    assert browser.post("/account/email/", {"remove": "1"}).status_code == 302
    user.refresh_from_db()
    assert user.email == ""


def test_a_mail_server_that_fails_is_said_not_raised(settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2  # nothing listens
    User.objects.create_user("marija", password=PASSWORD)
    response = _signed_in("marija").post("/account/email/", {"email": "m@example.org"}, follow=True)
    assert response.status_code == 200
    assert "could not be sent" in response.content.decode()
    assert Client().post("/accounts/password/reset/", {"email": "m@example.org"}).status_code == 302


def test_sign_up_refuses_a_taken_name_without_saying_an_account_has_it() -> None:
    User.objects.create_user("Marija", password=PASSWORD)
    body = {"username": "marija", "password1": NEW, "password2": NEW}
    response = Client().post("/accounts/signup/", body)
    text = response.content.decode()
    assert response.status_code == 200
    assert "already exists" not in text
    assert "This user name cannot be used" in text
    assert User.objects.count() == 1


def _link(body: str) -> str:
    return "/" + body.split("http://testserver/", 1)[1].split()[0]


def test_a_reset_does_not_sign_in_and_forgets_the_accounts_failures_from_that_address(settings: Any) -> None:
    settings.SIGN_IN_LIMITS = [(["username", "ip_address"], 3), (["ip_address"], 20)]
    User.objects.create_user("marija", password=PASSWORD, email="marija@example.org")
    phone = Client(REMOTE_ADDR="10.0.0.9")
    wrong = [phone.post("/accounts/login/", {"username": "marija", "password": "wrong"}) for _ in range(3)]
    assert wrong[-1].status_code == 429  # locked out of the account from this address
    phone.post("/accounts/password/reset/", {"email": "marija@example.org"})
    form = phone.get(_link(str(mail.outbox[-1].body)), follow=True)
    set_password = form.redirect_chain[-1][0]
    assert phone.post(set_password, {"new_password1": NEW, "new_password2": NEW}).status_code == 302
    assert not _is_signed_in(phone)  # signing in is the sign-in page's, with its limits
    signed_in = phone.post("/accounts/login/", {"username": "marija", "password": NEW})
    assert signed_in["Location"] == "/"


def test_a_reset_mail_goes_through_the_worker_or_in_the_request_without_a_broker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    User.objects.create_user("marija", password=PASSWORD, email="marija@example.org")
    queued: list[tuple[object, ...]] = []
    monkeypatch.setattr(tasks.mail_send, "apply_async", lambda args, **options: queued.append(args))
    Client().post("/accounts/password/reset/", {"email": "marija@example.org"})
    assert [args[2] for args in queued] == ["marija@example.org"]  # handed to the worker
    assert mail.outbox == []

    def unreachable(args: object, **options: object) -> None:
        raise OSError("no broker")

    monkeypatch.setattr(tasks.mail_send, "apply_async", unreachable)
    Client().post("/accounts/password/reset/", {"email": "marija@example.org"})
    assert [message.to for message in mail.outbox] == [["marija@example.org"]]  # sent in the request
