"""Sign-in limits (django-axes on the database, scorekeeper/sign_in.py): wrong passwords are counted per
(account, address) and per address on every path that signs in (the web page, the admin's and
``auth/token/``), so a stranger elsewhere never locks out the owner; the refusal is the app's 429 page,
or the API's envelope, with the real wait. Sign-up is throttled per address (a DRF throttle on the
cache) and checks passwords with all of Django's validators."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db.models import F
from django.test import Client, override_settings

from scorekeeper.throttles import SignUpThrottle
from tests.factories import PASSWORD, UserFactory, api_client

pytestmark = pytest.mark.django_db
TOKEN = "/api/v1/auth/token/"
LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"
ACCOUNT_LIMIT, ADDRESS_LIMIT = 3, 6


@pytest.fixture(autouse=True)
def _limits(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    settings.SIGN_IN_LIMITS = [(["username", "ip_address"], ACCOUNT_LIMIT), (["ip_address"], ADDRESS_LIMIT)]
    monkeypatch.setattr(SignUpThrottle, "THROTTLE_RATES", {"sign_up": "2/hour"})
    cache.clear()
    yield
    cache.clear()


def _token(username: str, password: str, address: str = "10.0.0.1", **headers: Any) -> Any:  # a response
    body = {"username": username, "password": password}
    return api_client().post(TOKEN, body, format="json", REMOTE_ADDR=address, **headers)


def _web(username: str, password: str, address: str = "10.0.0.1", path: str = LOGIN, **headers: Any) -> Any:
    return Client(REMOTE_ADDR=address, **headers).post(path, {"username": username, "password": password})


def _signed_in(response: Any) -> bool:
    return bool(response.wsgi_request.user.is_authenticated)


def _age_failures(minutes: int) -> None:
    """As if every counted failure had happened ``minutes`` earlier."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def test_the_admin_sign_in_is_limited() -> None:
    UserFactory.create(username="root", is_staff=True, is_superuser=True)
    statuses = [_web("root", "wrong", path=ADMIN_LOGIN).status_code for _ in range(ACCOUNT_LIMIT)]
    assert statuses == [200] * (ACCOUNT_LIMIT - 1) + [429]
    late = _web("root", PASSWORD, path=ADMIN_LOGIN)  # the right password, once the limit is reached
    assert (late.status_code, _signed_in(late)) == (429, False)
    assert _web("root", PASSWORD, path=ADMIN_LOGIN, address="10.0.0.2").status_code == 302


def test_wrong_passwords_from_one_address_never_lock_out_the_owner_elsewhere() -> None:
    UserFactory.create(username="ana")
    statuses = [_web("ana", "wrong", address="10.0.0.66").status_code for _ in range(ACCOUNT_LIMIT)]
    assert statuses == [200] * (ACCOUNT_LIMIT - 1) + [429]
    assert _web("ana", PASSWORD, address="10.0.0.66").status_code == 429
    owner = _web("ana", PASSWORD, address="10.0.0.2")
    assert (owner.status_code, _signed_in(owner)) == (302, True)
    assert _token("ana", PASSWORD, address="10.0.0.3").status_code == 200
    assert _web("ana", "wrong", address="10.0.0.66").status_code == 429  # refused, and not counted:
    assert AccessAttempt.objects.get(ip_address="10.0.0.66").failures_since_start == ACCOUNT_LIMIT


def test_the_user_name_is_counted_without_case_or_spaces() -> None:
    UserFactory.create(username="ana")
    for name in ("ana", "Ana", " ANA "):
        _token(name, "wrong")
    assert _web("ana", PASSWORD).status_code == 429


def test_an_address_trying_many_user_names_is_limited() -> None:
    UserFactory.create(username="ana")
    statuses = [_web(f"user{n}", "wrong").status_code for n in range(ADDRESS_LIMIT)]
    assert statuses == [200] * (ADDRESS_LIMIT - 1) + [429]
    assert _web("ana", PASSWORD).status_code == 429  # an account it never tried, from that address
    assert _token("user9", "wrong").status_code == 429  # every path counts together
    assert _web("ana", PASSWORD, address="10.0.0.2").status_code == 302


def test_a_sign_in_clears_the_accounts_own_count_but_not_the_addresss() -> None:
    UserFactory.create(username="ana")
    UserFactory.create(username="eve")
    for _ in range(ACCOUNT_LIMIT - 1):
        _web("ana", "wrong")
    assert _web("ana", PASSWORD).status_code == 302
    assert _web("ana", "wrong").status_code == 200  # ana's count started again
    for n in range(ADDRESS_LIMIT - 2):
        _web(f"user{n}", "wrong")  # the address's count is now at its limit minus one
    assert _web("eve", PASSWORD).status_code == 302  # eve's own sign-in does not clear it
    assert _web("user9", "wrong").status_code == 429


def test_a_token_sign_in_clears_the_accounts_own_count_as_the_web_does() -> None:
    UserFactory.create(username="ana")
    for _ in range(ACCOUNT_LIMIT - 1):
        _token("ana", "wrong")
    assert _token("ana", PASSWORD).status_code == 200
    assert [_token("ana", "wrong").status_code for _ in range(ACCOUNT_LIMIT - 1)] == [400] * (
        ACCOUNT_LIMIT - 1
    )


def test_the_token_endpoint_is_limited_in_the_envelope_with_the_wait() -> None:
    UserFactory.create(username="ana")
    statuses = [_token("ana", "wrong").status_code for _ in range(ACCOUNT_LIMIT)]
    assert statuses == [400] * (ACCOUNT_LIMIT - 1) + [429]
    _age_failures(18)
    refused = _token("ana", PASSWORD)
    assert refused.status_code == 429
    body = refused.json()
    assert (body["code"], body["details"]) == ("request.throttled", {})
    assert body["message"] == "Too many attempts; try again in 42 minutes."
    assert 41 * 60 < int(refused["Retry-After"]) <= 42 * 60
    assert _token("ana", PASSWORD, address="10.0.0.2").status_code == 200


def test_the_429_page_is_the_apps_page_in_russian_with_the_real_wait() -> None:
    UserFactory.create(username="ana")
    for _ in range(ACCOUNT_LIMIT):
        _web("ana", "wrong")
    _age_failures(18)
    page = _web("ana", PASSWORD, HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 429
    assert page["Content-Type"] == "text/html; charset=utf-8"
    assert 41 * 60 < int(page["Retry-After"]) <= 42 * 60
    html = page.content.decode()
    assert '<html lang="ru">' in html  # base.html
    assert 'class="site-header"' in html
    assert '<h1 id="error-title">Слишком много попыток</h1>' in html
    assert "попробуйте снова через 42 минуты." in html


def test_the_limit_ends_after_the_cool_off() -> None:
    UserFactory.create(username="ana")
    for _ in range(ACCOUNT_LIMIT):
        _web("ana", "wrong")
    _age_failures(settings.AXES_COOLOFF_TIME // timedelta(minutes=1) - 1)
    assert "через 1 минуту" in _web("ana", PASSWORD, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    _age_failures(1)
    assert _web("ana", PASSWORD).status_code == 302


@override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": 1})
def test_behind_the_proxy_the_address_it_appends_is_counted_never_a_made_up_one() -> None:
    UserFactory.create(username="ana")
    proxy = "10.0.0.1"
    statuses = [
        _web("ana", "wrong", address=proxy, HTTP_X_FORWARDED_FOR=f"203.0.113.{n}, 198.51.100.7").status_code
        for n in range(ACCOUNT_LIMIT)
    ]
    assert statuses == [200] * (ACCOUNT_LIMIT - 1) + [429]
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["198.51.100.7"]
    owner = _web("ana", PASSWORD, address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.8")
    assert owner.status_code == 302  # another client through the same proxy
    token = _token("ana", PASSWORD, address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert token.status_code == 429


def test_without_trusted_proxies_the_forwarded_header_is_ignored() -> None:
    for n in range(ADDRESS_LIMIT):
        _web(f"user{n}", "wrong", address="10.0.0.9", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"10.0.0.9"}
    assert _web("user9", "wrong", address="10.0.0.9").status_code == 429


def test_a_user_name_longer_than_any_account_is_a_plain_wrong_sign_in() -> None:
    assert _token("a" * 1000, "wrong").status_code == 400


def test_the_admin_lists_the_counted_failures() -> None:
    root = UserFactory.create(username="root", is_staff=True, is_superuser=True)
    _web("ana", "wrong", address="10.0.0.66")
    admin = Client()
    admin.force_login(root)
    page = admin.get("/admin/axes/accessattempt/")
    assert page.status_code == 200
    assert "10.0.0.66" in page.content.decode()


def test_the_web_sign_in_page_still_works() -> None:
    UserFactory.create(username="ana")
    browser = Client()
    assert b'name="password"' in browser.get(LOGIN).content
    response = browser.post(LOGIN, {"username": "ana", "password": PASSWORD})
    assert (response.status_code, response["Location"]) == (302, "/")
    assert "_auth_user_id" in browser.session


def test_sign_up_is_throttled_per_address_with_the_429_page() -> None:
    browser = Client(REMOTE_ADDR="10.0.0.7")
    for n in range(2):
        body = {
            "username": f"new{n}",
            "password1": "a long unusual phrase",
            "password2": "a long unusual phrase",
        }
        assert browser.post("/accounts/signup/", body).status_code == 302
    body = {"username": "new9", "password1": "a long unusual phrase", "password2": "a long unusual phrase"}
    refused = Client(REMOTE_ADDR="10.0.0.7").post("/accounts/signup/", body)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Too many attempts; try again in" in refused.content.decode()
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
