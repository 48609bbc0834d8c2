"""The dispute checker in a real browser, without signing in (docs/rules/tablo.md B8, TB-2)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_guest_lists_the_captures_and_checks_a_claim(live_server: LiveServer, page: Page) -> None:
    page.goto(live_server.url + "/disputes/")
    table = page.get_by_role("group", name="Cards on the table")
    for name in ("10 of diamonds", "2 of clubs", "7 of spades", "5 of hearts"):
        table.get_by_role("checkbox", name=name).check()
    page.get_by_role("group", name="Card played").get_by_role("radio", name="7 of hearts").check()
    results = page.locator("#dispute-results")
    expect(results).to_contain_text("3 legal captures")
    expect(results.locator("li").first).to_contain_text("7♠")

    claim = page.get_by_role("group", name="Cards the player took")
    claim.get_by_role("checkbox", name="10 of diamonds").check()
    expect(page.locator(".verdict")).to_contain_text("Not legal.")
    expect(page.get_by_role("status")).to_contain_text("Not legal.")
    page.screenshot(path="test-artifacts/dispute.png", full_page=True)

    claim.get_by_role("checkbox", name="10 of diamonds").uncheck()
    claim.get_by_role("checkbox", name="2 of clubs").check()
    claim.get_by_role("checkbox", name="5 of hearts").check()
    expect(page.locator(".verdict")).to_contain_text("Legal.")
    assert "card=7H" in page.url


OVERFLOWING = """() => [...document.querySelectorAll('.face')]
  .filter((face) => face.scrollWidth > face.clientWidth)
  .map((face) => `${face.textContent} ${face.clientWidth}/${face.scrollWidth} px`)"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_at_320_px_each_tile_holds_its_card(live_server: LiveServer, page: Page) -> None:
    """The widest label, "10♠", fits its tile at 320 px (the checker's grids have a border and padding
    round them, as the match screen's do)."""
    page.set_viewport_size({"width": 320, "height": 693})
    page.goto(live_server.url + "/disputes/?variant=tablo&table=10S&card=10H&taken=10S")
    expect(page.locator(".verdict")).to_be_visible()
    assert page.evaluate(OVERFLOWING) == []
