"""A Tablo evening through the UI at a phone's size: a whole hand, an illegal capture, undo, the winner
(docs/rules/tablo.md B5-B12, TB-2), a second phone following along, and the match screen in Russian."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
import uvicorn
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from playwright.sync_api import Browser, Page, Request, Route, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.matches import match_share
from games.models import Hand, Match
from games.rules.cards import deck
from scorekeeper.asgi_handler import one_hop_application
from tests.ui.flows import (
    ENGINE_WAIT_MS,
    PASSWORD,
    READY,
    TABLE,
    match_of,
    needs_engine,
    play,
    signed_in,
    tablo_open,
)
from tests.web.conftest import start_match as start_services_match


def sign_in_by_form(page: Page, base: str) -> None:
    User.objects.create_user("marija", password=PASSWORD)
    page.goto(base + "/accounts/login/")
    page.get_by_label("Username").fill("marija")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


def start_by_form(page: Page, base: str, target: str) -> None:
    """What flows.tablo_open does through the services, through the new-match form and the hand form."""
    page.goto(base + "/matches/new/")
    page.get_by_label("Seat 1").fill("Marija")
    page.get_by_label("Seat 2").fill("Dragan")
    page.get_by_label("Target score").fill(target)
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    for text in TABLE:
        page.locator(f"#table-{text}").check()
    page.get_by_role("button", name="Start the hand").click()
    expect(page.get_by_text("Dragan to play")).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_whole_tablo_hand_is_played_and_the_match_won(live_server: LiveServer, page: Page) -> None:
    sign_in_by_form(page, live_server.url)
    start_by_form(page, live_server.url, target="1")
    page.screenshot(path="test-artifacts/match-hand-start.png", full_page=True)

    page.locator("#card-KS").check()  # K♠ may take 7♠ 5♥ 2♣ or nothing: its choices are shown
    expect(page.locator("#play-options button[value=trail]")).to_be_visible()
    page.get_by_text("Pick the taken cards yourself").click()
    page.locator("#taken-10D").check()
    expect(page.locator("#play-options .verdict")).to_contain_text("Not legal.")
    page.get_by_role("button", name="Record these cards").click()
    expect(page.get_by_role("alert")).to_contain_text("K♠ cannot take 10♦")
    page.screenshot(path="test-artifacts/match-illegal-capture.png", full_page=True)

    play(page, "7H", "#play-options .capture-button")  # TB-2: the best capture is offered first
    for label in ("2♣", "7♠", "5♥"):
        expect(page.locator(".last-play")).to_contain_text(label)

    play(page, "KS")  # now nothing to take: recorded at the tap
    page.get_by_role("button", name="Undo the last play").click()
    expect(page.locator("#card-KS")).to_be_enabled()

    played = {"7H", *TABLE}
    for card in [str(each) for each in deck() if str(each) not in played]:
        play(page, card)
    expect(page.get_by_text("All cards are played.")).to_be_visible()
    page.get_by_role("button", name="Score the hand").click()

    expect(page.get_by_role("heading", name=re.compile(r"won$"))).to_be_visible()
    expect(page.locator(".sheet tr.sheet-hand")).to_have_count(1)
    expect(page.locator(".totals-chart > svg")).to_be_visible()
    page.get_by_role("button", name="Create a share link").click()
    expect(page.get_by_label("Anyone with this link can follow the match")).to_have_value(
        re.compile("/shared/")
    )
    page.screenshot(path="test-artifacts/match-finished.png", full_page=True)


@pytest.fixture
def asgi_server(transactional_db: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The app served by uvicorn in a thread, as make run serves it (the live server is WSGI: no push)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setitem(settings.DATABASES["default"], "CONN_MAX_AGE", 0)  # as scorekeeper/asgi.py sets it
    app = ASGIStaticFilesHandler(one_hop_application())  # the static files, as the live server serves them
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    config.timeout_graceful_shutdown = 1
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


# The push streams a page opened that have had a message (the first, the version now, is sent once the
# server has subscribed): a phone whose stream draws plays (draws=1) is sent every play made after it.
HEARD = """window.EventSource = class extends window.EventSource {
  constructor(url, options) {
    super(url, options);
    window.skHeard = window.skHeard || [];
    this.addEventListener("message", () => window.skHeard.push(String(url)), { once: true });
  }
};"""
DRAWING = "() => (window.skHeard || []).some((url) => url.includes('draws=1'))"


def _drawing(*phones: Page) -> None:
    """Each phone's engine ready and its stream, opened again to draw plays, listening."""
    for phone in phones:
        phone.wait_for_function(READY, timeout=ENGINE_WAIT_MS)
        phone.wait_for_function(DRAWING, timeout=10_000)


def _second_phone(
    page: Page, browser: Browser, viewport: ViewportSize | None = None
) -> tuple[Page, dict[Page, list[str]]]:
    """A second phone of the same account (not yet on a page), and the live region's requests that each
    phone makes from now on."""
    other = browser.new_context(
        storage_state=page.context.storage_state(), viewport=viewport or {"width": 390, "height": 844}
    )
    other.add_init_script(HEARD)
    second = other.new_page()
    asked: dict[Page, list[str]] = {page: [], second: []}

    def counted(phone: Page) -> Callable[[Request], None]:
        return lambda request: asked[phone].append(request.url) if "/live/" in request.url else None

    for phone in asked:
        phone.on("request", counted(phone))
    return second, asked


@pytest.mark.browser
def test_a_second_phone_hears_of_a_play_at_once_without_polling(
    asgi_server: str, page: Page, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The push (docs/architecture.md, "Push"): at a play recorded at its card's tap (whose answer is the
    playing phone's own), the other phone asks for the region once; at a play through the choices,
    neither asks (the play's answer drew it, and the stream carried it, gzipped, to the other); at a
    change made elsewhere, which renders no region, each asks once; neither polls on the clock."""
    monkeypatch.setattr("web.views.live.POLL_SECONDS", 600)
    url = tablo_open(page, asgi_server)
    second, asked = _second_phone(page, browser)
    with second.expect_response(lambda response: "/push/" in response.url) as stream:
        second.goto(url)
    assert stream.value.headers["content-type"] == "text/event-stream"
    assert stream.value.headers["content-encoding"] == "gzip"
    play(page, "3H")
    # Heard through the push: the clock's poll is 10 minutes away (the latency is make push-bench's).
    expect(second.locator(".last-play")).to_contain_text("Dragan played 3♥", timeout=3000)
    assert (len(asked[page]), len(asked[second])) == (0, 1)
    play(page, "7H")
    expect(second.locator(".last-play")).to_contain_text("Marija played 7♥", timeout=3000)
    assert (len(asked[page]), len(asked[second])) == (0, 1)
    match = match_of(url)
    match_share(match=match, by=match.created_by)  # a change made elsewhere: the API, the admin
    deadline = time.monotonic() + 3
    while (len(asked[page]), len(asked[second])) != (1, 2) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert (len(asked[page]), len(asked[second])) == (1, 2)
    second.context.close()


HAND_SHOWN = """() => ['.table-cards p', '[data-offline-turn]', '.last-play p', '.sides', '.play-form legend']
  .map((selector) => document.querySelector('#match-live ' + selector).innerText)"""


@pytest.mark.browser
@pytest.mark.phone_engine
@needs_engine
def test_phones_with_the_engine_draw_each_play_without_asking_for_the_screen(
    asgi_server: str, page: Page, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once its engine is ready, a phone's play is answered with the play alone and its stream sends the
    other phone that play (one tapped, one through its choices): each engine draws it as the server
    would (the same screen after a reload), with no request for the screen, and an earlier refusal is
    gone; each plays on from what it drew; an undo is asked for."""
    monkeypatch.setattr("web.views.live.POLL_SECONDS", 600)
    page.add_init_script(HEARD)
    url = tablo_open(page, asgi_server)
    second, asked = _second_phone(page, browser)
    second.goto(url)
    _drawing(page, second)
    play(page, "3H")  # nothing to take: recorded at the tap
    expect(page.locator(".one-tapped")).to_contain_text("recorded at the tap")
    expect(second.locator(".last-play")).to_contain_text("Dragan played 3♥", timeout=3000)
    page.locator("#card-7H").check()  # 7♥ taking 5♥, picked by hand: refused, said on the screen
    page.get_by_text("Pick the taken cards yourself").click()
    page.locator("#taken-5H").check()
    page.get_by_role("button", name="Record these cards").click()
    refused = page.locator("#match-live > .alert.error")
    expect(refused).to_be_visible()
    play(page, "7H")
    expect(page.locator(".last-play")).to_contain_text("Marija played 7♥")
    expect(refused).to_have_count(0)  # answered by the play, which the engine drew
    expect(second.locator(".last-play")).to_contain_text("Marija played 7♥", timeout=3000)
    expect(second.locator("#card-7H")).to_be_disabled()
    assert asked == {page: [], second: []}
    drawn = second.evaluate(HAND_SHOWN)
    assert page.evaluate(HAND_SHOWN) == drawn
    second.reload()
    expect(second.locator(".last-play")).to_contain_text("Marija played 7♥")
    assert second.evaluate(HAND_SHOWN) == drawn
    _drawing(second)
    play(page, "4H")
    expect(second.locator(".last-play")).to_contain_text("Dragan played 4♥", timeout=3000)
    play(second, "9C")  # from the form as the engine left it: Marija's turn, the next play's number
    expect(page.locator(".last-play")).to_contain_text("Marija played 9♣", timeout=3000)
    assert asked[page] == []
    second.locator(".last-play").get_by_role("button", name="Undo the last play").click()
    expect(page.locator(".last-play")).to_contain_text("Dragan played 4♥", timeout=3000)
    expect(second.locator(".last-play")).to_contain_text("Dragan played 4♥", timeout=3000)
    expect(second.locator("#card-9C")).to_be_enabled()
    second.context.close()


@pytest.mark.browser
@pytest.mark.phone_engine
@needs_engine
def test_a_phone_with_the_engine_draws_twentys_tally_as_the_server_does(
    asgi_server: str, page: Page, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Maltese Twenty's plays, each recorded at its tap, drawn by the other phone's engine: the tally's
    cards, sum and chain as the server draws them (after a reload), with no request for the screen."""
    monkeypatch.setattr("web.views.live.POLL_SECONDS", 600)
    page.add_init_script(HEARD)
    match = start_services_match(signed_in(page, asgi_server), "twenty")
    hand_start(match=match, starter=0, set_aside=["AS", "2H"])
    url = f"{asgi_server}/matches/{match.pk}/"
    page.goto(url)
    second, asked = _second_phone(page, browser, {"width": 360, "height": 640})
    second.goto(url)
    _drawing(page, second)
    tally = second.locator(".twenty-tally")
    # Under 20 with five cards and then six (docs/rules/twenty.md W4): +15, then twice that.
    for count, card in enumerate(["AC", "2C", "3C", "4C", "2D", "AD"], start=1):
        page.locator("label.card-tile", has=page.locator(f"#card-{card}")).click()
        expect(tally).to_contain_text(f"{count} card{'s' if count > 1 else ''}, sum", timeout=3000)
    expect(tally).to_contain_text("Chain: +15 → +30")
    drawn = [tally.inner_text(), second.locator("#match-live .sides").inner_text()]
    assert asked == {page: [], second: []}
    second.reload()
    expect(second.locator("#card-AD")).to_be_disabled()
    assert [tally.inner_text(), second.locator("#match-live .sides").inner_text()] == drawn
    second.context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_second_phone_sees_each_play_within_seconds(
    live_server: LiveServer, page: Page, browser: Browser
) -> None:
    url = tablo_open(page, live_server.url)
    second, _asked = _second_phone(page, browser)
    second.goto(url)
    with second.expect_response(lambda response: "/live/" in response.url, timeout=8000) as polled:
        pass
    assert polled.value.status == 204  # nothing new, told from the match's version and the screen's key
    assert "k=" in polled.value.url
    with page.expect_response(lambda response: "/play/options/" in response.url) as options:
        page.locator("#card-KS").check()  # a choice: take 7♠ 5♥ 2♣ or nothing
    assert "k=" in options.value.url  # the screen's write key: the match's game and options alone
    play(page, "3H")  # nothing to take: one tap
    expect(second.locator(".last-play")).to_contain_text("Dragan played 3♥", timeout=8000)
    second.context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_match_screen_speaks_russian(live_server: LiveServer, page: Page) -> None:
    tablo_open(page, live_server.url)
    page.get_by_text("Menu", exact=True).click()  # the language switch is in the menu on a phone
    page.get_by_label("Language").select_option("ru")
    page.get_by_role("button", name="Switch").click()
    expect(page.get_by_role("heading", name="Кон 1")).to_be_visible()
    play(page, "QS")
    expect(page.locator(".last-play")).to_contain_text("Д♠")
    expect(page.locator(".turn")).to_be_focused()  # the redrawn screen keeps the focus in place
    page.keyboard.press("KeyS")  # S, as in the originals, whatever the keyboard layout
    expect(page.locator(".sheet")).to_be_focused()
    page.keyboard.press("KeyC")
    expect(page.locator(".table-cards")).to_be_focused()
    expect(page.get_by_role("radio", name="король пик")).to_be_enabled()
    page.screenshot(path="test-artifacts/match-russian.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_choosing_a_variant_redraws_its_seats_and_rules(live_server: LiveServer, page: Page) -> None:
    signed_in(page, live_server.url)
    page.goto(live_server.url + "/matches/new/")
    page.get_by_label("Seat 1").fill("Marija")
    page.get_by_label("Game").select_option("escoba-15")
    expect(page.get_by_label("Seat 6")).to_be_visible()  # Escoba seats up to six (docs/rules/shared.md A2)
    expect(page.get_by_label("Seat 1")).to_have_value("Marija")
    expect(page.get_by_label("Target score")).to_have_value("11")
    expect(page.get_by_label("What a card takes")).to_have_value("fifteen")
    page.screenshot(path="test-artifacts/new-match.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_play_keeps_the_score_sheet_and_the_breakdown_being_read(
    live_server: LiveServer, page: Page
) -> None:
    """A play's answer leaves the score sheet and the sharing controls to the phone (it cannot change
    them): the breakdown a player opened stays open while the table plays on."""
    signed_in(page, live_server.url)
    match = start_services_match(User.objects.get(username="marija"))
    hand = hand_start(match=match, dealer=0, mode=Hand.Mode.SUMMARY)
    hand_summary_record(
        hand=hand,
        entries=[
            {"cards": 30, "point_cards": 12, "tablos": 1},
            {"cards": 22, "point_cards": 10, "tablos": 0},
        ],
    )
    hand_start(match=match, dealer=1, table=TABLE)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.locator("tr.sheet-hand").first.click()
    breakdown = page.locator("#hand-1-breakdown")
    expect(breakdown).to_be_visible()
    play(page, "3H")
    play(page, "4S")
    expect(page.locator(".last-play")).to_contain_text("4♠")
    expect(page.locator(".sheet tr.sheet-hand")).to_have_count(1)
    expect(breakdown).to_be_visible()
    expect(page.get_by_role("button", name="Create a share link")).to_be_visible()
    expect(page.locator(".side-total").first).to_have_text(str(Match.objects.get(pk=match.pk).totals[0]))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_names_typed_while_the_games_redraw_is_on_its_way_stay(live_server: LiveServer, page: Page) -> None:
    """A slow server: the redraw for another game comes back after four names were typed, and keeps them
    (and the focus in the last one)."""
    signed_in(page, live_server.url)
    page.goto(live_server.url + "/matches/new/")
    held: list[Route] = []
    page.route(re.compile(r"/matches/new/\?"), lambda route: held.append(route))
    page.get_by_label("Game").select_option("escoba-15")
    while not held:  # the redraw is asked for, and held
        page.wait_for_timeout(50)
    names = ("Marija", "Dragan", "Ana", "Luka")
    for seat, name in enumerate(names, start=1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    held[0].continue_()
    expect(page.get_by_label("Seat 6")).to_be_visible()  # redrawn for Escoba
    for seat, name in enumerate(names, start=1):
        expect(page.get_by_label(f"Seat {seat}", exact=True)).to_have_value(name)
    expect(page.get_by_label("Seat 4", exact=True)).to_be_focused()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_picking_the_taken_cards_opened_while_the_choices_come_stays_open(
    live_server: LiveServer, page: Page
) -> None:
    """A quick finger on a slow server: 7♥ tapped, then "Pick the taken cards yourself" opened before 7♥'s
    choices arrive; they keep it open, and the table's cards can be ticked at once."""
    tablo_open(page, live_server.url)
    held: list[Route] = []
    page.route("**/play/options/?*", lambda route: held.append(route), times=1)
    page.locator("#card-7H").check()
    while not held:  # the choices are asked for, and held
        page.wait_for_timeout(50)
    page.get_by_text("Pick the taken cards yourself").click()
    held[0].continue_()
    expect(page.locator("#play-options .capture-buttons")).to_be_visible()
    page.locator("#taken-5H").check()  # shown: the drawn choices kept the disclosure open
    expect(page.locator(".verdict.bad")).to_be_visible()
