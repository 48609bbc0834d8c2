"""A whole Tablo hand in every language of settings.LANGUAGES on a phone: in Serbian at 320 px signed in
and started through the forms, its first plays tapped (the whole hand is tapped in English by
tests/ui/test_match.py's first test, docs/rules/tablo.md B5-B12), the rest recorded as another phone
would; in every language at 390 px the same hand recorded by the services; then scored by a tap.
``<html lang>`` right, nothing wider than the phone and no English label of the match screen left
untranslated, at the hand's start, once all cards are played and once it is scored."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import translation
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.ui.flows import (
    MEASURE,
    PASSWORD,
    TABLE,
    TABLO_HAND,
    match_of,
    play,
    tablo_hand_recorded,
    tablo_open,
)

# Django's language codes and the browser locales (BCP 47) that ask for them.
LOCALES = {"en": "en-US", "ru": "ru", "sr": "sr", "sr-latn": "sr-Latn", "es": "es", "it": "it", "pt": "pt"}
# Labels of the match screen once all cards are played; formatted after translation.
LABELS = ("Hand %(number)s", "On the table", "Dealer", "All cards are played.", "Undo the last play")


def _text(language: str, message: str, **values: object) -> str:
    with translation.override(language):
        return translation.gettext(message) % values if values else translation.gettext(message)


def _fits(page: Page, where: str) -> None:
    findings = page.evaluate(MEASURE, "body")["findings"]
    assert findings == [], f"{where}: {findings}"


def _untranslated(page: Page, language: str) -> None:
    """Each label is shown in ``language``; outside English, its English text is not."""
    shown = page.locator("#match-live").inner_text()
    for message in (*LABELS, "Score the hand"):
        values = {"number": 1} if "%(" in message else {}
        translated, english = _text(language, message, **values), _text("en", message, **values)
        assert translated in shown, f"{language}: {translated!r} is not on the match screen"
        if language != "en":
            assert translated != english, f"{language}: {message!r} has no translation"
            assert english not in shown, f"{language}: {english!r} is on the match screen"


def _sign_in(page: Page, base: str, language: str) -> None:
    User.objects.create_user("marija", password=PASSWORD)
    page.goto(base + "/accounts/login/")
    page.locator("input[name=username]").fill("marija")
    page.locator("input[name=password]").fill(PASSWORD)
    page.get_by_role("button", name=_text(language, "Sign in")).click()
    expect(page.get_by_role("button", name=_text(language, "Sign out"))).to_have_count(1)


def _start_match(page: Page, base: str, language: str) -> None:
    """A Tablo match to 1 point for Marija and Dragan, hand 1 dealt with TABLE on the table."""
    page.goto(base + "/matches/new/")
    for number, name in enumerate(("Marija", "Dragan"), start=1):
        page.get_by_label(_text(language, "Seat %(number)s", number=number), exact=True).fill(name)
    page.get_by_label(_text(language, "Target score")).fill("1")
    page.get_by_role("button", name=_text(language, "Start the match")).click()
    hand = _text(language, "Hand %(number)s", number=1)
    expect(page.get_by_role("heading", name=hand)).to_be_visible()
    for card in TABLE:
        page.locator(f"#table-{card}").check()
    page.get_by_role("button", name=_text(language, "Start the hand")).click()
    expect(page.locator("#card-7H:visible")).to_be_enabled()  # not the next hand drawn hidden before


TAPPED = 6  # plays tapped in the Serbian walk (a capture, then trails); the others another phone records


def _hand_walk(page: Page, language: str, width: int, tapped: int) -> None:
    """Hand 1 from its start to its score: its first ``tapped`` plays tapped, the rest recorded by the
    services and the screen reloaded; the checks at its start, once all is played and once scored."""
    assert page.locator("html").get_attribute("lang") == LOCALES[language].replace("en-US", "en")
    _fits(page, f"{language} {width}px hand start")
    for card, taken in TABLO_HAND[:tapped]:
        play(page, card, "#play-options .capture-button" if taken else "#play-options button[value=trail]")
    tablo_hand_recorded(match_of(page.url), start=tapped)
    page.reload()
    expect(page.get_by_text(_text(language, "All cards are played."), exact=True).first).to_be_visible()
    _untranslated(page, language)
    _fits(page, f"{language} {width}px all played")

    page.get_by_role("button", name=_text(language, "Score the hand")).click()
    won = _text(language, "%(names)s won", names="@@").split("@@")
    expect(page.get_by_role("heading", name=re.compile(".*".join(map(re.escape, won))))).to_be_visible()
    expect(page.locator(".sheet tr.sheet-hand")).to_have_count(1)
    _fits(page, f"{language} {width}px scored")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_hand_is_started_through_the_forms_and_tapped_in_serbian_at_320(
    live_server: LiveServer, browser: Browser
) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 844}, locale=LOCALES["sr"])
    page = context.new_page()
    _sign_in(page, live_server.url, "sr")
    _start_match(page, live_server.url, "sr")
    _hand_walk(page, "sr", 320, tapped=TAPPED)
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", LOCALES)
def test_each_language_labels_the_hand_from_its_start_to_its_winner(
    live_server: LiveServer, browser: Browser, language: str
) -> None:
    assert set(LOCALES) == {code for code, _ in settings.LANGUAGES}
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=LOCALES[language])
    page = context.new_page()
    tablo_open(page, live_server.url, target=1, ready="#card-7H:visible")
    _hand_walk(page, language, 390, tapped=0)
    context.close()
