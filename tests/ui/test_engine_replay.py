"""One engine everywhere (issue 25): seeded random hands of every game, replayed in Chromium by the phone's
engine (window.SkEngine) with the network off, get the server's answers. The server records them through
its services (tests/engine_hands.py, the hands tests/test_offline_engine.py asks of the engine in
CPython); the phone asks them play by play, one page.evaluate per match, while the server plays the
next one. Needs static/engine/
(`make engine-web`)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from tests.engine_hands import TABLES, Replayed, match_asks
from tests.ui.flows import KEPT_ENGINE, READY, phone_engine, ready_offline, tablo_open
from tests.ui.waiting import until

pytestmark = phone_engine  # the match screen starts the engine in the phone

# Every call in turn, as the match screen makes them, started without waiting for the answers (the server
# plays the next match meanwhile); ANSWERS waits for them, as JSON decoded as CPython decodes
# browser.answer's.
REPLAY = """(asks) => {
  window.skReplay = (async () => {
    const answers = [];
    for (const [name, payload] of asks) answers.push(await window.SkEngine.call(name, payload));
    return JSON.stringify(answers);
  })();
}"""
ANSWERS = "() => window.skReplay"
SEED = 1
REFUSALS = 1  # illegal captures tried per hand (the verdict on one is asked at every play): keeps it quick


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_random_hands_of_every_game_replayed_offline_get_the_servers_answers(
    live_server: LiveServer, page: Page
) -> None:
    tablo_open(page, live_server.url)  # the engine loads in the background while the server plays
    replaying: Replayed | None = None
    for table in TABLES:
        replayed = match_asks(*table, seed=SEED, refusals=REFUSALS)
        if replaying is None:
            page.wait_for_function(READY, timeout=60_000)
            until(page, KEPT_ENGINE, timeout=60_000)
            ready_offline(page)
            assert page.evaluate("navigator.onLine") is False
        else:
            compare(page, replaying)
        page.evaluate(REPLAY, [[ask.name, ask.payload] for ask in replayed.asks])
        replaying = replayed
    assert replaying is not None
    compare(page, replaying)


def compare(page: Page, replayed: Replayed) -> None:
    """The phone's answers to a match's asks are the server's."""
    answers = json.loads(page.evaluate(ANSWERS))
    assert len(answers) == len(replayed.asks)
    for ask, answer in zip(replayed.asks, answers, strict=True):
        assert ask.seen(answer) == ask.expected, f"{replayed.game}: {ask.what}"
    assert all(replayed.refused), f"{replayed.game}: a hand without an illegal play: {replayed.refused}"
