"""Sign up, sign out and sign in, in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_new_player_signs_up_signs_out_and_back_in(live_server: LiveServer, page: Page) -> None:
    page.goto(live_server.url + "/accounts/signup/")
    page.get_by_label("Username").fill("marija")
    page.get_by_label("Password", exact=True).fill("tablo-101-tally")
    page.get_by_label("Password confirmation").fill("tablo-101-tally")
    page.get_by_role("button", name="Create account").click()
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("link", name="Sign in").click()
    page.get_by_label("Username").fill("marija")
    page.get_by_label("Password").fill("tablo-101-tally")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_wrong_password_is_announced(live_server: LiveServer, page: Page) -> None:
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("nobody")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_be_visible()
