"""The CSRF cookie is sent only when its secret changes (scorekeeper/csrf.py), so that a page asked for
before a sign-in and answered after it cannot put the old secret back under the next form."""

from __future__ import annotations

import re

from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.web.conftest import PASSWORD

COOKIE = settings.CSRF_COOKIE_NAME


def _token(page: bytes) -> str:
    """The CSRF token of the page's first form."""
    match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.decode())
    assert match, "the page has a form"
    return match.group(1)


def test_a_page_sends_the_cookie_on_a_first_visit_only(db: None) -> None:
    browser = Client(enforce_csrf_checks=True)
    assert COOKIE in browser.get(reverse("login")).cookies
    assert COOKIE not in browser.get(reverse("login")).cookies  # the same secret: nothing to send


def test_a_page_answered_after_a_sign_in_keeps_the_new_secret(owner: User) -> None:
    browser = Client(enforce_csrf_checks=True)
    login = browser.get(reverse("login"))
    before = browser.cookies[COOKIE].value
    asked_before = Client(enforce_csrf_checks=True)  # the worker's request, sent with the old cookies
    asked_before.cookies.load({COOKIE: before})

    credentials = {"username": owner.username, "password": PASSWORD}
    signed_in = browser.post(reverse("login"), {**credentials, "csrfmiddlewaretoken": _token(login.content)})
    assert signed_in.status_code == 302
    assert browser.cookies[COOKIE].value != before  # rotated at sign-in
    form = browser.get(reverse("match-new"))

    late = asked_before.get(reverse("offline"), {"language": "sr"})
    assert late.status_code == 200
    browser.cookies.update(late.cookies)  # the browser keeps the last cookie it was sent
    assert browser.cookies[COOKIE].value != before

    russian = {"language": "ru", "next": "/"}
    chosen = browser.post(reverse("set_language"), {**russian, "csrfmiddlewaretoken": _token(form.content)})
    assert chosen.status_code == 302
