"""The match screen by keyboard and to axe-core once a play has live events: after a play the focus is on
whose turn it is, from where Tab leads to the undo and then back to the card grid (not on past it to the
match's management), and the last play's events are a list that axe-core accepts."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.ui.flows import AXE, AXE_RUN, play, tablo_open

WHERE = """() => ['#play-undo', '#card-grid', '#manage'].find((part) => document.activeElement.closest(part))
  || document.activeElement.outerHTML.slice(0, 80)"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_after_a_play_by_keyboard_tab_returns_to_the_grid_and_axe_finds_nothing(
    live_server: LiveServer, page: Page
) -> None:
    page.context.add_init_script(path=AXE)
    tablo_open(page, live_server.url)
    play(page, "7H", "#play-options .capture-button")  # 7♥ takes 2♣ 7♠ 5♥, leaving 10♦
    page.locator("#card-10H").focus()
    with page.expect_response(lambda response: "/play/options/" in response.url):
        page.keyboard.press("Space")
    page.locator("#play-options .capture-button").first.focus()
    page.keyboard.press("Enter")  # 10♥ takes 10♦: the table swept, a tablo
    expect(page.locator(".play-events li")).not_to_have_count(0)
    reached = []
    for _ in range(2):  # from whose turn it is: the undo, then the grid
        page.keyboard.press("Tab")
        reached.append(page.evaluate(WHERE))
    assert reached == ["#play-undo", "#card-grid"], reached
    assert page.evaluate(AXE_RUN) == []
