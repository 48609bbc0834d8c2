"""Undo and Escoba challenges offline, with the rules engine in the phone (static/js/offline_moves.js), in
Chromium at a phone's size with the network off from the first tap: a challenge is ruled by the engine
and shown as the server shows it (docs/rules/escoba.md 3.2(g), EB-8); an undo of a stored play waits
in the queue and the hand is drawn as the engine's report leaves it; back online every write is stored
once, in order, with the server's score equal to the phone's; and when the server's hand differs from
what the phone showed (another phone's play meanwhile), the screen says so and shows the server's."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.services.hands import hand_start
from games.matches.services.plays import hand_challenge_record
from games.models import Challenge, Hand, Play
from games.rules import browser
from games.rules.cards import format_cards
from games.rules.registry import find_game
from tests.ui.flows import (
    KEPT_ENGINE,
    engine_offline,
    match_started,
    one_tap,
    phone_engine,
    play,
    play_offline,
    signed_in,
    stored_plays,
    tablo_open,
)
from tests.ui.test_challenges import ENGLISH, TABLE, record, start_escoba
from tests.ui.test_offline_conflict import other_phone as other_phone  # the fixture: a second phone
from tests.ui.waiting import until

pytestmark = [pytest.mark.browser, *phone_engine]


def pick_offline(page: Page, card: str, taken: list[str]) -> None:
    """Escoba manual capture offline, as online: tap ``card``, see the engine's choices, tick exactly
    ``taken`` by hand (none: a trail) and record it."""
    page.locator(f"#card-{card}").check()
    expect(page.locator(f'#play-options [data-engine-choices="{card}"]')).to_have_count(1)
    page.get_by_text(ENGLISH.pick).click()
    for text in taken:
        page.locator(f"#taken-{text}").check()
    page.get_by_role("button", name=ENGLISH.record).click()
    expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)


def tap_offline(page: Page, card: str) -> None:
    """A card the engine knows can take nothing: recorded (queued) at its tap, as online."""
    page.locator(f"#card-{card}").click()
    expect(page.locator("#play-options .one-tapped")).to_contain_text("recorded at the tap")
    expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)


def escoba_screen(page: Page, base: str) -> str:
    """Sign in and deal an Escoba hand with challenges (tests/ui/test_challenges.py); its screen's URL."""
    signed_in(page, base)
    start_escoba(page, base, ENGLISH)
    return page.url


def challenge(page: Page, name: str) -> None:
    page.get_by_role("button", name=ENGLISH.challenge.format(name)).click()


@pytest.mark.django_db(transaction=True)
def test_an_escoba_hand_with_challenges_offline_is_ruled_by_the_engine_and_stored_in_order(
    live_server: LiveServer, page: Page
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    url = escoba_screen(page, live_server.url)
    engine_offline(page)
    last, table = page.locator(".last-play"), page.locator(".table-cards")

    pick_offline(page, "7H", ["5H"])  # Dragan: 7 cannot take a 5 (E5), allowed under manual capture
    expect(last).to_contain_text("Dragan played 7♥")
    # brought back from the picked cards' button, far down the page, as online
    expect(page.get_by_role("button", name=ENGLISH.challenge.format("Marija"))).to_be_in_viewport()
    challenge(page, "Marija")
    expect(last).to_contain_text("Marija challenged rightly: the capture broke the rules (2 points).")
    expect(table).to_contain_text("5♥")  # taken back: the 5♥ and the 7♥ lie there
    expect(table).to_contain_text("7♥")
    expect(page.get_by_role("button", name=ENGLISH.challenge.format("Marija"))).to_have_count(0)

    pick_offline(page, "9D", ["3C", "6S"])  # Marija: legal, challenged all the same
    expect(last).not_to_contain_text("Marija challenged")
    challenge(page, "Dragan")
    expect(last).to_contain_text("Dragan challenged, but the capture was legal (-1 point).")

    pick_offline(page, "4S", [])  # Dragan trails a 4 that could take 4♦ 7♥ (E6)
    challenge(page, "Marija")
    expect(last).to_contain_text("Marija challenged rightly: the card could have captured")
    expect(table).to_contain_text("4♠")  # the challenged trail stands
    expect(page.locator("#offline-queue-title")).to_have_text("6 changes waiting")
    expect(page.locator(".offline-plays li").nth(1)).to_have_text("Marija challenges the last play")
    page.screenshot(path="test-artifacts/offline-escoba-challenges.png", full_page=True)

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(last).to_contain_text("Marija challenged rightly: the card could have captured")
    plays = stored_plays(page, url)
    assert [(p["seq"], p["card"], sorted(p["taken"]), p["challenged_by"]) for p in plays] == [
        (0, "7H", ["5H"], [0]),
        (1, "9D", ["3C", "6S"], [1]),
        (2, "4S", [], [0]),
    ]
    assert Play.objects.count() == 3
    assert Challenge.objects.count() == 3
    hand = page.request.get(f"{url.replace('/matches/', '/api/v1/matches/')}hands/1/").json()
    assert [side["points"]["challenges"] for side in hand["state"]["sides"]] == [4, -1]  # EB-8
    expect(page.locator("#offline-differs")).to_be_hidden()  # the server's hand is the phone's


def escoba_hand() -> list[tuple[str, list[str]]]:
    """A whole Escoba hand under manual capture on TABLE (Marija deals, Dragan leads): Dragan's 7♥ takes
    5♥ (illegal, E5; Marija challenges it, and the 5♥ and the 7♥ go back on the table), then every other
    card of the pack in order, each taking its best capture (the first button), or nothing."""
    options = {"manual_capture": True}
    setup = {"players": 2, "dealer": 0, "table": TABLE, "set_aside": [], "sweeps_before": [0, 0], "number": 1}
    log: list[dict[str, object]] = [
        {"seat": 1, "card": "7H", "taken": ["5H"]},
        {"seat": 0, "challenge_of": 0},
    ]
    plays = [("7H", ["5H"])]
    for card in format_cards(find_game("escoba").deck):
        if card in {*TABLE, "7H"}:
            continue
        ask = {"game": "escoba", "options": options, "setup": setup, "log": log}
        report = json.loads(browser.answer("hand", json.dumps(ask)))["report"]
        ask = {"game": "escoba", "options": options, "table": report["table"], "card": card}
        captures = json.loads(browser.answer("choices", json.dumps(ask)))["captures"]
        taken = captures[0]["cards"] if captures else []
        log.append({"seat": report["next_seat"], "card": card, "taken": taken})
        plays.append((card, taken))
    return plays


@pytest.mark.django_db(transaction=True)
def test_an_escoba_hand_with_a_challenge_is_scored_offline_as_the_server_scores_it(
    live_server: LiveServer, page: Page
) -> None:
    match = match_started(signed_in(page, live_server.url), game="escoba", manual_capture=True)
    hand_start(match=match, dealer=0, table=TABLE)
    url = f"{live_server.url}/matches/{match.pk}/"
    page.goto(url)
    engine_offline(page)
    plays = escoba_hand()

    page.get_by_text(ENGLISH.pick).click()  # 5♥ ticked first, then the card: judged together, as online
    page.locator("#taken-5H").check()
    page.locator("#card-7H").check()
    verdict = page.locator('#play-options:has([data-engine-choices="7H"]) .verdict')
    expect(verdict).to_contain_text("Not legal. 7♥ cannot take 5♥")
    expect(verdict).to_contain_text("It could have taken:")
    expect(verdict.locator(".capture-list li")).to_have_text(["3♣3 of clubs 4♦4 of diamonds"])
    page.get_by_role("button", name=ENGLISH.record).click()
    expect(page.locator("#card-7H:enabled")).to_have_count(0)
    challenge(page, "Marija")
    expect(page.locator(".last-play")).to_contain_text(
        "Marija challenged rightly: the capture broke the rules"
    )
    for card, taken in plays[1:]:
        if not taken and one_tap(page, card):
            page.locator(f"#card-{card}").click()
        else:
            page.locator(f"#card-{card}").check()
            value = " ".join(taken) if taken else "trail"
            options = page.locator(
                f'#play-options:has([data-engine-choices="{card}"])'
            )  # the engine's choices
            options.locator(f'button[value="{value}"]').first.click()
        expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)
    page.get_by_role("button", name="Score the hand").click()  # offered once the 36 cards are played
    scored = page.locator("#offline-hand-end .scored")
    expect(scored).to_be_visible()
    phone = {
        "rows": scored.locator(".breakdown").inner_text(),
        "points": scored.locator(".scored-points").inner_text(),
        "totals": page.locator(".side-list .side-total").all_inner_texts(),
    }
    page.screenshot(path="test-artifacts/offline-escoba-hand-scored.png", full_page=True)

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    expect(page.locator("#offline-hand-end")).to_have_count(0)  # the server's screen between hands
    server = page.locator("#match-live section.scored")
    assert {
        "rows": server.locator(".breakdown").inner_text(),
        "points": server.locator(".scored-points").inner_text(),
        "totals": page.locator(".side-list .side-total").all_inner_texts(),
    } == phone
    stored = stored_plays(page, url)
    assert [(p["card"], sorted(p["taken"])) for p in stored] == [
        (card, sorted(taken)) for card, taken in plays
    ]
    assert [p["challenged_by"] for p in stored] == [[0]] + [[]] * (len(plays) - 1)
    assert Hand.objects.get(match=match, number=1).closed_at is not None
    hand = page.request.get(f"{url.replace('/matches/', '/api/v1/matches/')}hands/1/").json()
    assert [str(side["total"]) for side in hand["state"]["sides"]] == phone["totals"]  # the first hand's


@pytest.mark.django_db(transaction=True)
def test_a_challenge_another_phone_recorded_first_is_not_sent_again(
    live_server: LiveServer, page: Page
) -> None:
    url = escoba_screen(page, live_server.url)
    record(page, ENGLISH, "7H", ["5H"])  # online: Dragan's 7 cannot take a 5 (E5)
    engine_offline(page)
    challenge(page, "Marija")
    expect(page.locator(".offline-plays li")).to_have_text(["Marija challenges the last play"])

    hand = Hand.objects.get(number=1)
    hand_challenge_record(
        hand=hand, seat=0, play_seq=0, expected_seq=1
    )  # the other phone, the same challenge
    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    expect(page.locator("#offline-refusal")).to_be_hidden()
    expect(page.locator(".last-play")).to_contain_text(
        "Marija challenged rightly: the capture broke the rules"
    )
    assert [(p["seq"], p["challenged_by"]) for p in stored_plays(page, url)] == [(0, [0])]
    assert Challenge.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_stored_plays_are_undone_offline_and_the_undos_sent_in_order(
    live_server: LiveServer, page: Page
) -> None:
    url = tablo_open(page, live_server.url)
    play(page, "3H")  # Dragan, stored
    play(page, "4D")  # Marija, stored
    until(page, KEPT_ENGINE, timeout=60_000)  # for the reload offline below
    engine_offline(page)
    last, table = page.locator(".last-play"), page.locator(".table-cards p")

    page.get_by_role("button", name="Undo the last play").click()
    expect(page.locator("#card-4D")).to_be_enabled()
    expect(table).not_to_contain_text("4♦")
    expect(last).to_contain_text("Dragan played 3♥")
    expect(page.get_by_text("Marija to play")).to_be_visible()
    expect(page.locator(".offline-plays li")).to_contain_text(["Undo: Marija's 4♦"])

    page.get_by_role("button", name="Undo the last play").click()  # the other stored play
    expect(page.locator("#card-3H")).to_be_enabled()
    expect(last).to_contain_text("No card played yet.")
    expect(page.get_by_role("button", name="Undo the last play")).to_be_disabled()
    expect(page.get_by_text("Dragan to play")).to_be_visible()
    page.reload()  # the screen as last kept, redrawn once the engine is ready again
    expect(page.locator("#offline-notice")).to_be_visible()
    expect(page.locator("#offline-queue-title")).to_have_text("2 changes waiting")
    expect(last).to_contain_text("No card played yet.", timeout=60_000)
    expect(page.locator("#card-3H")).to_be_enabled()

    tap_offline(page, "3S")
    expect(last).to_contain_text("Dragan played 3♠")
    page.get_by_role("button", name="Undo the last play").click()  # a waiting play: taken back
    expect(page.locator("#card-3S")).to_be_enabled()
    expect(page.locator(".offline-plays li")).to_have_count(2)
    tap_offline(page, "3C")
    expect(table).to_contain_text("3♣")
    expect(table).not_to_contain_text("3♥")
    page.screenshot(path="test-artifacts/offline-undo.png", full_page=True)

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden()
    expect(last).to_contain_text("Dragan played 3♣")
    assert [(p["seq"], p["card"]) for p in stored_plays(page, url)] == [(0, "3C")]
    rows = Play.objects.order_by("pk")
    assert [(row.card, row.undone_at is not None) for row in rows] == [
        ("3H", True),
        ("4D", True),
        ("3C", False),
    ]
    expect(page.locator("#offline-differs")).to_be_hidden()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("reload", [False, True], ids=["", "reloaded during the sync"])
def test_a_server_hand_that_differs_from_the_phone_is_said_and_shown(
    live_server: LiveServer, page: Page, other_phone: Callable[[str], Page], reload: bool
) -> None:
    url = tablo_open(page, live_server.url)
    second = other_phone(url)
    engine_offline(page)
    play_offline(page, "3H")  # Dragan, on this phone
    play(second, "4D")  # Dragan, on the other phone, online meanwhile

    page.context.set_offline(False)
    refusal = page.locator("#offline-refusal")
    if reload:  # what the phone showed is kept in localStorage, not only in the page's memory
        expect(refusal).to_be_visible()
        page.reload()
    refusal.get_by_role("button", name="Add mine after theirs").click()
    expect(page.locator("#offline-queue")).to_be_hidden()
    differs = page.locator("#offline-differs")
    expect(differs).to_be_visible()
    expect(differs).to_contain_text("The server's record of this hand differs from what this phone showed")
    expect(differs).to_contain_text(
        "The server has: on the table 7♠ 5♥ 10♦ 2♣ 4♦ 3♥; points in this hand: Marija 0, Dragan 0."
    )
    expect(differs).to_contain_text("This phone showed: on the table 7♠ 5♥ 10♦ 2♣ 3♥;")
    expect(page.locator(".table-cards p")).to_contain_text("4♦")  # the screen shows the server's hand
    page.screenshot(path="test-artifacts/offline-differs.png", full_page=True)
    assert [(p["seq"], p["seat"], p["card"]) for p in stored_plays(page, url)] == [(0, 1, "4D"), (1, 0, "3H")]


@pytest.mark.django_db(transaction=True)
def test_an_undo_whose_answer_is_lost_is_sent_again_and_done_once(
    live_server: LiveServer, page: Page
) -> None:
    url = tablo_open(page, live_server.url)
    play(page, "3H")  # Dragan, stored
    play(page, "4D")  # Marija, stored
    engine_offline(page)
    page.get_by_role("button", name="Undo the last play").click()
    expect(page.locator("#card-4D")).to_be_enabled()

    def lose_the_answer(route: Route) -> None:
        """The server takes the play back, but its answer never reaches the phone."""
        route.fetch()
        route.abort("connectionreset")

    page.route("**/plays/undo/", lose_the_answer, times=1)
    page.context.set_offline(False)
    queue = page.locator("#offline-queue")
    expect(queue).to_contain_text("Not sent: the server could not be reached")
    assert [p["card"] for p in stored_plays(page, url)] == ["3H"]

    queue.get_by_role("button", name="Send now").click()  # refused as stale, and seen to be done
    expect(queue).to_be_hidden()
    expect(page.locator("#offline-refusal")).to_be_hidden()
    assert [p["card"] for p in stored_plays(page, url)] == ["3H"]  # not a second undo
    assert [(row.card, row.undone_at is not None) for row in Play.objects.order_by("pk")] == [
        ("3H", False),
        ("4D", True),
    ]
