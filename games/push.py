"""Push: "what ``topic`` shows changed", sent after a write commits to every screen that shows it.

A topic is a match (``match:<pk>``), an event (``event:<pk>``) or a session (:func:`session_topic`,
whose one message, :data:`ENDED`, ends its streams); a message carries the topic's new
version (and, after :func:`held`, the phone that wrote it; and for a play, the play itself, which a phone
with the engine draws without asking: :func:`message`), or "" ("changed: ask", when a stream may
have missed messages). With ``REDIS_URL``
(production, CI) a write publishes on Redis and each serving process reads every message of the
deployment on one connection (a pattern subscription) and hands it to its own open streams; without
Redis (``make run``: one process) the write hands it to the process's streams directly. A stream that
may have missed messages (Redis was away) is sent "" to ask. Publishing never fails a write: an error
is logged. A write whose answer renders the new version's live region publishes once it is rendered
(:func:`held`), so that the streams find it in the cache and carry it (web/views/push.py).
See docs/architecture.md, "Push".
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from functools import partial

import redis
import redis.asyncio
from django.conf import settings
from django.db import DatabaseError, connection, transaction

log = logging.getLogger(__name__)

ASK = ""  # a message without a version: the screen asks whether it changed
ENDED = "-"  # a session topic's message (session_topic): the session was ended, its streams end
RECONNECT_SECONDS = 1.0  # between tries to read Redis again
QUIET_SECONDS = 1.0
SUBSCRIBE_SECONDS = 5.0  # a stream waits this long for the subscription, then ends (the screen polls)


def match_topic(pk: int) -> str:
    """The topic a match's versions are published on."""
    return f"match:{pk}"


def event_topic(pk: int) -> str:
    """The topic an event's versions are published on."""
    return f"event:{pk}"


def session_topic(key: str) -> str:
    """The topic a session's end is published on: a digest of its key, which is a credential."""
    return "session:" + hashlib.sha256(key.encode()).hexdigest()[:32]


def sessions_ended(sender: object, keys: list[str], **kwargs: object) -> None:
    """``scorekeeper.sessions.ended``: :data:`ENDED` sent on each session's topic at once (its mark is
    already set, so a stream that subscribes later finds the mark instead)."""
    for key in keys:
        _send(session_topic(key), ENDED)


def publish(topic: str, version: str | Callable[[], str], change: str = "") -> None:
    """Send ``version`` of ``topic`` (or what it reads, once committed) once the current transaction
    commits (at once outside one), or, inside :func:`held`, when the block ends. ``change``: what
    changed, for the phones that draw it themselves (a play's JSON), if anything."""
    transaction.on_commit(partial(_send_or_hold, topic, version, change))


def message(version: str, writer: str = "", change: str = "") -> str:
    """A message as published: ``"<version>"``, or ``"<version> <writer> <change>"`` (either may be
    empty); :func:`parsed` reads it back."""
    return f"{version} {writer} {change}".rstrip()


def parsed(text: str) -> tuple[str, str, str]:
    """A :func:`message`'s version, writer and change."""
    version, _, rest = text.partition(" ")
    writer, _, change = rest.partition(" ")
    return version, writer, change


Held = tuple[str, str | Callable[[], str], str]
_holding: ContextVar[list[Held] | None] = ContextVar("push_held", default=None)


@contextmanager
def held(writer: str = "") -> Iterator[None]:
    """The block's committed publishes sent as it ends, failed or not: a web write renders the region
    of its new version before the other phones are told of it. ``writer``: the phone that made the write
    (its stream's ``phone``), named in the message (:func:`message`), so that its stream, whose phone
    draws the write's answer, sends it nothing."""
    waiting: list[Held] = []
    token = _holding.set(waiting)
    try:
        yield
    finally:
        _holding.reset(token)
        for topic, version, change in waiting:
            _send(topic, version, writer, change)


def _send_or_hold(topic: str, version: str | Callable[[], str], change: str) -> None:
    waiting = _holding.get()
    if waiting is None:
        _send(topic, version, change=change)
    else:
        waiting.append((topic, version, change))


def _prefix() -> str:
    """Redis channels are shared by every database number: the names carry the deployment's Redis
    database and its SQL database's name (tests run several side by side)."""
    db = settings.REDIS.db if settings.REDIS is not None else 0
    return f"push:{db}:{connection.settings_dict['NAME']}:"


_publisher: redis.Redis | None = None
_quiet_until = 0.0  # after a failed publish, none for QUIET_SECONDS: no write waits on a Redis that is away


def _send(topic: str, version: str | Callable[[], str], writer: str = "", change: str = "") -> None:
    global _publisher, _quiet_until
    if callable(version):
        try:
            version = version()
        except DatabaseError as error:  # the write is done: the screens' safety poll finds it
            log.warning("push: %s not read: %s", topic, error)
            return
    version = message(version, writer, change)
    if settings.REDIS is None:
        if _hub is not None and not _hub.loop.is_closed():
            _hub.deliver_threadsafe(topic, version)
        return
    if time.monotonic() < _quiet_until:
        return
    try:
        if _publisher is None:
            _publisher = settings.REDIS.client()
        _publisher.publish(_prefix() + topic, version)
    except redis.RedisError as error:  # the screens learn it from their safety poll, or an "ask" (Hub.read)
        _quiet_until = time.monotonic() + QUIET_SECONDS
        log.warning("push: %s not published: %s", topic, error)


class Hub:
    """One process's open streams by topic, on the event loop that serves them; with Redis, the one
    subscription that feeds them."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.streams: dict[str, set[asyncio.Queue[str]]] = {}
        self.reader: asyncio.Task[None] | None = None
        self.subscribed = asyncio.Event()

    def deliver(self, topic: str, version: str) -> None:
        """Hand ``version`` to every stream of ``topic`` this process holds (on its loop)."""
        for queue in self.streams.get(topic, ()):
            queue.put_nowait(version)

    def deliver_threadsafe(self, topic: str, version: str) -> None:
        """:meth:`deliver` from another thread (a write committed in a sync view)."""
        self.loop.call_soon_threadsafe(self.deliver, topic, version)

    def ask_all(self) -> None:
        """Ask every stream held to check its version once (after a lost subscription)."""
        for queues in self.streams.values():
            for queue in queues:
                queue.put_nowait(ASK)

    async def read(self, prefix: str) -> None:
        """Hand every message of the deployment to this process's streams, for ever; after a lost
        connection, ask every stream to check (messages may have been missed)."""
        assert settings.REDIS is not None
        lost = False
        while True:
            try:
                async with settings.REDIS.async_client() as client, client.pubsub() as pubsub:
                    await pubsub.psubscribe(prefix + "*")
                    self.subscribed.set()
                    if lost:
                        self.ask_all()
                    while True:  # a message, or a health check (a PING) every HEALTH_SECONDS
                        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                        if message is not None and message["type"] == "pmessage":
                            self.deliver(message["channel"].decode()[len(prefix) :], message["data"].decode())
            except (redis.RedisError, OSError) as error:
                log.warning("push: Redis subscription lost: %s", error)
            self.subscribed.clear()
            lost = True
            await asyncio.sleep(RECONNECT_SECONDS)


_hub: Hub | None = None


def _the_hub() -> Hub:
    global _hub
    if _hub is None or _hub.loop is not asyncio.get_running_loop() or _hub.loop.is_closed():
        _hub = Hub()
    return _hub


@asynccontextmanager
async def listening(*topics: str) -> AsyncIterator[asyncio.Queue[str]]:
    """One queue of the messages of every topic in ``topics``, in the order published, while the block
    runs; with Redis, entered once the process's subscription is in place (``TimeoutError`` if it is not
    within ``SUBSCRIBE_SECONDS``)."""
    hub = _the_hub()
    queue: asyncio.Queue[str] = asyncio.Queue()
    for topic in topics:
        hub.streams.setdefault(topic, set()).add(queue)
    try:
        if settings.REDIS is not None:
            if hub.reader is None or hub.reader.done():
                hub.reader = asyncio.create_task(hub.read(_prefix()))
            await asyncio.wait_for(hub.subscribed.wait(), SUBSCRIBE_SECONDS)
        yield queue
    finally:
        for topic in topics:
            queues = hub.streams.get(topic, set())
            queues.discard(queue)
            if not queues:
                hub.streams.pop(topic, None)
