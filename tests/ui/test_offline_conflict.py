"""Two phones on one match in Chromium: one records offline while the other records online. Back online,
the first sees what the other phone changed and the seat each of its waiting plays would be stored
under after those; what it then stores is under the seats it showed, and the cards taken count for
those seats' sides. The queue sends expected_revision, so a play made before another phone's undo and
new play is refused and shown, not stored."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Hand, Play
from tests.ui.flows import WIDTHS, fits_at_each_width, match_of, play, play_offline, ready_offline, tablo_open
from web.views.live import POLL_SECONDS

MARIJA, DRAGAN = 0, 1
LIVE = re.compile(r"/live/")  # the live region's requests


@pytest.fixture
def other_phone(page: Page, browser: Browser) -> Iterator[Callable[[str], Page]]:
    """Opens the match on a second phone, signed in as the same scorer as the first."""
    contexts: list[BrowserContext] = []

    def open_match(url: str) -> Page:
        context = browser.new_context(
            storage_state=page.context.storage_state(), viewport={"width": 360, "height": 800}
        )
        contexts.append(context)
        second = context.new_page()
        second.goto(url)
        return second

    yield open_match
    for context in contexts:
        context.close()


def stored(url: str) -> list[tuple[int, int, str, list[str]]]:
    """Hand 1's standing Play rows: number, seat, card, cards taken."""
    rows = Play.objects.filter(hand__match_id=match_of(url).pk, hand__number=1, undone_at=None).order_by(
        "seq"
    )
    return [(row.seq, row.seat, row.card, row.taken) for row in rows]


def side_cards(page: Page, url: str) -> dict[int, int]:
    """How many cards each seat's side has taken, as hand 1's report counts them."""
    hand: dict[str, Any] = page.request.get(f"{url.replace('/matches/', '/api/v1/matches/')}hands/1/").json()
    return {seat: side["cards"] for side in hand["state"]["sides"] for seat in side["seats"]}


def capture(page: Page, card: str, taken: str) -> None:
    """Online, tap the card and the capture the server offers for it."""
    play(page, card, f"#play-options button[value='{taken}']")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_my_plays_after_theirs_are_stored_under_the_seats_the_screen_showed(
    live_server: LiveServer, page: Page, other_phone: Callable[[str], Page]
) -> None:
    page.set_viewport_size({"width": WIDTHS[0], "height": 800})
    url = tablo_open(page, live_server.url)  # the table: 10♦ 2♣ 7♠ 5♥; Dragan to play
    ready_offline(page)
    play_offline(page, "7H", ("7S",))  # queued as Dragan's
    play_offline(page, "2H", ("2C",))  # queued as Marija's
    expect(page.locator(".offline-plays")).to_match_aria_snapshot("""
      - list:
        - listitem: Dragan played 7 of hearts and took 7 of spades
        - listitem: Marija played 2 of hearts and took 2 of clubs
    """)

    second = other_phone(url)
    capture(second, "5D", "5H")  # meanwhile, the other phone records Dragan taking 5♥ with 5♦
    expect(second.locator(".last-play")).to_contain_text("Dragan played 5♦")

    page.context.set_offline(False)
    refusal = page.locator("#offline-refusal")
    expect(refusal).to_match_aria_snapshot("""
      - alert "A waiting play was not accepted":
        - paragraph: /Someone else recorded first/
        - paragraph: "Recorded meanwhile on another phone:"
        - list:
          - listitem: Dragan played 5 of diamonds and took 5 of hearts
        - paragraph: "My waiting plays, after theirs:"
        - list:
          - listitem:
            - text: Dragan played 7 of hearts and took 7 of spades
            - strong: "Would be stored as Marija's play, not Dragan's: after their plays it is Marija's turn."
          - listitem:
            - text: Marija played 2 of hearts and took 2 of clubs
            - strong: "Would be stored as Dragan's play, not Marija's: after their plays it is Dragan's turn."
        - paragraph:
          - strong: /^Some of my plays would be stored under another player/
        - button "Add mine after theirs"
        - button "Drop my waiting plays"
    """)
    assert stored(url) == [(0, DRAGAN, "5D", ["5H"])]
    fits_at_each_width(page, "#offline-refusal", "the refusal")  # nothing in it runs off the screen
    page.screenshot(path="test-artifacts/offline-conflict-seats.png", full_page=True)

    refusal.get_by_role("button", name="Add mine after theirs").click()
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(refusal).to_be_hidden()
    assert stored(url) == [(0, DRAGAN, "5D", ["5H"]), (1, MARIJA, "7H", ["7S"]), (2, DRAGAN, "2H", ["2C"])]
    assert side_cards(page, url) == {MARIJA: 2, DRAGAN: 4}
    expect(page.locator(".last-play")).to_contain_text("Dragan played 2♥")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_same_play_recorded_on_both_phones_is_dropped_from_mine(
    live_server: LiveServer, page: Page, other_phone: Callable[[str], Page]
) -> None:
    url = tablo_open(page, live_server.url)
    ready_offline(page)
    play_offline(page, "10H", ("10D",))  # Dragan's
    play_offline(page, "2H", ("2C",))  # Marija's

    second = other_phone(url)
    capture(second, "10H", "10D")  # the other phone records the same first play

    # Back online, the sync ends by drawing the screen again, its answer held past the poll's interval (a
    # slow network): meanwhile the region's poll stays the queue's, so no second redraw is on its way to
    # land on the scorer's tap (it was let through while the sync's redraw was under way).
    asked: list[Route] = []
    page.route(LIVE, lambda route: asked.append(route))
    page.context.set_offline(False)
    while not asked:
        page.wait_for_timeout(50)
    page.wait_for_timeout(POLL_SECONDS * 1000 + 500)
    assert [route.request.url for route in asked] == [asked[0].request.url]
    asked[0].continue_()
    page.unroute(LIVE)
    refusal = page.locator("#offline-refusal")
    plan = refusal.locator(".offline-plan")
    expect(plan).to_match_aria_snapshot(
        "- list:\n"
        "  - listitem: Dragan played 10 of hearts and took 10 of diamonds"
        " The other phone recorded this same play.\n"
        "  - listitem: Marija played 2 of hearts and took 2 of clubs Would be stored as Marija's play."
    )
    expect(refusal.get_by_role("button", name="Add mine after theirs")).to_have_count(0)
    drop = refusal.get_by_role("button", name="The other phone recorded this same play: drop mine")
    # Drawn again unchanged (as after each swap of the region, here by the screen's own redraw rather than
    # a dispatched event), the panel keeps its buttons: a tap landing meanwhile is not lost.
    shown = drop.element_handle()
    page.evaluate("() => window.SkView.rerender()")
    assert shown.evaluate("button => button.isConnected")

    drop.click()
    expect(plan).to_match_aria_snapshot("""
      - list:
        - listitem: Marija played 2 of hearts and took 2 of clubs Would be stored as Marija's play.
    """)
    expect(plan.locator("li")).to_have_count(1)
    expect(refusal.get_by_role("button", name="Add mine after theirs")).to_be_focused()
    expect(refusal).not_to_contain_text("Some of my plays would be stored under another player")
    expect(page.locator("#offline-queue-title")).to_have_text("1 play waiting")
    assert stored(url) == [(0, DRAGAN, "10H", ["10D"])]

    refusal.get_by_role("button", name="Add mine after theirs").click()
    expect(page.locator("#offline-queue")).to_be_hidden()
    assert stored(url) == [(0, DRAGAN, "10H", ["10D"]), (1, MARIJA, "2H", ["2C"])]
    assert side_cards(page, url) == {MARIJA: 2, DRAGAN: 2}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_play_queued_before_another_phones_undo_and_new_play_is_refused_and_shown(
    live_server: LiveServer, page: Page, other_phone: Callable[[str], Page]
) -> None:
    url = tablo_open(page, live_server.url)
    play(page, "9C")  # Dragan's, online: both phones see it
    seen = Hand.objects.get(match=match_of(url), number=1).revision
    ready_offline(page)
    play_offline(page, "3H")  # Marija's, after Dragan's 9♣

    second = other_phone(url)
    second.get_by_role("button", name="Undo the last play").click()
    expect(second.get_by_text("Dragan to play")).to_be_visible()
    play(second, "4D")  # Dragan's play was 4♦, not 9♣: the hand has one play again

    with page.expect_response(lambda response: response.url.endswith("/plays/")) as sent:
        page.context.set_offline(False)
    assert sent.value.status == 409
    body = sent.value.request.post_data_json
    assert body is not None
    assert (body["expected_seq"], body["expected_revision"]) == (1, seen)
    refusal = page.locator("#offline-refusal")
    expect(refusal).to_match_aria_snapshot("""
      - alert "A waiting play was not accepted":
        - paragraph: /Someone else recorded first/
        - paragraph: "Taken back meanwhile on another phone:"
        - list:
          - listitem: Dragan played 9 of clubs and took nothing
        - paragraph: "Recorded meanwhile on another phone:"
        - list:
          - listitem: Dragan played 4 of diamonds and took nothing
        - paragraph: "My waiting plays, after theirs:"
        - list:
          - listitem: Marija played 3 of hearts and took nothing Would be stored as Marija's play.
    """)
    expect(page.locator("#offline-queue-title")).to_have_text("1 play waiting")
    assert stored(url) == [(0, DRAGAN, "4D", [])]
    page.screenshot(path="test-artifacts/offline-conflict-undo.png", full_page=True)

    refusal.get_by_role("button", name="Drop my waiting plays").click()
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(page.locator(".last-play")).to_contain_text("Dragan played 4♦")
    assert stored(url) == [(0, DRAGAN, "4D", [])]
