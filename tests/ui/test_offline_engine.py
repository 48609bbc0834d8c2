"""The rules engine in the phone (static/js/engine.js, docs/offline-engine.md), in Chromium at a phone's
size: it starts on a match screen, answers with the network off once the first visit has kept it, also
after an offline reload; without WebAssembly the screen says the plays wait to be checked, and they
still queue and sync. Needs static/engine/ (`make engine-web`)."""

from __future__ import annotations

import json

import pytest
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.http import HttpRequest, JsonResponse
from django.http.response import HttpResponseBase
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.rules import browser, registry
from tests.ui.flows import (
    ENGINE,
    KEPT_ENGINE,
    READY,
    phone_engine,
    play_offline,
    ready_offline,
    stored_plays,
    tablo_open,
)
from tests.ui.waiting import until
from web.views import pwa

pytestmark = phone_engine  # the match screen starts the engine in the phone


GAMES = sorted(registry.GAMES)
GAMES_CALL = "() => window.SkEngine.call('games', {}).then((answer) => answer.games)"
KEPT_SNAPSHOT = """async () => {
  for (const name of await caches.keys()) {
    const cache = name.startsWith("sk-engine-") ? await caches.open(name) : null;
    if (cache && (await cache.keys()).some((request) => request.url.includes("/snapshot-"))) return true;
  }
  return false;
}"""
CHOICES = {"game": "tablo", "options": {}, "table": ["2C", "7S", "5H", "10D"], "card": "7H", "taken": ["7S"]}
CHOICES_CALL = f"() => window.SkEngine.call('choices', {json.dumps(CHOICES)})"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_engine_answers_offline_from_its_cache_also_after_a_reload(
    live_server: LiveServer, page: Page
) -> None:
    tablo_open(page, live_server.url)
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate(GAMES_CALL) == GAMES
    assert page.evaluate("window.SkEngine.snapshot") is False  # the first start: Python starts, imports
    until(page, KEPT_ENGINE, timeout=60_000)  # kept in the background after the first visit
    until(page, KEPT_SNAPSHOT, timeout=60_000)  # and the worker's memory, the engine imported

    ready_offline(page)
    page.reload()
    expect(page.locator("#offline-notice")).to_be_visible()
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate("window.SkEngine.snapshot") is True  # restored from it
    assert page.evaluate(GAMES_CALL) == GAMES
    assert page.evaluate(CHOICES_CALL) == browser.choices(CHOICES)
    expect(page.locator("#engine-fallback")).to_be_hidden()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_without_webassembly_the_screen_says_so_and_plays_queue_and_sync(
    live_server: LiveServer, page: Page
) -> None:
    page.add_init_script("delete window.WebAssembly")
    url = tablo_open(page, live_server.url)
    page.wait_for_function("() => window.SkEngine && window.SkEngine.state === 'failed'")
    assert page.evaluate("window.SkEngine.reason") == "no-webassembly"
    expect(page.locator("#engine-fallback")).to_be_hidden()  # online, the server checks every play

    ready_offline(page)
    note = page.locator("#engine-fallback")
    expect(note).to_have_text(
        "This phone's browser cannot run the rules itself, so plays made offline are kept and checked "
        "once the phone is back online."
    )
    play_offline(page, "3H")
    expect(page.locator("#offline-queue-title")).to_have_text("1 play waiting")
    page.screenshot(path="test-artifacts/offline-engine-fallback.png", full_page=True)

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(note).to_be_hidden()
    assert [(play["seq"], play["card"]) for play in stored_plays(page, url)] == [(0, "3H")]


ENGINE_CACHES = "async () => (await caches.keys()).filter((name) => name.startsWith('sk-engine-'))"
NEW_WORKER = """async (old) => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  for (let i = 0; i < 100; i++) {
    if (!(await caches.keys()).includes(old)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_deploy_keeps_an_unchanged_engine_and_a_new_engine_replaces_the_old(
    live_server: LiveServer, page: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    fetched: list[str] = []
    serve = StaticFilesHandler.serve
    version = json.loads((ENGINE / "manifest.json").read_text())["version"]

    def counted(handler: StaticFilesHandler, request: HttpRequest) -> HttpResponseBase:
        """Each engine file the server sends; the manifest as the next deploy's, once it names one."""
        if request.path.startswith("/static/engine/"):
            fetched.append(request.path)
            if request.path.endswith("manifest.json") and next_engine:
                manifest = json.loads((ENGINE / "manifest.json").read_text())
                return JsonResponse({**manifest, "version": next_engine[0]})
        return serve(handler, request)

    next_engine: list[str] = []
    monkeypatch.setattr(StaticFilesHandler, "serve", counted)
    tablo_open(page, live_server.url)
    page.wait_for_function(READY, timeout=60_000)
    until(page, KEPT_ENGINE, timeout=60_000)
    assert page.evaluate(ENGINE_CACHES) == [f"sk-engine-{version}"]
    assert page.evaluate("SkEngine.version") == api_engine_version(page, live_server) == version

    # A deploy that changes the app shell but not the engine: the new worker keeps the engine's cache.
    old_shell = next(name for name in page.evaluate("caches.keys()") if name.startswith("sk-static-"))
    monkeypatch.setattr("web.views.pwa.SHELL", (*pwa.SHELL, "icons/icon-512.png"))
    assert page.evaluate(NEW_WORKER, old_shell)
    fetched.clear()
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    assert fetched == ["/static/engine/manifest.json"]  # only asked whether it changed
    assert page.evaluate(ENGINE_CACHES) == [f"sk-engine-{version}"]

    # A new engine (its manifest and GET /api/v1/rules/ name it): kept in a cache of its own, which
    # replaces the old one once complete; its files are named for their content, so those the old
    # engine kept are taken from its cache, not downloaded again.
    next_engine.append("next")
    monkeypatch.setattr("api.rules.serializers.engine_version", lambda: "next")
    fetched.clear()
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    until(page, "async () => (await caches.keys()).includes('sk-engine-next')")
    until(page, f"async () => !(await caches.keys()).includes('sk-engine-{version}')")
    assert set(fetched) == {"/static/engine/manifest.json"}
    assert page.evaluate("SkEngine.version") == api_engine_version(page, live_server) == "next"
    kept = "async () => (await (await caches.open('sk-engine-next')).keys()).length"
    assert page.evaluate(kept) == 7  # the manifest and the six files


def api_engine_version(page: Page, live_server: LiveServer) -> str:
    """The engine's version ``GET /api/v1/rules/`` gives (the same for every game)."""
    games = page.request.get(f"{live_server.url}/api/v1/rules/").json()
    versions = {str(game["engine_version"]) for game in games}
    assert len(versions) == 1
    return versions.pop()
