"""What the phone's engine costs a phone in memory and storage (docs/offline-engine.md, "Its cost").

``.venv/bin/python scripts/engine_memory.py [rounds]`` (DEBUG=true, a database; not run in CI): the same
match screen in headless Chromium at a phone's size, with the engine (``PHONE_ENGINE``) and without,
each in a fresh browser context, once the service worker keeps the screen (and the engine and its
memory snapshot), reloaded, the engine's first answer in, then left idle a few seconds and the page's
and its workers' garbage collected (``gc()``, exposed by a V8 flag). Then the renderer processes'
memory as Linux counts it (``/proc/<pid>/smaps_rollup``: PSS, and private memory, the pages no other
process shares), the processes found through CDP ``SystemInfo.getProcessInfo``, and Cache Storage
(``navigator.storage.estimate()`` and each cache's bodies). The engine's worker runs in its page's
renderer process; medians of ``rounds`` (default 3).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._django import django_setup, throwaway_database

SETTLE_S = 5
ANSWER = "async () => { await window.SkEngine.ready; await window.SkEngine.call('games', {}); return true; }"
STORED = """async () => {
  const sizes = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      const key = name.replace(/-[0-9a-f]{6,}$/, "-*") + " " + new URL(request.url).pathname
        .replace(/[0-9a-f]{12}/g, "*").replace(/\\/\\d+\\//, "/<id>/");
      sizes[key] = (sizes[key] || 0) + body.byteLength;
    }
  }
  return { usage: (await navigator.storage.estimate()).usage, sizes: sizes };
}"""


def _memory(pid: int) -> tuple[int, int]:
    """PSS and private memory of process ``pid``, in bytes."""
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0]) * 1024
    return fields["Pss"], fields["Private_Clean"] + fields["Private_Dirty"]


def _renderers(browser: Any) -> tuple[int, int]:
    """The renderer processes' PSS and private memory, summed (bytes)."""
    session = browser.new_browser_cdp_session()
    processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    session.detach()
    pids = [process["id"] for process in processes if process["type"] == "renderer"]
    sums = [sum(values) for values in zip(*(_memory(pid) for pid in pids), strict=True)]
    return sums[0], sums[1]


def _phone(browser: Any, base: str, path: str, session: str, engine: bool) -> dict[str, Any]:
    from django.conf import settings

    from tests.ui.test_offline_engine import KEPT_SNAPSHOT
    from tests.ui.waiting import until

    settings.PHONE_ENGINE = engine  # the live server runs in this process
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
    page = context.new_page()
    page.goto(base + path)
    page.reload()  # the service worker, registered by the first visit, keeps the screen (and the engine)
    if engine:
        page.evaluate(ANSWER)
        until(page, KEPT_SNAPSHOT, timeout=120_000)
    page.reload()
    if engine:
        page.evaluate(ANSWER)
    time.sleep(SETTLE_S)
    for worker in page.workers:  # the engine's (the service worker is not a page's)
        worker.evaluate("gc()")
    page.evaluate("gc()")
    pss, private = _renderers(browser)
    stored = page.evaluate(STORED)
    context.close()
    return {"pss": pss, "private": private, **stored}


def _report(runs: dict[bool, list[dict[str, Any]]]) -> None:
    def mb(engine: bool, key: str) -> float:
        return statistics.median(float(run[key]) for run in runs[engine]) / 1e6

    print(f"  {'':<28} {'with':>9} {'without':>9} {'engine':>9}")
    for key, label in (("pss", "renderers' PSS"), ("private", "renderers' private"), ("usage", "storage")):
        with_, without = mb(True, key), mb(False, key)
        print(f"  {label:<28} {with_:6.1f} MB {without:6.1f} MB {with_ - without:6.1f} MB")
    print("  Cache Storage, with the engine (bodies as kept):")
    for name, size in sorted(runs[True][-1]["sizes"].items(), key=lambda item: -item[1]):
        if size >= 50_000:
            print(f"    {size / 1e6:6.2f} MB  {name}")


def main(rounds: int) -> None:
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs a loop
    django_setup()
    from django.conf import settings
    from playwright.sync_api import sync_playwright

    from benchmarks.engine_browser import _live_server, _match_screen
    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]
    load = os.getloadavg()[0]
    print(f"The phone's engine: memory and storage ({rounds} fresh phones each; load average {load:.1f})")
    with throwaway_database():
        path, session = _match_screen()
        with _live_server() as base, sync_playwright() as playwright:
            args = [*CHROMIUM_ARGS, "--js-flags=--expose-gc"]  # gc() in the page and its workers
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
            runs: dict[bool, list[dict[str, Any]]] = {True: [], False: []}
            for _ in range(rounds):
                for engine in (True, False):
                    runs[engine].append(_phone(browser, base, path, session, engine))
            browser.close()
    _report(runs)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
