"""One tap where there is no choice, by real taps on a phone: every Maltese Twenty card, a forced
trail in Tablo (one request, the play recorded, the undo in view), and a one-tap play made offline,
queued with its seat (docs/rules/ E6, T9; web/one_tap.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, Request, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.services.hands import hand_start
from games.models import Match, Play
from tests.ui.flows import WIDTHS, fits_at_each_width, ready_offline, signed_in, stored_plays
from tests.web.conftest import start_match


def open_match(page: Page, base: str, width: int, game: str, **deal: object) -> Match:
    page.set_viewport_size({"width": width, "height": 740})
    signed_in(page, base)
    match = start_match(User.objects.get(username="marija"), game)
    hand_start(match=match, **deal)  # type: ignore[arg-type]  # the deal's keywords
    page.goto(f"{base}/matches/{match.pk}/")
    return match


def tap_once(page: Page, card: str) -> list[str]:
    """Tap ``card``'s tile and wait for the redraw; every request the tap sent."""
    sent: list[str] = []

    def note(request: Request) -> None:
        if "/play" in request.url:
            sent.append(f"{request.method} {request.url}")

    page.on("request", note)
    with page.expect_response(lambda response: response.url.endswith("/play/")):
        page.locator("label.card-tile", has=page.locator(f"#card-{card}")).click()
    expect(page.locator(f"#card-{card}")).to_be_disabled()
    page.remove_listener("request", note)
    return sent


def undo_at_hand(page: Page, card: str) -> None:
    """The answer says the card was recorded and offers the undo where the tap was; it works."""
    notice = page.locator("#play-options .one-tapped")
    expect(notice).to_contain_text("recorded at the tap")
    undo = notice.get_by_role("button", name="Undo", exact=True)
    expect(undo).to_be_in_viewport()
    fits_at_each_width(page, "#match-live", "after a one-tap play")  # nothing wider, nothing covered
    undo.click()
    expect(page.locator(f"#card-{card}")).to_be_enabled()
    assert not Play.objects.filter(undone_at=None).exists()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_twenty_card_is_recorded_at_its_tap(live_server: LiveServer, page: Page) -> None:
    open_match(page, live_server.url, WIDTHS[0], "twenty", starter=0, set_aside=["AS", "2H"])
    sent = tap_once(page, "7D")
    assert len(sent) == 1, sent  # no choices asked for: the play itself
    assert sent[0].startswith("POST")
    play = Play.objects.get()
    assert (play.seat, play.card, play.taken) == (0, "7D", [])
    undo_at_hand(page, "7D")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_forced_trail_is_recorded_at_its_tap(live_server: LiveServer, page: Page) -> None:
    open_match(page, live_server.url, WIDTHS[0], "tablo", dealer=0, table=["10D", "2C", "7S", "5H"])
    sent = tap_once(page, "3H")  # 3♥ can take nothing from 10♦ 2♣ 7♠ 5♥: it trails
    assert len(sent) == 1, sent
    play = Play.objects.get()
    assert (play.seat, play.card, play.taken) == (1, "3H", [])
    expect(page.locator(".table-cards")).to_contain_text("3♥")
    undo_at_hand(page, "3H")

    with page.expect_response(lambda response: "/play/options/" in response.url):
        page.locator("label.card-tile", has=page.locator("#card-KS")).click()  # a choice: it asks
    expect(page.locator("#play-options button[value=trail]")).to_be_visible()
    assert not Play.objects.filter(undone_at=None).exists()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_one_tap_play_made_offline_is_queued_with_its_seat(live_server: LiveServer, page: Page) -> None:
    match = open_match(page, live_server.url, 390, "twenty", starter=0, set_aside=["AS", "2H"])
    ready_offline(page)
    page.locator("label.card-tile", has=page.locator("#card-7D")).click()
    expect(page.locator("#offline-queue-title")).to_have_text("1 play waiting")
    page.locator("label.card-tile", has=page.locator("#card-9C")).click()  # Twenty: still one tap
    expect(page.locator("#offline-queue-title")).to_have_text("2 plays waiting")
    assert not Play.objects.exists()

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden()
    stored = stored_plays(page, f"{live_server.url}/matches/{match.pk}/")
    assert [(play["seat"], play["card"], play["taken"]) for play in stored] == [(0, "7D", []), (1, "9C", [])]
