"""The home page in a real browser at a phone's size."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_home_page_says_what_scorekeeper_is(live_server: LiveServer, page: Page) -> None:
    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Keep the score of your card table")
    expect(page.get_by_role("link", name="API documentation")).to_be_visible()
    page.screenshot(path="test-artifacts/home.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_language_switch_shows_russian(live_server: LiveServer, page: Page) -> None:
    page.goto(live_server.url + "/")
    page.get_by_text("Menu", exact=True).click()  # the language switch is in the menu on a phone
    page.get_by_label("Language").select_option("ru")
    page.get_by_role("button", name="Switch").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ведите счёт за карточным столом")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
