"""The play screens offline, drawn from the rules engine in the phone (static/js/offline_engine_view.js,
docs/offline-engine.md), in Chromium at a phone's size with the network off from the first tap: a
whole Tablo hand played through the engine's choices (the same markup and words as the server's), one
illegal capture picked by hand refused as the server refuses it and corrected, the cards recorded at one
tap, a reload in the middle; then online every play is stored once, in order, and the hand scores as
the phone's engine scored it. Needs static/engine/ (`make engine-web`)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.breakdowns import hand_breakdown
from games.labels import card_label
from games.matches.selectors.hands import hand_report
from games.messages import violation_text
from games.models import Hand, Match, Play
from games.rule_links import refusal_rule, refusal_url
from games.rules import browser
from games.rules.breakdown import hand_rows
from games.rules.cards import Card
from games.rules.errors import CaptureIllegal, RuleViolation
from games.rules.game import HandEvent
from games.rules.records import entry_of, setup_of
from games.rules.registry import find_game
from tests.ui.flows import (
    KEPT_ENGINE,
    MEASURE,
    READY,
    TABLE,
    phone_engine,
    ready_offline,
    stored_plays,
    tablo_open,
)
from tests.ui.waiting import until
from web.breakdowns import event_text
from web.screens import who_of

pytestmark = phone_engine  # the match screen starts the engine in the phone

NAMES = ("Marija", "Dragan")
# The elements of the play options that the scorer sees and taps, and their words: the engine's drawing
# and the server's must agree (the engine's hidden marker, its verdict box and the spaces between tags aside).
SIGNATURE = """(root) => {
  const box = typeof root === "string" ?
    Object.assign(document.createElement("div"), { innerHTML: root }) : root;
  const parts = [];
  const shown = "p, ul, li, button, input, label, legend, fieldset, details, summary, .badge, .group," +
    ".verdict";
  for (const el of box.querySelectorAll(shown)) {
    if (el.closest("[data-engine-choices]")) continue;
    parts.push([el.tagName, el.className, el.getAttribute("name"), el.getAttribute("value"),
      el.checked === true, el.tagName === "DETAILS" ? el.open : null]);
  }
  return { parts: parts, text: box.textContent.replace(/\\s+/g, "") };
}"""
OPTIONS_SIGNATURE = f"() => ({SIGNATURE})(document.getElementById('play-options'))"


def label(card: str) -> str:
    return card_label(Card.parse(card))


def labels(cards: list[str]) -> str:
    return " ".join(label(card) for card in cards)


class Hand1:
    """Hand 1 as the server's engine plays it: each card of the deck in turn, with its best capture."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.base = {"game": "tablo", "options": state["options"], "setup": state["setup"]}
        self.log: list[dict[str, Any]] = []

    def now(self) -> dict[str, Any]:
        return browser.hand({**self.base, "log": self.log})

    def best(self, card: str) -> list[str]:
        captures = browser.choices({**self.base, "table": self.now()["report"]["table"], "card": card})[
            "captures"
        ]
        return captures[0]["cards"] if captures else []

    def forced(self, card: str) -> bool:
        plays = self.now()["one_tap"]
        return isinstance(plays, dict) and card in plays

    def refusal(self, match: Match, card: str, taken: list[str]) -> tuple[str, list[list[str]]]:
        """How the server words the refusal of this play, and the captures it lists instead."""
        play = {"seat": self.now()["report"]["next_seat"], "card": card, "taken": taken}
        log = [entry_of(entry) for entry in [*self.log, play]]
        with pytest.raises(RuleViolation) as refused:
            find_game("tablo").replay_hand(setup_of(self.base["setup"]), log, self.base["options"])
        alternatives: list[list[str]] = browser.error_json(refused.value, "tablo")["alternatives"]
        return violation_text(refused.value, who_of(match)), alternatives

    def record(self, card: str, taken: list[str]) -> None:
        self.log.append({"seat": self.now()["report"]["next_seat"], "card": card, "taken": taken})


def see_hand(page: Page, hand: Hand1) -> None:
    """The screen shows the hand as the engine reports it: table, turn, last play and its events."""
    now = hand.now()
    report = now["report"]
    table = page.locator(".table-cards p")
    if report["table"]:
        expect(table.locator(".card-chip [aria-hidden=true]")).to_have_text(
            [label(card) for card in report["table"]]
        )
    else:
        expect(table).to_have_text("Nothing: the table is empty.")
    for index, side in enumerate(report["sides"]):  # no tablos before this hand
        tablos = f"{side['sweeps']} tablo" + ("" if side["sweeps"] == 1 else "s")
        expect(page.locator(f'.side[data-side="{index}"] .tablos .tally')).to_have_attribute(
            "aria-label", tablos
        )
    turn = page.locator("[data-offline-turn]")
    if report["complete"]:
        expect(turn).to_have_text("All cards are played.")
    else:
        expect(turn).to_have_text(f"{NAMES[report['next_seat']]} to play")
    last = hand.log[-1]
    line = page.locator(".last-play > p").first
    expect(line).to_contain_text(f"{NAMES[last['seat']]} played")
    expect(line).to_contain_text("and took" if last["taken"] else "and took nothing")
    expect(line.locator(".card-chip [aria-hidden=true]")).to_have_text(
        [label(card) for card in [last["card"], *last["taken"]]]
    )
    events = [
        event_text(HandEvent(**event), NAMES, "tablo")
        for event in report["events"]
        if event["play_index"] == len(hand.log) - 1
    ]
    expect(page.locator(".last-play .play-events li")).to_have_text(events)
    if not report["complete"]:
        expect(page.locator(".play-form[data-one-tap-engine]")).to_have_count(1)  # ready for the next tap


def play_through_engine(page: Page, hand: Hand1, card: str, undo: bool = False) -> None:
    """Tap ``card`` and record its best capture (or take nothing) from the engine's options; a card
    with one play is recorded at its tap, and the screen offers its undo there (``undo``: tapped, and
    the card tapped again)."""
    taken = hand.best(card)
    if hand.forced(card):
        page.locator(f"#card-{card}").click()
        tapped = page.locator("#play-options .one-tapped")
        expect(tapped).to_contain_text("recorded at the tap: it had no other play.")
        expect(tapped.locator(".card-chip [aria-hidden=true]")).to_have_text(label(card))
        if undo:
            waiting = page.locator("#offline-queue-title").inner_text()
            tapped.get_by_role("button", name="Undo", exact=True).click()
            expect(page.locator(f"#card-{card}")).to_be_enabled()
            expect(page.locator("#offline-queue-title")).not_to_have_text(waiting)
            see_hand(page, hand)  # as before the tap
            page.locator(f"#card-{card}").click()
            expect(tapped).to_contain_text("recorded at the tap: it had no other play.")
    else:
        page.locator(f"#card-{card}").check()
        expect(page.locator(f'#play-options [data-engine-choices="{card}"]')).to_have_count(1)
        if taken:
            page.locator("#play-options .capture-button").first.click()
        else:
            page.locator("#play-options button[value=trail]").click()
    hand.record(card, taken)
    expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)
    see_hand(page, hand)


def server_options(page: Page, base: str, match: Match, query: str) -> dict[str, Any]:
    """The server's play options for ``query``, as the SIGNATURE reads them."""
    response = page.request.get(base + reverse("play-options", args=[match.pk]) + "?" + query)
    assert response.ok
    signature: dict[str, Any] = page.evaluate(f"(html) => ({SIGNATURE})(html)", response.text())
    return signature


def refuse_then_correct(
    page: Page, hand: Hand1, match: Match, server_jack: dict[str, Any], server_wrong: dict[str, Any]
) -> None:
    """The first play: J♠ with the cards picked by hand refused as the server refuses it, then its best
    capture; its options drawn by the engine as the server draws them, within a 320 px phone."""
    # J♠ (12) tapped: its captures from the engine, best first (the tablo: 10♦+2♣ and 7♠+5♥), as online.
    page.locator("#card-JS").check()
    expect(page.locator("#play-options .capture-button").first).to_contain_text("tablo")
    assert page.evaluate(OPTIONS_SIGNATURE) == server_jack
    # Picked by hand, J♠ taking 10♦ alone: not legal, with what it could take, as the server says.
    page.locator("#play-options details.manual summary").click()
    page.locator("#taken-10D").check()
    expect(page.locator("#play-options .verdict")).to_contain_text("Not legal.")
    assert page.evaluate(OPTIONS_SIGNATURE) == server_wrong
    page.set_viewport_size({"width": 320, "height": 740})
    assert page.evaluate(MEASURE, "#match-live")["findings"] == []  # nothing wider than the phone
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="test-artifacts/offline-engine-options.png", full_page=True)

    page.get_by_role("button", name="Record these cards").click()
    message, alternatives = hand.refusal(match, "JS", ["10D"])
    could = "; ".join(labels(cards) for cards in alternatives)
    rule = refusal_rule(CaptureIllegal.code, "tablo")
    refused = page.locator("#offline-error")
    expect(refused).to_have_text(f"{message} Rule {rule} It could have taken: {could}")
    expect(refused.get_by_role("link", name=f"Rule {rule}")).to_have_attribute(
        "href", refusal_url(CaptureIllegal.code, "tablo")
    )
    expect(page.locator("#offline-queue")).to_be_hidden()  # refused: nothing queued

    # Corrected: the best capture, at one tap.
    page.locator("#play-options .capture-button").first.click()
    hand.record("JS", hand.best("JS"))
    expect(page.locator("#offline-queue-title")).to_have_text("1 play waiting")
    expect(page.locator("#offline-error")).to_be_hidden()
    see_hand(page, hand)
    expect(page.locator(".last-play .play-events")).to_have_text("Tablo for Dragan")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_whole_tablo_hand_is_played_offline_through_the_phones_engine(
    live_server: LiveServer, page: Page
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    url = tablo_open(page, live_server.url)
    match = Match.objects.get()
    page.wait_for_function(READY, timeout=60_000)
    until(page, KEPT_ENGINE, timeout=60_000)  # kept, to start again after an offline reload
    state = json.loads(page.locator("#match-live [data-offline]").get_attribute("data-offline") or "{}")
    hand = Hand1(state)
    server_jack = server_options(page, live_server.url, match, f"card=JS&table={'+'.join(TABLE)}")
    server_wrong = server_options(page, live_server.url, match, f"card=JS&taken=10D&table={'+'.join(TABLE)}")
    ready_offline(page)

    refuse_then_correct(page, hand, match, server_jack, server_wrong)

    cards = [str(card) for card in find_game("tablo").deck if str(card) not in {*TABLE, "JS"}]
    for index, card in enumerate(cards):
        play_through_engine(page, hand, card, undo=index == 0)
        if index == len(cards) // 2:
            # A reload in the middle: the queue is kept, and the screen is drawn again from the engine.
            page.reload()
            expect(page.locator("#offline-notice")).to_be_visible()
            page.wait_for_function(READY, timeout=60_000)
            expect(page.locator("#offline-queue-title")).to_have_text(f"{len(hand.log)} plays waiting")
            see_hand(page, hand)
    expect(page.locator("#offline-queue-title")).to_have_text("48 plays waiting")
    page.screenshot(path="test-artifacts/offline-engine-hand.png", full_page=True)
    phone = page.evaluate(
        "(payload) => window.SkEngine.call('hand', payload)", {**hand.base, "log": hand.log}
    )
    assert not Play.objects.exists()

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=60_000)  # 48 requests, one after another
    stored = stored_plays(page, url)
    assert [(play["seq"], play["seat"], play["card"], play["taken"]) for play in stored] == [
        (seq, play["seat"], play["card"], play["taken"]) for seq, play in enumerate(hand.log)
    ]
    report = hand_report(Hand.objects.get())
    assert report.complete
    assert [side["total"] for side in phone["report"]["sides"]] == [side.total for side in report.sides]
    assert [{k: v for k, v in row.items() if k != "worded"} for row in phone["rows"]] == [
        row.as_json() for row in hand_rows("tablo", {}, report)
    ]
    # Worded by the engine as the server words them
    assert [row["worded"] for row in phone["rows"]] == hand_breakdown("tablo", {}, report)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_engines_options_and_events_offline_speak_the_readers_language(
    live_server: LiveServer, page: Page
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    tablo_open(page, live_server.url)
    match = Match.objects.get()
    switch_language(page, "ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.wait_for_function(READY, timeout=60_000)
    state = json.loads(page.locator("#match-live [data-offline]").get_attribute("data-offline") or "{}")
    hand = Hand1(state)
    table = "+".join(TABLE)
    server_jack = server_options(page, live_server.url, match, f"card=JS&table={table}")
    server_wrong = server_options(page, live_server.url, match, f"card=JS&taken=10D&table={table}")
    assert "Legal captures" not in server_jack["text"]  # in Russian
    ready_offline(page)

    page.locator("#card-JS").check()
    expect(page.locator('#play-options [data-engine-choices="JS"]')).to_have_count(1)
    assert page.evaluate(OPTIONS_SIGNATURE) == server_jack
    page.locator("#play-options details.manual summary").click()
    page.locator("#taken-10D").check()
    expect(page.locator("#play-options .verdict.bad")).to_be_visible()
    assert page.evaluate(OPTIONS_SIGNATURE) == server_wrong

    page.locator("#play-options .capture-button").first.click()
    hand.record("JS", hand.best("JS"))
    with translation.override("ru"):
        events = [event_text(HandEvent(**event), NAMES, "tablo") for event in hand.now()["report"]["events"]]
        turn = gettext("<strong>%(name)s</strong> to play") % {"name": "Marija"}
    turn = turn.replace("<strong>", "").replace("</strong>", "")
    expect(page.locator(".last-play .play-events li")).to_have_text(events)
    expect(page.locator("[data-offline-turn]")).to_have_text(turn)


def switch_language(page: Page, language: str) -> None:
    """The language menu, by taps (the match screen comes back in that language)."""
    page.locator(".site-menu > summary").click()
    page.locator("#language-select").select_option(language)
    page.locator(".language-switch button[type=submit]").click()
