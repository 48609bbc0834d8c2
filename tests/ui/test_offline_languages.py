"""Offline, the offline page speaks the reader's language (templates/pwa/sw.js keeps one per language):
the language last switched to online, and one switched to from the menu while offline, which the server
hears of once the network is back. In Chromium at a phone's width."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.ui.waiting import until

KEPT = """async () => navigator.serviceWorker.controller !== null
  && !!(await caches.match("/offline/?language=sr")) && !!(await caches.match("/offline/?language=it"))"""
NO_NETWORK = "No network"  # templates/pwa/offline.html's heading


def _no_network(language: str) -> str:
    with translation.override(language):
        return translation.gettext(NO_NETWORK)


def _switch(page: Page, language: str) -> None:
    """The language menu, by taps."""
    page.locator(".site-menu > summary").click()
    page.locator("#language-select").select_option(language)
    page.locator(".language-switch button[type=submit]").click()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_offline_page_follows_the_language_switched_to_online_and_offline(
    live_server: LiveServer, page: Page
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/")
    until(page, KEPT)
    _switch(page, "sr")  # online: the next page comes in Serbian, and the worker hears it
    expect(page.locator("html")).to_have_attribute("lang", "sr")

    page.context.set_offline(True)
    page.goto(live_server.url + "/rules/")  # never opened here: the offline page
    expect(page.locator("html")).to_have_attribute("lang", "sr")
    expect(page.get_by_role("heading", level=1)).to_have_text(_no_network("sr"))
    assert _no_network("sr") != NO_NETWORK

    _switch(page, "it")  # offline: the worker keeps the choice and shows the same address again
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_role("heading", level=1)).to_have_text(_no_network("it"))
    assert page.url == live_server.url + "/rules/"

    page.context.set_offline(False)
    page.goto(live_server.url + "/")  # the server now speaks Italian too (the choice was sent)
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.context.set_offline(True)
    page.goto(live_server.url + "/clubs/")
    expect(page.get_by_role("heading", level=1)).to_have_text(_no_network("it"))
