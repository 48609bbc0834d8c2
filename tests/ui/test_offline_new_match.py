"""A match started offline (static/js/offline_start.js, offline_draft.js; web/drafts.py), in Chromium at a
phone's size: the new-match page, kept online, queues the match with the network off; the draft screen
the worker kept shows it with the names typed and the target chosen; its first hand is dealt and played,
checked by the engine, across a reload; then online the match is created once (its Idempotency-Key),
its plays follow it, and the phone opens the match's own screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Match
from tests.ui.flows import KEPT_ENGINE, READY, TABLE, phone_engine, tablo_open
from tests.ui.test_offline_hand_end import hand_api
from tests.ui.waiting import until

PLAYS_STORED = """async (count) => {
  const response = await fetch(location.pathname.replace("/matches/", "/api/v1/matches/") + "hands/1/");
  return response.ok && (await response.json()).plays.length === count;
}"""
KEPT_DRAFTS = (
    "async () => !!(await caches.match('/matches/draft/tablo/3/')) && !!(await caches.match('/matches/new/'))"
)

pytestmark = phone_engine  # the match screen starts the engine in the phone


def new_match_offline(page: Page, base: str) -> None:
    """Online, a match screen (Dragan met, the engine kept) and the new-match page (its drafts kept);
    then that page again with the network off."""
    tablo_open(page, base)
    page.wait_for_function(READY, timeout=60_000)
    until(page, KEPT_ENGINE, timeout=60_000)
    page.goto(base + "/matches/new/")
    until(page, KEPT_DRAFTS)  # the draft screens of the game on the page
    page.context.set_offline(True)
    page.reload()  # the page as the worker kept it
    expect(page.locator("#offline-notice")).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_match_started_offline_is_played_offline_and_created_once_online(
    live_server: LiveServer, page: Page
) -> None:
    new_match_offline(page, live_server.url)
    page.get_by_label("Seat 1").fill("Marija")
    page.get_by_label("Emoji of player 1 (optional)").fill("🦊")
    page.get_by_label("Seat 2").fill("Dragan")
    page.get_by_label("Seat 3").fill("Zora <b>")  # a new guest, typed: drawn as text
    page.get_by_label("Play in pairs (partners sit opposite)").check()
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#offline-start-error")).to_contain_text("only with 4 players, not 3")
    page.get_by_label("Play in pairs (partners sit opposite)").uncheck()
    page.get_by_label("Target score").fill("60")
    page.get_by_role("button", name="Start the match").click()

    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    assert "/matches/draft/tablo/3/?match=-" in page.url
    names = page.locator("#match-live .side-list .side-name")
    expect(names).to_have_text(["🦊 Marija", "Dragan", "Zora <b>"])
    expect(page.locator("#match-live .side-list .side").first).to_contain_text("60 points to go")
    expect(page.locator("#offline-queue .offline-plays li")).to_have_text(
        ["The match is started: waiting to be sent"]
    )
    said = page.get_by_text("The match is started: waiting to be sent").locator("visible=true")
    expect(said).to_have_count(1)  # said once: the title, the list of one under it is hidden
    page.wait_for_function(READY, timeout=60_000)

    form = page.locator("form.hand-new")
    expect(form.locator("#hand-dealer option")).to_have_text(["🦊 Marija", "Dragan", "Zora <b>"])
    for card in TABLE:
        form.locator(f"#table-{card}").check()
    form.get_by_role("button", name="Start the hand").click()
    expect(page.get_by_text("Dragan to play")).to_be_visible()
    page.locator("#card-7H").check()
    expect(page.locator('#play-options [data-engine-choices="7H"]')).to_have_count(1)  # the engine's
    page.locator("#play-options details.manual summary").click()
    page.locator("#taken-10D").check()
    page.get_by_role("button", name="Record these cards").click()
    expect(page.locator("#offline-error")).to_contain_text("It could have taken")
    page.locator("#play-options .capture-button").first.click()
    expect(page.locator("#offline-queue .offline-plays li")).to_have_count(3)  # the match, the start, a play

    page.reload()  # offline, in the middle of the hand
    page.wait_for_function(READY, timeout=60_000)
    expect(page.get_by_text("Zora <b> to play")).to_be_visible()
    page.locator("#card-KD").click()  # it can take nothing from 10♦: recorded at its tap
    expect(page.locator("#offline-queue .offline-plays li")).to_have_count(4)

    page.context.set_offline(False)
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"), timeout=30_000)
    until(
        page, PLAYS_STORED, 2
    )  # the match's own screen sends the rest (its panel hidden until it reads the queue)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    assert_stored(page)


def assert_stored(page: Page) -> None:
    """The match started offline, stored once with its names and target, its hand's plays in order."""
    assert Match.objects.count() == 2
    match = Match.objects.order_by("pk").last()
    assert match is not None
    seats = match.seats.order_by("number")
    assert [(seat.player.name, seat.emoji) for seat in seats] == [
        ("Marija", "🦊"),
        ("Dragan", ""),
        ("Zora <b>", ""),
    ]
    assert (match.target, match.teams) == (60, False)
    first = hand_api(page, page.url, 1)
    assert sorted(first["table"]) == sorted(TABLE)
    assert [(play["seq"], play["seat"], play["card"], sorted(play["taken"])) for play in first["plays"]] == [
        (0, 1, "7H", ["2C", "5H", "7S"]),
        (1, 2, "KD", []),
    ]
    expect(page.get_by_text("Marija to play")).to_be_visible()  # the server's screen now
