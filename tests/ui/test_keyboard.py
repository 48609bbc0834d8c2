"""The card grid by keyboard: arrow keys move through the cards and ask the server nothing; Space
chooses the card under the focus and asks once, as a tap does."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Request, expect
from pytest_django.live_server_helper import LiveServer

from tests.ui.flows import one_tap, tablo_open


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_arrow_keys_send_nothing_until_a_card_is_chosen(live_server: LiveServer, page: Page) -> None:
    tablo_open(page, live_server.url)
    asked: list[str] = []

    def note(request: Request) -> None:
        if "/play/options/" in request.url:
            asked.append(request.url)

    page.on("request", note)
    page.locator("#card-KS").focus()  # K♠ may take 7♠ 5♥ 2♣ or nothing: a choice, so options
    with page.expect_response(lambda response: "/play/options/" in response.url):
        page.keyboard.press("Space")  # the options come back, however busy the server
    expect(page.locator("#play-options button[value=trail]")).to_be_visible()
    assert len(asked) == 1
    for _ in range(14):  # 14 steps through the grid, as the issue counted
        page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.id")
    while one_tap(page, focused.removeprefix("card-")):  # on to a card with a choice, to be asked
        page.keyboard.press("ArrowRight")
        focused = page.evaluate("document.activeElement.id")
    assert focused != "card-KS"
    with page.expect_response(lambda response: "/play/options/" in response.url):
        page.keyboard.press("Space")  # any request an arrow sent went before this one
    assert len(asked) == 2, asked
    page.locator("#play-options button[value=trail]").first.click()
    expect(page.locator(f"#{focused}:enabled")).to_have_count(0)
