"""The rules reference on a phone: every page at 320, 360 and 390 px in every language is exactly as wide
as the screen (long tables scroll inside themselves) and passes axe-core, the menu leads there, and
the dispute checker's verdict leads to the rule's anchor (docs/rules/tablo.md B8). The walk is
test_phone_width's: each page loaded once at 320 px, axe-core there, then widened to 360 and 390 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.rule_links import PAGES, page_url
from tests.ui.flows import AXE, LOCALES, WIDTHS, viewport, width_walk

RULE_PATHS = tuple(page_url(page) for page in PAGES)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", LOCALES)
def test_no_rules_page_is_wider_than_the_phone(
    live_server: LiveServer, browser: Browser, language: str
) -> None:
    context = browser.new_context(viewport=viewport(WIDTHS[0]), locale=language)
    context.add_init_script(path=AXE)
    page = context.new_page()
    problems = [
        f"{width}px {language} {path}: {finding}"
        for width, path, findings in width_walk(page, live_server.url, RULE_PATHS)
        for finding in findings
    ]
    context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_menu_and_a_verdict_lead_to_the_rule(live_server: LiveServer, page: Page) -> None:
    page.goto(live_server.url + "/disputes/")
    page.locator(".site-menu > summary").click()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules").click()
    expect(page.locator("article.rules h1")).to_contain_text("The rule book")

    page.goto(live_server.url + "/disputes/")
    table = page.get_by_role("group", name="Cards on the table")
    for name in ("10 of diamonds", "2 of clubs", "7 of spades", "5 of hearts"):
        table.get_by_role("checkbox", name=name).check()
    page.get_by_role("group", name="Card played").get_by_role("radio", name="7 of hearts").check()
    page.get_by_role("group", name="Cards the player took").get_by_role(
        "checkbox", name="10 of diamonds"
    ).check()
    page.locator(".verdict").get_by_role("link", name="Rule B8").click()
    page.wait_for_url("**/rules/tablo/#B8")
    expect(page.locator("#B8")).to_be_in_viewport()
    expect(page.locator("#B8")).to_contain_text("Captures.")
