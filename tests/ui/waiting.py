"""Waiting in the page for what only an ``async`` function can tell (Cache Storage, the service worker).

Playwright's ``wait_for_function`` does not await a promise: an ``async`` predicate returns one, which is
truthy, so the wait ends at once. :func:`until` polls ``page.evaluate``, which awaits it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

POLL_MS = 100


def until(page: Page, predicate: str, arg: Any = None, timeout: float = 30_000) -> Any:
    """Poll the JavaScript function ``predicate`` (``async`` or not) until it answers truthy, and return
    that answer; fail after ``timeout`` milliseconds."""
    for _ in range(max(1, int(timeout // POLL_MS))):
        answer = page.evaluate(predicate, arg)
        if answer:
            return answer
        page.wait_for_timeout(POLL_MS)
    raise AssertionError(f"not true within {timeout / 1000:g} s: {predicate}")
