"""Escoba manual capture on a phone (docs/rules/escoba.md 3.2(g)): three challenges in one hand, each
ruling under its own play, in English and in Russian. A rightly challenged capture is taken back; a
rightly challenged trail stands."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.ui.flows import signed_in

TABLE = ["3C", "4D", "5H", "6S"]


@dataclass(frozen=True, slots=True)
class Words:
    """What the screen says, in one language."""

    language: str
    challenge: str  # the button, with the challenger's name
    pick: str
    record: str
    rightly: str  # a correct ruling, with the challenger's name
    wrongly: str  # a false alarm, with the challenger's name


ENGLISH = Words(
    "en",
    "Challenge ({})",
    "Pick the taken cards yourself",
    "Record these cards",
    "{} challenged rightly",
    "{} challenged, but the capture was legal",
)
RUSSIAN = Words(
    "ru",
    "Оспорить ({})",
    "Отметить взятые карты вручную",
    "Записать эти карты",
    "{} оспаривает верно",
    "{} оспаривает, но взятка была по правилам",
)


def start_escoba(page: Page, base: str, words: Words) -> None:
    """Marija (seat 0) deals; Dragan (seat 1) leads. The hand is played in ``words.language``."""
    page.goto(base + "/matches/new/")
    page.get_by_label("Game").select_option("manual")
    expect(page.get_by_label("Seat 6")).to_be_visible()  # the form is redrawn for Escoba
    page.get_by_label("Seat 1").fill("Marija")
    page.get_by_label("Seat 2").fill("Dragan")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#table-3C")).to_be_visible()
    if words.language != "en":
        page.get_by_text("Menu", exact=True).click()  # the language switch is in the menu on a phone
        page.get_by_label("Language").select_option(words.language)
        page.get_by_role("button", name="Switch").click()
        expect(page.locator("html")).to_have_attribute("lang", words.language)
    for text in TABLE:
        page.locator(f"#table-{text}").check()
    page.locator("form.hand-new button[type=submit]").click()
    expect(page.locator("#card-7H:visible")).to_be_enabled()  # not the next hand drawn hidden before


def record(page: Page, words: Words, card: str, taken: list[str]) -> None:
    """Record ``card`` taking exactly the ticked ``taken`` cards (none: a trail), legal or not."""
    page.locator(f"#card-{card}").check()
    expect(page.locator("#play-options .capture-button").first).to_be_visible()  # the card's choices came
    page.get_by_text(words.pick).click()
    for text in taken:
        page.locator(f"#taken-{text}").check()
    page.get_by_role("button", name=words.record).click()
    expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)


def challenge(page: Page, words: Words, name: str) -> None:
    page.get_by_role("button", name=words.challenge.format(name)).click()


def three_challenges(page: Page, base: str, words: Words) -> None:
    start_escoba(page, base, words)
    last = page.locator(".last-play")

    record(page, words, "7H", ["5H"])  # Dragan: 7 cannot take a 5 (E5)
    challenge(page, words, "Marija")
    expect(last).to_contain_text(words.rightly.format("Marija"))
    expect(page.locator(".table-cards")).to_contain_text("5♥")  # taken back: the 5♥ and the 7♥ lie there
    expect(page.locator(".table-cards")).to_contain_text("7♥")

    record(page, words, "9D", ["3C", "6S"])  # Marija: a legal capture, challenged all the same
    expect(last).not_to_contain_text(words.rightly.format("Marija"))  # the first ruling stays with its play
    challenge(page, words, "Dragan")
    expect(last).to_contain_text(words.wrongly.format("Dragan"))
    expect(last).not_to_contain_text(words.rightly.format("Marija"))

    record(page, words, "4S", [])  # Dragan trails a 4 that had to take the 4♦ (E6)
    expect(last).not_to_contain_text(words.wrongly.format("Dragan"))
    challenge(page, words, "Marija")
    expect(last).to_contain_text(words.rightly.format("Marija"))
    expect(last).not_to_contain_text(words.wrongly.format("Dragan"))
    expect(page.locator(".table-cards")).to_contain_text("4♠")  # the challenged trail stands
    expect(page.get_by_role("button", name=words.challenge.format("Marija"))).to_have_count(0)
    page.screenshot(path=f"test-artifacts/escoba-three-challenges-{words.language}.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("words", [ENGLISH, RUSSIAN], ids=["en", "ru"])
def test_three_challenges_in_one_escoba_hand_are_each_ruled_under_their_play(
    live_server: LiveServer, page: Page, words: Words
) -> None:
    signed_in(page, live_server.url)
    three_challenges(page, live_server.url, words)
