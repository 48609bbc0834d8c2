"""Issue #13, item 5: sign-in (web and token) and sign-up are throttled per address and per account
(DRF throttles on the cache); sign-up checks passwords with all of Django's validators."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from scorekeeper.throttles import SignInAccountThrottle, SignInAddressThrottle, SignUpThrottle
from tests.factories import PASSWORD, UserFactory, api_client

pytestmark = pytest.mark.django_db
TOKEN = "/api/v1/auth/token/"


@pytest.fixture(autouse=True)
def _rates(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    rates = {"sign_in": "6/hour", "sign_in_account": "3/hour", "sign_up": "2/hour"}
    for kind in (SignInAddressThrottle, SignInAccountThrottle, SignUpThrottle):
        monkeypatch.setattr(kind, "THROTTLE_RATES", rates)
    cache.clear()
    yield
    cache.clear()


def _token(username: str, password: str, address: str = "10.0.0.1") -> Any:  # Any: a test response
    body = {"username": username, "password": password}
    return api_client().post(TOKEN, body, format="json", REMOTE_ADDR=address)


def test_repeated_wrong_passwords_for_one_account_get_a_429_from_any_address() -> None:
    UserFactory.create(username="ana")
    statuses = [_token("ana", "wrong", address=f"10.0.0.{n}").status_code for n in range(1, 4)]
    assert statuses == [400, 400, 400]
    refused = _token("Ana", PASSWORD, address="10.0.0.9")  # the right password, too late; any case
    assert (refused.status_code, refused.json()["code"]) == (429, "request.throttled")
    assert int(refused["Retry-After"]) > 0
    assert _token("bo", "wrong", address="10.0.0.9").status_code == 400  # other accounts still try


def test_one_address_guessing_many_accounts_gets_a_429() -> None:
    statuses = [_token(f"user{n}", "wrong").status_code for n in range(7)]
    assert statuses == [400] * 6 + [429]
    assert _token("someone", "wrong", address="10.0.0.2").status_code == 400


def test_the_web_sign_in_shares_the_account_throttle() -> None:
    UserFactory.create(username="ana")
    for _ in range(3):
        _token("ana", "wrong")
    page = Client(REMOTE_ADDR="10.0.0.5").post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert page.status_code == 429
    assert int(page["Retry-After"]) > 0
    assert "_auth_user_id" not in page.client.session


def test_the_web_sign_in_still_works_under_the_limit() -> None:
    UserFactory.create(username="ana")
    page = Client().post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert page.status_code == 302


def test_sign_up_is_throttled_per_address() -> None:
    browser = Client(REMOTE_ADDR="10.0.0.7")
    for n in range(2):
        body = {
            "username": f"new{n}",
            "password1": "a long unusual phrase",
            "password2": "a long unusual phrase",
        }
        assert browser.post("/accounts/signup/", body).status_code == 302
    body = {"username": "new9", "password1": "a long unusual phrase", "password2": "a long unusual phrase"}
    assert Client(REMOTE_ADDR="10.0.0.7").post("/accounts/signup/", body).status_code == 429
    assert not User.objects.filter(username="new9").exists()


@pytest.mark.parametrize(
    "password",
    [
        pytest.param("12345678901", id="numeric"),
        pytest.param("short1!", id="too-short"),
        pytest.param("password123", id="common"),
        pytest.param("ana-banana-ana", id="like-the-username"),
    ],
)
def test_sign_up_uses_every_password_validator(password: str) -> None:
    body = {"username": "ana-banana-ana", "password1": password, "password2": password}
    response = Client().post("/accounts/signup/", body)
    assert response.status_code == 200
    assert not User.objects.filter(username="ana-banana-ana").exists()
