"""The rules engine in the phone (static/js/engine.js, docs/offline-engine.md), in headless Chromium at a
phone's size against a live server on a throwaway database, from one run (medians of ``ROUNDS``).

- the runtime's download (static/engine/manifest.json's brotli sizes, as WhiteNoise serves them) and
  what it keeps in Cache Storage;
- the first engine answer on a match screen: the time from the navigation's start until
  ``SkEngine.call("games")`` answers, cold (a fresh phone: nothing cached), at the first revisit (from
  the service worker's cache) and at the next one ("cached": what a phone sees from then on, the
  worker restored from the memory snapshot it kept; and without that snapshot, as before it was
  kept), also with the CPU slowed 4x through CDP (a mid-range phone; Chromium throttles the whole
  renderer, the engine's worker with it);
- the round trip of one call at 4x: ``games``, and a capture-options call (``choices``, a tapped card
  on Tablo's table) when games/rules/browser.py has it.

Goals (issue 25): at most 6 MB to download; the first answer at most 1 s from the cache and 2.5 s at
4x. The machine may be shared by other work: its load average is printed with the figures.
"""

from __future__ import annotations

import json
import os
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks._django import django_setup, throwaway_database

ROUNDS = 5
CALLS = 30
ENGINE = Path(__file__).resolve().parent.parent / "static" / "engine"
GOALS = {"download": 6.0, "cached": 1.0, "cached 4x": 2.5}
TABLE = ["10D", "2C", "7S", "5H"]
FIRST_ANSWER = """async () => {
  await window.SkEngine.ready;
  await window.SkEngine.call("games", {});
  return performance.now();
}"""
ROUND_TRIP = """async ([name, payload, times]) => {
  const took = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await window.SkEngine.call(name, payload);
    took.push(performance.now() - start);
  }
  return took;
}"""
KEPT = """async () => {
  const manifest = location.origin + "/static/engine/manifest.json";
  for (const name of await caches.keys()) {
    if (name.startsWith("sk-engine-") && await caches.match(manifest, { cacheName: name })) return true;
  }
  return false;
}"""
USAGE = "async () => (await navigator.storage.estimate()).usage"
DROP_SNAPSHOT = """async () => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("sk-engine-")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url.includes("/snapshot-")) await cache.delete(request);
    }
  }
}"""


@contextmanager
def _live_server() -> Iterator[str]:
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread

    server = LiveServerThread("localhost", StaticFilesHandler, port=0)  # the static files as in tests
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    try:
        yield f"http://localhost:{server.port}"
    finally:
        server.terminate()


def _match_screen() -> tuple[str, str]:
    """A Tablo match with hand 1 dealt: its screen's path and its owner's session cookie."""
    from django.contrib.auth.models import User
    from django.test import Client

    from games.matches.services.hands import hand_start
    from games.matches.services.matches import match_start
    from games.people.services.players import player_create

    owner = User.objects.create_user("bench")
    players = [player_create(name=name, by=owner) for name in ("Marija", "Dragan")]
    match = match_start(game="tablo", players=players, by=owner, options={})
    hand_start(match=match, dealer=0, table=TABLE)
    client = Client()
    client.force_login(owner)
    return f"/matches/{match.pk}/", client.cookies["sessionid"].value


def _first_answer(page: Any, url: str, *, reload: bool) -> float:
    """Seconds from the navigation's start to the engine's first answer on the match screen."""
    if reload:
        page.reload()
    else:
        page.goto(url)
    ms: float = page.evaluate(FIRST_ANSWER)
    return ms / 1000


def _bench(base: str, path: str, session: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS
    from tests.ui.test_offline_engine import KEPT_SNAPSHOT
    from tests.ui.waiting import until

    figures: dict[str, Any] = {"cold": [], "revisit": [], "cached": [], "no snapshot": [], "cached 4x": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(ROUNDS):
            context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
            context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
            page = context.new_page()
            figures["cold"].append(_first_answer(page, base + path, reload=False))
            # The first visit registers the service worker, which keeps the engine from the next one on.
            figures["revisit"].append(_first_answer(page, base + path, reload=True))
            until(page, KEPT, timeout=120_000)
            until(page, KEPT_SNAPSHOT, timeout=120_000)
            figures["cached"].append(_first_answer(page, base + path, reload=True))
            page.evaluate(DROP_SNAPSHOT)
            figures["no snapshot"].append(_first_answer(page, base + path, reload=True))
            until(page, KEPT_SNAPSHOT, timeout=120_000)  # kept again
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            figures["cached 4x"].append(_first_answer(page, base + path, reload=True))
            figures["kept"] = page.evaluate(USAGE)
            figures["games"] = page.evaluate(ROUND_TRIP, ["games", {}, CALLS])
            choices = {"game": "tablo", "options": {}, "table": TABLE, "card": "7H", "taken": []}
            known = page.evaluate("(payload) => window.SkEngine.call('choices', payload)", choices)
            if "error" not in known:
                figures["choices"] = page.evaluate(ROUND_TRIP, ["choices", choices, CALLS])
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            context.close()
        browser.close()
    return figures


def _report(manifest: dict[str, Any], figures: dict[str, Any]) -> None:
    sizes = manifest["bytes"]
    raw = sum(size["raw"] if isinstance(size, dict) else size for size in sizes.values())
    download = manifest.get("total_br", 0) / 1e6
    load = os.getloadavg()[0]
    print(f"  engine {manifest['version']} (Pyodide {manifest['pyodide']}); load average {load:.1f}")
    verdict = "ok" if download and download <= GOALS["download"] else "OVER"
    print(f"  download (brotli)      {download:6.2f} MB   goal <= {GOALS['download']} MB: {verdict}")
    print(
        f"  files, uncompressed    {raw / 1e6:6.2f} MB; Cache Storage in use {figures['kept'] / 1e6:.1f} MB"
    )
    for label in ("cold", "revisit", "cached", "no snapshot", "cached 4x"):
        median = statistics.median(figures[label])
        goal = GOALS.get(label)
        verdict = f"   goal <= {goal} s: {'ok' if median <= goal else 'OVER'}" if goal else ""
        print(f"  first answer, {label:<11} {median:6.2f} s{verdict}   (each: {_list(figures[label])})")
    print(f"  call games at 4x       {statistics.median(figures['games']):6.2f} ms (median of {CALLS})")
    if "choices" in figures:
        print(f"  call choices at 4x     {statistics.median(figures['choices']):6.2f} ms (median of {CALLS})")
    else:
        print("  call choices           not measured: this build's games/rules/browser.py has no `choices`")


def _list(values: list[float]) -> str:
    return " ".join(f"{value:.2f}" for value in values)


def main() -> None:
    if not (ENGINE / "manifest.json").exists():
        print("  static/engine/ is not built (make engine-web): skipped")
        return
    django_setup()
    from django.conf import settings

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs a loop
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]
    manifest = json.loads((ENGINE / "manifest.json").read_text())
    print(f"The engine in the phone, in Chromium at 390x844 ({ROUNDS} fresh phones, medians)")
    with throwaway_database():
        path, session = _match_screen()
        with _live_server() as base:
            _report(manifest, _bench(base, path, session))


if __name__ == "__main__":
    main()
