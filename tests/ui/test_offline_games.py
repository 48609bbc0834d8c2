"""Escoba's and Tamlin's play screens offline, drawn from the rules engine in the phone
(static/js/offline_engine_view.js), in Chromium at a phone's size with the network off from the first
tap: each tapped card's choices as the server draws them, its best capture recorded, the table and the
last play with its events after it; then online every play is stored once, in order. Maltese Twenty's
round, entered by its awards offline, is scored as the server scores it. Needs static/engine/."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.services.hands import hand_start
from games.models import Hand, Match
from games.rules import browser
from games.rules.game import HandEvent
from games.rules.wording import signed
from tests.ui.flows import KEPT_ENGINE, READY, phone_engine, ready_offline, signed_in, stored_plays
from tests.ui.test_offline_play import OPTIONS_SIGNATURE, label, server_options
from tests.ui.waiting import until
from tests.web.conftest import start_match
from web.breakdowns import event_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), *phone_engine]

NAMES = ("Marija", "Dragan")
DEALS = {  # the table dealt, and the cards then played in turn (Dragan leads)
    "escoba": (["AS", "4H", "5D", "7C"], ["10D", "3S", "8H", "AD", "6C", "2H"]),
    "tamlin": (["AS", "4H", "5D", "QC"], ["5S", "QH", "4D", "JS", "AC", "9H"]),
}


class Played:
    """The hand as the server's engine plays it: each card with its best capture (or none)."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.base = {"game": state["game"], "options": state["options"], "setup": state["setup"]}
        self.log: list[dict[str, Any]] = []

    def now(self) -> dict[str, Any]:
        return browser.hand({**self.base, "log": self.log})

    def table(self) -> list[str]:
        table: list[str] = self.now()["report"]["table"]
        return table

    def forced(self, card: str) -> bool:
        plays = self.now()["one_tap"]
        return plays == "all" or card in plays

    def best(self, card: str) -> list[str]:
        choices = browser.choices({**self.base, "table": self.table(), "card": card})
        return list(choices["captures"][0]["cards"]) if choices["captures"] else []

    def record(self, card: str, taken: list[str]) -> None:
        seat = self.now()["report"]["next_seat"]
        self.log.append({"seat": seat, "card": card, "taken": taken})


def open_offline(page: Page, base: str, game: str, table: list[str]) -> tuple[Match, Played]:
    page.set_viewport_size({"width": 390, "height": 844})
    signed_in(page, base)
    match = start_match(User.objects.get(username="marija"), game, NAMES)
    hand_start(match=match, dealer=0, table=table)
    page.goto(f"{base}/matches/{match.pk}/")
    page.wait_for_function(READY, timeout=60_000)
    until(page, KEPT_ENGINE, timeout=60_000)
    state = json.loads(page.locator("#match-live [data-offline]").get_attribute("data-offline") or "{}")
    ready_offline(page)
    return match, Played(state)


def see_play(page: Page, hand: Played, game: str) -> None:
    """The table and the last play with its events, as the engine's report after it."""
    report = hand.now()["report"]
    chips = page.locator(".table-cards .card-chip [aria-hidden=true]")
    expect(chips).to_have_text([label(card) for card in report["table"]])
    last = hand.log[-1]
    line = page.locator(".last-play > p").first
    expect(line).to_contain_text(f"{NAMES[last['seat']]} played")
    expect(line.locator(".card-chip [aria-hidden=true]")).to_have_text(
        [label(card) for card in [last["card"], *last["taken"]]]
    )
    events = [
        event_text(HandEvent(**event), NAMES, game)
        for event in report["events"]
        if event["play_index"] == len(hand.log) - 1
    ]
    expect(page.locator(".last-play .play-events li")).to_have_text(events)


@pytest.mark.parametrize("game", sorted(DEALS))
def test_a_capture_game_is_played_offline_with_the_servers_choices(
    live_server: LiveServer, page: Page, game: str
) -> None:
    table, cards = DEALS[game]
    match, hand = open_offline(page, live_server.url, game, table)
    vals = page.locator(".play-form [hx-vals]").get_attribute("hx-vals") or "{}"
    key = json.loads(vals)["k"]  # the screen's write key: the server takes the table the phone shows

    for card in cards:
        taken = hand.best(card)
        if hand.forced(card):
            page.locator(f"#card-{card}").click()
            expect(page.locator("#play-options .one-tapped")).to_contain_text("recorded at the tap")
        else:
            page.locator(f"#card-{card}").check()
            expect(page.locator(f'#play-options [data-engine-choices="{card}"]')).to_have_count(1)
            query = f"card={card}&table={'+'.join(hand.table())}&k={key}"
            assert page.evaluate(OPTIONS_SIGNATURE) == server_options(page, live_server.url, match, query)
            button = "#play-options .capture-button" if taken else "#play-options button[value=trail]"
            page.locator(button).first.click()
        hand.record(card, taken)
        expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)
        see_play(page, hand, game)
    expect(page.locator("#offline-queue-title")).to_have_text(f"{len(cards)} plays waiting")

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    url = f"{live_server.url}/matches/{match.pk}/"
    stored = [(p["seq"], p["seat"], p["card"], sorted(p["taken"])) for p in stored_plays(page, url)]
    assert stored == [(seq, p["seat"], p["card"], sorted(p["taken"])) for seq, p in enumerate(hand.log)]


def test_a_twenty_round_entered_by_its_awards_offline_is_scored_as_the_server_scores_it(
    live_server: LiveServer, page: Page
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    signed_in(page, live_server.url)
    match = start_match(User.objects.get(username="marija"), "twenty", NAMES)
    hand_start(match=match, dealer=1, starter=0, set_aside=["AS", "2H"], mode="summary")
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_function(READY, timeout=60_000)
    ready_offline(page)

    entry = page.locator("#match-live .summary-entry")
    entry.locator("[name=awards_0]").fill("10 15 30")
    entry.locator("[name=points_1]").fill("20")
    entry.locator("[name=bonus][value='1']").check()
    entry.get_by_role("button", name="Score the round from these awards").click()
    scored = page.locator("#offline-hand-end .scored")
    expect(scored.get_by_role("heading", name="Round 1 scored")).to_be_visible()  # a game of rounds
    shown_hand = scored.locator("table.breakdown tr.item-total td").all_inner_texts()
    shown_totals = page.locator(".side-total").all_inner_texts()

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    hand = Hand.objects.get(match=match, number=1)
    assert not hand.is_open
    totals = [score.total for score in hand.scores.order_by("side")]
    assert shown_hand == [signed(total) for total in totals]
    assert shown_totals == [
        str(total).replace("-", "\u2212") for total in Match.objects.get(pk=match.pk).totals
    ]
