"""The phones of ``make load``: the web UI's writes and the match screen's polls, as a browser makes them.

A table's writer either calls the API (``--api-writes``) or fills in the match screen's forms through
htmx, reading the next state from the hidden fields of the live region it gets back (the play form
carries the hand's ``expected_seq``, whose turn it is and the table). Every phone of a table, the
writer's included, polls its match's live region every ``POLL_SECONDS`` with the version it shows,
with the values the page's ``hx-trigger="every 3s"`` sends (``hx-vals``: the version and the screen's
key); an unchanged match answers 204.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from dataclasses import dataclass
from typing import Any, Protocol

POLL_SECONDS = 3.0
HTMX = {"HX-Request": "true"}
CSRF_SECRET = "loadtestcsrfsecret00000000000000"  # 32 letters and digits, as Django's own
FIELD = re.compile(r'name="(expected_seq|seat|table)" value="([^"]*)"')
POLLED_WITH = re.compile(r"hx-vals='(\{\"v\": [^']+)'")


@dataclass(frozen=True, slots=True)
class Phone:
    """A signed-in browser: its session (made directly in the database) and the CSRF cookie."""

    session: str

    def headers(self) -> dict[str, str]:
        return {"Cookie": f"sessionid={self.session}; csrftoken={CSRF_SECRET}", "X-CSRFToken": CSRF_SECRET}


def phone_sessions(user: Any, count: int) -> list[Phone]:
    """``count`` signed-in sessions of ``user``, as many phones."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    from scorekeeper.sessions import SessionStore  # the app's engine (SESSION_ENGINE)

    phones = []
    for _ in range(count):
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        phones.append(Phone(str(store.session_key)))
    return phones


class Caller(Protocol):
    """How a writer sends one request (the table times it, pauses first and counts the failures)."""

    async def __call__(
        self, method: str, url: str, body: Any = None, key: str = "", *, timed: bool = False
    ) -> Any: ...


def live_state(html: str) -> dict[str, Any]:
    """The hand's state as the live region shows it, in the API's shape (``next_seq``, ``next_seat``,
    ``table``, ``complete``), and whether the match goes on (``goes_on``: the next hand's form)."""
    fields = dict(FIELD.findall(html))
    return {
        "next_seq": int(fields.get("expected_seq", 0)),
        "next_seat": int(fields["seat"]) if fields.get("seat", "").isdigit() else None,
        "table": fields.get("table", "").split(),
        "complete": "/finish/" in html,
        "goes_on": '/hands/"' in html,
    }


class ApiWriter:
    """Writes through the API, as a phone app would (today's ``make load``)."""

    def __init__(self, call: Caller) -> None:
        self.call = call

    async def start_hand(self, match: int, number: int, setup: dict[str, Any]) -> dict[str, Any]:
        return dict((await self.call("POST", f"/api/v1/matches/{match}/hands/", setup))["state"]) | {
            "next_seq": 0
        }

    async def play(
        self, match: int, number: int, body: dict[str, Any], key: str
    ) -> tuple[int, dict[str, Any]]:
        url = f"/api/v1/matches/{match}/hands/{number}/plays/"
        answer = await self.call("POST", url, body | {"idempotency_key": key}, key, timed=True)
        return answer["play"]["seq"], answer["hand"]

    async def close(self, match: int, number: int) -> bool:
        result = await self.call("POST", f"/api/v1/matches/{match}/hands/{number}/close/")
        return bool(result["match"]["status"] != "in_progress")


class WebWriter:
    """Writes through the match screen's forms, as the browser does with htmx."""

    def __init__(self, call: Caller) -> None:
        self.call = call

    async def start_hand(self, match: int, number: int, setup: dict[str, Any]) -> dict[str, Any]:
        form = {"dealer": 0, "mode": "plays", **setup}
        return live_state(await self.call("POST", f"/matches/{match}/hands/", form))

    async def play(
        self, match: int, number: int, body: dict[str, Any], key: str
    ) -> tuple[int, dict[str, Any]]:
        form = {
            "hand": number,
            "seat": body["seat"],
            "card": body["card"],
            "capture": " ".join(body["taken"]) or "trail",
            "expected_seq": body["expected_seq"],
            "key": key,
        }
        html = await self.call("POST", f"/matches/{match}/play/", form, key, timed=True)
        return body["expected_seq"], live_state(html)

    async def close(self, match: int, number: int) -> bool:
        html = await self.call("POST", f"/matches/{match}/finish/", {"hand": number})
        return not live_state(html)["goes_on"]


async def poll(
    client: Any, phone: Phone, current: Any, stop: float, latencies: list[float], answers: dict[int, int]
) -> None:
    """One phone's match screen: every ``POLL_SECONDS`` (first after a random part of it) its live
    region is asked for with the version shown and the screen's key (its ``hx-vals``); ``current()``
    names the table's match (0: none yet)."""
    shown: dict[int, dict[str, str]] = {}
    await asyncio.sleep(random.random() * POLL_SECONDS)
    while time.monotonic() < stop:
        match = current()
        if match:
            started = time.perf_counter()
            response = await client.get(
                f"/matches/{match}/live/", params=shown.get(match, {}), headers=HTMX | phone.headers()
            )
            latencies.append(time.perf_counter() - started)
            answers[response.status_code] = answers.get(response.status_code, 0) + 1
            if response.status_code == 200 and (found := POLLED_WITH.search(response.text)):
                shown[match] = json.loads(found.group(1))
        await asyncio.sleep(POLL_SECONDS)
