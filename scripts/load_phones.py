"""The phones of ``make load``: the web UI's writes and the match screen's updates, as a browser makes them.

A table's writer either calls the API (``--api-writes``) or fills in the match screen's forms through
htmx, reading the next state from the hidden fields of the live region it gets back (the play form
carries the hand's ``expected_seq``, whose turn it is and the table, the region its version). Every
phone of a table holds the match screen's push stream (:func:`watch`, as ``static/js/push.js``): the
writer's only listens (its answers draw its region); each other phone, its engine ready, draws a play
the stream sends it (as ``static/js/offline_engine_view.js`` does) and asks for the live region once
per other new version, and once a minute without one (the safety poll). The way before push (``--poll``,
:func:`poll`): every phone asks every ``POLL_SECONDS``. Both ask with the values the page's ``hx-vals``
carries (the version shown and the screen's key); an unchanged match answers 204.
"""

from __future__ import annotations

import asyncio
import codecs
import json
import random
import re
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import httpx

POLL_SECONDS = 3.0
SAFETY_SECONDS = 60.0  # push.js's SAFETY_MS: a screen with its stream open still asks once a minute
HTMX = {"HX-Request": "true"}
CSRF_SECRET = "loadtestcsrfsecret00000000000000"  # 32 letters and digits, as Django's own
FIELD = re.compile(r'name="(expected_seq|seat|table)" value="([^"]*)"')
POLLED_WITH = re.compile(r"hx-vals='(\{\"v\": [^']+)'")
VERSION = re.compile(r'data-version="(\d+)')


@dataclass(frozen=True, slots=True)
class Phone:
    """A signed-in browser: its session (made directly in the database) and the CSRF cookie."""

    session: str

    def headers(self) -> dict[str, str]:
        """A request's, as the page sends it from its region (``X-SK-Phone``: push.js's name for it)."""
        return {
            "Cookie": f"sessionid={self.session}; csrftoken={CSRF_SECRET}",
            "X-CSRFToken": CSRF_SECRET,
            "X-SK-Phone": self.name,
        }

    @property
    def name(self) -> str:
        """The page's name for itself, as push.js makes one (its stream's ``phone``)."""
        return self.session[:16]


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
        "version": int(found.group(1)) if (found := VERSION.search(html)) else None,
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
        answer = await self.call("POST", f"/matches/{match}/play/", form, key, timed=True)
        if isinstance(answer, dict):  # the play alone (its engine draws it): the hand goes on
            return body["expected_seq"], answer | {"complete": False, "goes_on": True}
        return body["expected_seq"], live_state(answer)

    async def close(self, match: int, number: int) -> bool:
        html = await self.call("POST", f"/matches/{match}/finish/", {"hand": number})
        return not live_state(html)["goes_on"]


@dataclass
class Watched:
    """What a level's phones saw of their screens."""

    fetches: list[float] = field(default_factory=list)  # seconds, one per live region asked for
    answers: dict[int, int] = field(default_factory=dict)  # status -> count
    pushes: int = 0  # data: lines the streams brought


@dataclass(frozen=True, slots=True)
class Carried:
    """A region the stream carried (the event as it came: its lines hold the region's ``hx-vals``)."""

    event: str

    @property
    def version(self) -> int:
        """The region's version (the event's ``id:``)."""
        return int(self.event.split("\n", 2)[1].removeprefix("id:").split("-")[0])


@dataclass(frozen=True, slots=True)
class Changed:
    """A play the stream sent itself (``event: change``), which the phone's engine draws
    (``drawPushed`` in static/js/offline_engine_view.js)."""

    version: int


Heard = str | Carried | Changed | None  # a version, a region, a play, or MOVED


@dataclass
class Screen:
    """One phone's match screen: the values its region asks with (``hx-vals``) per match, and when each
    version was drawn (monotonic time, match, version), for the update latency."""

    phone: Phone
    vals: dict[int, dict[str, str]] = field(default_factory=dict)
    drawn: list[tuple[float, int, int]] = field(default_factory=list)

    def version(self, match: int) -> int:
        """The version the region shows (0: none yet)."""
        return int(self.vals.get(match, {}).get("v", "0").split("-")[0] or 0)

    def shows(self, match: int, version: str) -> bool:
        """Whether the region shows ``version`` (push.js's ``differs``, negated; "" asks)."""
        return version != "" and self.vals.get(match, {}).get("v", "").split("-")[0] == version

    async def fetch(self, client: httpx.AsyncClient, match: int, watched: Watched) -> None:
        """The live region asked for once, with the version shown (204: unchanged)."""
        started = time.perf_counter()
        response = await client.get(
            f"/matches/{match}/live/", params=self.vals.get(match, {}), headers=HTMX | self.phone.headers()
        )
        watched.fetches.append(time.perf_counter() - started)
        watched.answers[response.status_code] = watched.answers.get(response.status_code, 0) + 1
        if response.status_code == 200:
            self.draw(match, response.text)

    async def heard(
        self, client: httpx.AsyncClient, match: int, latest: list[Heard], watched: Watched
    ) -> bool:
        """What the stream brought since last heard: each region newer than the one shown drawn, and
        each play that follows on from it (as push.js and the engine);
        then, if the last was a version or a play not shown, the region asked for (and True)."""
        for heard in latest:
            if isinstance(heard, Carried) and heard.version > self.version(match):
                self.draw(match, heard.event)
            elif isinstance(heard, Changed) and heard.version == self.version(match) + 1:
                self.took(match, heard.version)
        last = latest[-1]
        wanted = str(last.version) if isinstance(last, Changed) else last
        if isinstance(wanted, str) and not self.shows(match, wanted):
            await self.fetch(client, match, watched)
            return True
        return False

    def took(self, match: int, version: int) -> None:
        """A play drawn by the phone's engine: the region now shows ``version``."""
        self.vals[match]["v"] = str(version)
        self.drawn.append((time.monotonic(), match, version))

    def draw(self, match: int, html: str) -> None:
        """The region ``html`` (an answer of the poll's view or of a form) drawn on the screen."""
        if found := POLLED_WITH.search(html):
            self.vals[match] = json.loads(found.group(1))
            self.drawn.append((time.monotonic(), match, int(self.vals[match]["v"].split("-")[0])))


async def poll(
    client: httpx.AsyncClient, screen: Screen, current: Callable[[], int], stop: float, watched: Watched
) -> None:
    """The way before push: every ``POLL_SECONDS`` (first after a random part of it) the region is asked
    for; ``current()`` names the table's match (0: none yet)."""
    await asyncio.sleep(random.random() * POLL_SECONDS)
    while time.monotonic() < stop:
        if match := current():
            await screen.fetch(client, match, watched)
        await asyncio.sleep(POLL_SECONDS)


MOVED = None  # put in a watching phone's inbox when its table starts another match


async def watch(
    client: httpx.AsyncClient,
    push: tuple[str, int],
    screen: Screen,
    current: Callable[[], int],
    inbox: asyncio.Queue[Heard],
    stop: float,
    watched: Watched,
    *,
    asks: bool = True,
) -> None:
    """A phone with the match screen open: its stream (from ``push``, the ASGI server) on the table's
    match, opened again on the next match (``MOVED``); a region the stream carries is drawn; on a
    version its region (``screen``) does not show, the region asked for once; messages that came
    meanwhile are then compared, the latest only; and once a minute without a request, asked anyway.
    ``asks`` False: the writer's phone, which only listens (its answers draw its region, and its writes
    keep the safety poll away)."""
    match, stream, asked = 0, None, time.monotonic()
    try:
        while (now := time.monotonic()) < stop:
            wait = min(stop, asked + SAFETY_SECONDS) - now
            try:
                latest = [await asyncio.wait_for(inbox.get(), wait)]
            except TimeoutError:
                if asks and match and time.monotonic() < stop:
                    await screen.fetch(client, match, watched)
                asked = time.monotonic()
                continue
            while not inbox.empty():
                latest.append(inbox.get_nowait())
            if MOVED in latest or match != current():
                if stream is not None:
                    stream.cancel()
                match = current()
                stream = (
                    asyncio.create_task(_listen(push, screen.phone, match, inbox, watched)) if match else None
                )
                continue
            if asks and await screen.heard(client, match, latest, watched):
                asked = time.monotonic()
    finally:
        if stream is not None:
            stream.cancel()


async def _listen(
    push: tuple[str, int], phone: Phone, match: int, inbox: asyncio.Queue[Heard], watched: Watched
) -> None:
    """The match's stream (gzipped, as a browser asks for it) from the ASGI server at ``push`` (host,
    port), until it ends or is cancelled: each version it sends put in ``inbox``, each region it carries
    as a :class:`Carried`, each play as a :class:`Changed`. Read with asyncio's own streams, not httpx:
    these phones share the server's cores, and a stream's reading should cost them what a browser's
    would cost its phone, little (httpx took about a quarter of a watched play's cost to the phones)."""
    host, port = push
    url = f"/matches/{match}/push/?phone={phone.name}&draws=1"  # the engine is ready
    head = {"Host": f"{host}:{port}", "Accept-Encoding": "gzip", "Accept": "text/event-stream"}
    request = f"GET {url} HTTP/1.1\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in (head | phone.headers()).items()
    )
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(f"{request}\r\n".encode())
        if b" 200 " not in await reader.readline():
            return
        headers = (await reader.readuntil(b"\r\n\r\n")).lower()
        assert b"transfer-encoding: chunked" in headers  # uvicorn's, for an answer of unknown length
        unzip = zlib.decompressobj(16 + zlib.MAX_WBITS) if b"content-encoding: gzip" in headers else None
        text, buffer = codecs.getincrementaldecoder("utf-8")(), ""
        while size := int((await reader.readline()).strip() or b"0", 16):
            chunk = (await reader.readexactly(size + 2))[:-2]
            chunk = unzip.decompress(chunk) if unzip else chunk
            *events, buffer = (buffer + text.decode(chunk)).split("\n\n")
            for event in events:
                if event.startswith("event: region\n"):
                    watched.pushes += 1
                    inbox.put_nowait(Carried(event))
                elif event.startswith("event: change\n"):
                    watched.pushes += 1
                    inbox.put_nowait(Changed(int(event.split("\n", 2)[1].removeprefix("id: "))))
                elif (data := event.rpartition("data:")[2]) != event:
                    watched.pushes += 1
                    inbox.put_nowait(data.strip())
    except (OSError, asyncio.IncompleteReadError, ValueError):
        return  # the stream ended (the server restarted, the level stopped)
    finally:
        writer.close()
