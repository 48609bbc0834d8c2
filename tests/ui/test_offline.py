"""Offline-first at the table (README.md, On a phone), in Chromium at a phone's size: plays recorded
without a network survive a reload and are stored once each, in order; a refused play is fixed; the app
installs (manifest, service worker) and the match screen opens offline, with its Content-Security-Policy.
A second phone's plays meanwhile: test_offline_conflict.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import FloatRect, Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.services.hands import hand_start, hand_summary_record
from tests.ui.flows import (
    KEPT_SCREEN,
    TABLE,
    match_started,
    play,
    play_offline,
    ready_offline,
    signed_in,
    stored_plays,
    tablo_open,
)
from tests.ui.waiting import until


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


COUNTS = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_six_plays_made_offline_survive_a_reload_and_are_stored_once_in_order(
    live_server: LiveServer, page: Page
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})  # a phone under the browser's bars
    url = tablo_open(page, live_server.url)
    invite = page.locator("#people form.invite-form")
    expect(invite).to_be_visible()
    ready_offline(page)
    expect(invite).to_be_hidden()  # an invitation waits for the network: not offered offline
    expect(page.locator("#people .online-needed")).to_be_visible()  # and the page says so

    plays = [("7H", ("7S",)), ("KS", ()), ("3H", ()), ("4D", ()), ("9C", ()), ("QS", ())]
    for card, taken in plays:
        play_offline(page, card, taken)
    expect(page.locator("#offline-queue-title")).to_have_text("6 plays waiting")

    page.reload()
    expect(page.locator("#offline-notice")).to_be_visible()
    expect(page.locator("#offline-queue-title")).to_have_text("6 plays waiting")
    expect(page.locator(".offline-plays li")).to_have_count(6)
    table = page.locator(".table-cards p")
    for label in ("10♦", "2♣", "5♥", "K♠", "3♥", "4♦", "9♣", "Q♠"):
        expect(table).to_contain_text(label)
    expect(table).not_to_contain_text("7♠")
    # Reloaded on the table, the waiting plays listed under it: the page is not left at its bottom, and
    # the list pushes neither the sides nor the card grid down.
    for part in (".side-list", ".table-cards", "#play-options"):
        expect(page.locator(part)).to_be_in_viewport()
    assert (
        box(page, "#offline-queue")["y"]
        >= box(page, "#play-options")["y"] + box(page, "#play-options")["height"]
    )
    expect(invite).to_be_hidden()
    page.screenshot(path="test-artifacts/offline-queued.png", full_page=True)

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(page.locator("#offline-notice")).to_be_hidden()
    expect(invite).to_be_visible()
    expect(page.locator(".last-play")).to_contain_text("Marija played Q♠")
    stored = stored_plays(page, url)
    assert [(play["seq"], play["card"], play["taken"]) for play in stored] == [
        (seq, card, list(taken)) for seq, (card, taken) in enumerate(plays)
    ]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_illegal_queued_play_is_shown_fixed_and_synced(live_server: LiveServer, page: Page) -> None:
    url = tablo_open(page, live_server.url)
    ready_offline(page)
    play_offline(page, "KS", ("10D",))  # K♠ cannot take 10♦ (docs/rules/tablo.md B8)
    play_offline(page, "3H")

    page.context.set_offline(False)
    refusal = page.locator("#offline-refusal")
    expect(refusal).to_contain_text("K♠ cannot take 10♦")
    expect(refusal.get_by_role("button", name="Take 7 of spades 5 of hearts 2 of clubs")).to_be_visible()
    expect(page.locator("#offline-queue-title")).to_have_text("2 plays waiting")
    page.screenshot(path="test-artifacts/offline-refused.png", full_page=True)
    assert stored_plays(page, url) == []

    refusal.get_by_role("button", name="Take nothing: leave it on the table").click()
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(refusal).to_be_hidden()
    assert [(play["card"], play["taken"]) for play in stored_plays(page, url)] == [("KS", []), ("3H", [])]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_app_installs_and_the_match_screen_opens_offline(live_server: LiveServer, page: Page) -> None:
    url = tablo_open(page, live_server.url)
    manifest = page.locator("link[rel=manifest]").get_attribute("href")
    body = page.request.get(live_server.url + str(manifest)).json()
    assert body["display"] == "standalone"
    assert {icon["sizes"] for icon in body["icons"]} == {"192x192", "512x512"}
    assert any(icon["purpose"] == "maskable" for icon in body["icons"])
    for icon in body["icons"]:
        assert page.request.get(live_server.url + icon["src"]).headers["content-type"] == "image/png"
    assert page.locator("link[rel=apple-touch-icon]").count() == 1
    until(page, "async () => (await navigator.serviceWorker.ready).active !== null")

    ready_offline(page)
    page.goto(url)
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    expect(page.get_by_text("Dragan to play")).to_be_visible()
    expect(page.locator("#offline-notice")).to_contain_text("This phone is offline")
    page.screenshot(path="test-artifacts/offline-match-screen.png", full_page=True)


INLINE_SCRIPT = """() => new Promise((resolve) => {
  const violated = (event) => resolve(event.violatedDirective);
  document.addEventListener("securitypolicyviolation", violated, { once: true });
  const script = document.createElement("script");
  script.textContent = "window.inlineRan = true";
  document.body.append(script);
  setTimeout(() => resolve(window.inlineRan ? "ran" : "no violation"), 2000);
})"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_page_served_offline_carries_the_policy_it_was_fetched_with(
    live_server: LiveServer, page: Page
) -> None:
    url = tablo_open(page, live_server.url)
    until(page, KEPT_SCREEN)  # the service worker controls the pages it serves from now on
    online = page.goto(url)
    assert online is not None
    policy = online.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    play(page, "3H")  # the screen keeps itself as it now stands
    expect(page.locator(".last-play")).to_contain_text("Dragan played 3♥")
    until(page, "async () => (await caches.match(location.pathname))?.headers.has('content-security-policy')")

    ready_offline(page)
    served = page.goto(url)
    assert served is not None
    assert served.from_service_worker
    assert served.headers["content-security-policy"] == policy
    expect(page.locator(".last-play")).to_contain_text(
        "Dragan played 3♥"
    )  # as last seen, not as first loaded
    assert page.evaluate(INLINE_SCRIPT) == "script-src-elem"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_quick_counts_queue_offline_and_a_refused_entry_is_edited(
    live_server: LiveServer, page: Page
) -> None:
    url = tablo_open(page, live_server.url)
    ready_offline(page)
    page.get_by_text("Quick entry").click()
    # With two sides the form asks one side's cards; 51 leaves the other side a single card, which cannot
    # happen (docs/rules/tablo.md B2): the server refuses the entry once the phone is back online.
    counts = {"cards_0": "51", "point_cards_0": "12", "tablos_0": "1"}
    for name, value in counts.items():
        page.locator(f"[name={name}]").fill(value)
    page.get_by_role("button", name="Score the hand from these counts").click()
    title = page.locator("#offline-queue-title")
    expect(title).to_have_text("The counts of hand 1 are waiting to be sent")
    page.reload()
    expect(title).to_have_text("The counts of hand 1 are waiting to be sent")

    page.context.set_offline(False)
    refusal = page.locator("#offline-refusal")
    expect(refusal.get_by_role("button", name="Edit the counts")).to_be_visible()
    page.screenshot(path="test-artifacts/offline-counts-refused.png", full_page=True)
    hand = page.request.get(f"{url.replace('/matches/', '/api/v1/matches/')}hands/1/").json()
    assert hand["is_open"]

    refusal.get_by_role("button", name="Edit the counts").click()
    expect(page.locator("[name=cards_0]")).to_have_value("51")
    page.locator("[name=cards_0]").fill("30")
    page.get_by_role("button", name="Score the hand from these counts").click()
    expect(page.locator(".sheet tr.sheet-hand")).to_have_count(1)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_play_the_server_fails_on_is_said_and_kept_for_a_retry(live_server: LiveServer, page: Page) -> None:
    url = tablo_open(page, live_server.url)
    page.route("**/play/", lambda route: route.fulfill(status=500, body="Server Error"))
    page.route("**/plays/", lambda route: route.fulfill(status=503, body="Unavailable"))
    page.locator("#card-3H").click()  # nothing to take: sent at the tap
    queue = page.locator("#offline-queue")
    expect(queue).to_contain_text("Not sent: the server answered with an error")
    expect(page.locator("#offline-queue-title")).to_have_text("1 play waiting")
    expect(page.locator("#card-3H")).to_be_disabled()

    page.unroute_all()
    queue.get_by_role("button", name="Send now").click()
    expect(queue).to_be_hidden()
    assert [(play["seq"], play["card"]) for play in stored_plays(page, url)] == [(0, "3H")]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_play_whose_answer_is_lost_is_sent_again_and_stored_once(
    live_server: LiveServer, page: Page
) -> None:
    url = tablo_open(page, live_server.url)
    ready_offline(page)
    play_offline(page, "3H")

    def lose_the_answer(route: Route) -> None:
        """The server records the play, but its answer never reaches the phone."""
        route.fetch()
        route.abort("connectionreset")

    page.route("**/plays/", lose_the_answer, times=1)
    page.context.set_offline(False)
    queue = page.locator("#offline-queue")
    expect(queue).to_contain_text("Not sent: the server could not be reached")
    expect(page.locator("#offline-notice")).to_contain_text("The server cannot be reached")
    assert len(stored_plays(page, url)) == 1

    queue.get_by_role("button", name="Send now").click()
    expect(queue).to_be_hidden()
    assert [(play["seq"], play["card"]) for play in stored_plays(page, url)] == [(0, "3H")]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_offline_recording_speaks_russian(live_server: LiveServer, page: Page) -> None:
    tablo_open(page, live_server.url)
    until(page, KEPT_SCREEN)  # the service worker controls the pages it serves from now on
    page.get_by_text("Menu", exact=True).click()  # the language switch is in the menu on a phone
    page.get_by_label("Language").select_option("ru")
    page.get_by_role("button", name="Switch").click()
    expect(page.get_by_role("heading", name="Кон 1")).to_be_visible()
    ready_offline(page)
    expect(page.locator("#offline-notice")).to_contain_text("Телефон не в сети")
    page.locator("#card-KS").check()  # K♠ may take 7♠ 5♥ 2♣: a choice, drawn without the engine
    expect(page.locator("#play-options")).to_contain_text("Ещё не проверено")
    page.get_by_role("button", name="Ничего не брать: оставить на столе").click()
    expect(page.locator("#offline-queue-title")).to_have_text("1 ход ждёт отправки")
    expect(page.locator(".offline-plays")).to_contain_text("К♠")  # noqa: RUF001  (the Russian king)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_starting_a_hand_offline_while_the_engine_loads_says_so(live_server: LiveServer, page: Page) -> None:
    """Between hands, offline, the phone's engine still loading: "Start the hand" says to wait for the
    rules, not that the network is needed."""
    match = match_started(signed_in(page, live_server.url))
    hand_summary_record(hand=hand_start(match=match, table=TABLE), entries=COUNTS)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    ready_offline(page)
    page.evaluate("window.SkEngine = { state: 'loading' }")  # as engine.js is while it loads
    for card in TABLE:
        page.locator(f"#table-{card}").check()
    page.get_by_role("button", name="Start the hand").click()
    expect(page.locator("#offline-error")).to_have_text(
        "The rules are still loading on this phone: try again in a few seconds."
    )
