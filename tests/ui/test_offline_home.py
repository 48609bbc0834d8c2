"""Offline, the start page opened on this phone opens as last seen, also when it was the first page the
phone opened (its load registers the worker, which did not see it): templates/pwa/sw.js keeps it at
static/js/offline.js's request."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.ui.waiting import until

KEPT = """async () => {
  const kept = await caches.keys().then((names) => names.filter((name) => name.startsWith("sk-pages-")));
  if (navigator.serviceWorker.controller === null || !kept.length) return false;
  return !!(await caches.match("/", { cacheName: kept[0] }));
}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("language", "never"), [("en", "not opened here before"), ("ru", "не открывали")])
def test_the_home_page_opened_first_opens_offline(
    live_server: LiveServer, page: Page, language: str, never: str
) -> None:
    client = Client()
    client.force_login(User.objects.create_user("marija"))
    page.context.add_cookies(
        [
            {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
            {"name": "django_language", "value": language, "url": live_server.url},
        ]
    )
    page.goto(live_server.url + "/")  # the first page this phone opens, signed in
    until(page, KEPT, timeout=10_000)  # the worker keeps it once it runs
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-notice")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text(never)
    expect(page.locator("html")).to_have_attribute("lang", language)
