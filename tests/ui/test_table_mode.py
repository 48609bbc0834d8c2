"""The table mode: on a phone held upright (320, 360, 390 px) or sideways (844x390), a card tap leaves the
sides' line, the table's cards, the card grid, the suggestions and the live events all on the one
screen, without scrolling; on the area a short phone shows under the browser's bars (360x640, 320x568),
in every language, at least the table's cards, the grid and the first suggestion. A scored hand's
result shows where the thumb is."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.services.demo import demo_plays_record
from games.matches.services.hands import hand_start
from games.matches.services.matches import match_start
from games.models import Match
from games.people.services.players import player_create

# Phones as they are held: the three widths upright (an iPhone 14 with Display Zoom, a Galaxy S9, an
# iPhone 14) and the 390x844 phone sideways; then what two short phones show under the browser's bars (a
# 360x740 Android under Chrome's, an iPhone SE's 320x568), where the sides and the last play may be
# scrolled above, in every language.
SCREENS = {
    "320x693": (320, 693),
    "360x740": (360, 740),
    "390x844": (390, 844),
    "844x390": (844, 390),
    "360x640": (360, 640),
    "320x568": (320, 568),
}
SHORT = ("360x640", "320x568")
LANGUAGES = ("en-US", "ru", "sr", "sr-Latn", "es", "it", "pt")
PHONES = [(screen, language) for screen in SCREENS for language in LANGUAGES[: 7 if screen in SHORT else 2]]
TABLE = ("10D", "2C", "7S", "5H")
PARTS = {
    "sides": ".side-list",
    "table": ".table-cards",
    "events": ".last-play",
    "grid": "#card-grid",
    "suggestion": "#play-options button",
}
ARTIFACTS = Path("test-artifacts")


@pytest.fixture
def match(live_server: LiveServer) -> Match:
    owner = User.objects.create_user("marija", password="tablo-101-tally")
    players = [player_create(name=name, by=owner) for name in ("Marija", "Dragan")]
    match = match_start(game="tablo", players=players, by=owner, options={"target": 101})
    hand_start(match=match, dealer=0, table=list(TABLE))
    return match


def _phone(
    browser: Browser, base: str, size: tuple[int, int], language: str = "en-US"
) -> Iterator[BrowserContext]:
    client = Client()
    client.force_login(User.objects.get(username="marija"))
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True, locale=language
    )
    host = base.split("//", 1)[1].split(":")[0]
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "domain": host, "path": "/"}]
    )
    yield context
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("screen", "language"), PHONES)
def test_after_a_card_tap_the_table_the_grid_and_the_suggestions_are_on_one_screen(
    live_server: LiveServer, browser: Browser, match: Match, screen: str, language: str
) -> None:
    width, height = SCREENS[screen]
    for context in _phone(browser, live_server.url, (width, height), language):
        page = context.new_page()
        page.goto(f"{live_server.url}/matches/{match.pk}/")
        before = _boxes(page, tapped=False)
        looks = [_undo_look(page)]  # nothing to undo yet: it looks disabled, not as it will look after a play
        for card in ("7H", "10H"):  # the first play, then a card on the screen that play redrew
            scrolled = page.evaluate("window.scrollY")
            page.locator(f"#card-{card}").tap()
            expect(page.locator("#play-options button").first).to_be_visible()
            after = _boxes(page)
            where = f"table mode {screen} {language} {card}"
            print(f"{where}: before {json.dumps(before)} after {json.dumps(after)}")
            assert page.evaluate("window.scrollY") == scrolled, "the tap scrolled the page"
            shown = ("table", "grid", "suggestion") if screen in SHORT else PARTS
            outside = {
                part: after[part] for part in shown if after[part]["y"] < 0 or after[part]["bottom"] > height
            }
            assert not outside, f"{screen}: outside the {height} px screen after tapping {card}: {outside}"
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"table-mode-{screen}-{language}-{card}.png"))
            page.locator("#play-options button").first.tap()
            expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)
            before = _boxes(page, tapped=False)
            looks.append(_undo_look(page))
        assert looks[0] != looks[1] == looks[2], f"the undo looks the same disabled and enabled: {looks}"


def _undo_look(page: Page) -> str:
    return str(
        page.locator("#play-undo button").evaluate(
            "button => [getComputedStyle(button).color, getComputedStyle(button).backgroundColor]"
        )
    )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", SCREENS)
def test_a_scored_hand_shows_its_result_where_the_thumb_is(
    live_server: LiveServer, browser: Browser, match: Match, screen: str
) -> None:
    width, height = SCREENS[screen]
    demo_plays_record(hand=match.hands.get(), rng=random.Random(24))
    for context in _phone(browser, live_server.url, (width, height)):
        page = context.new_page()
        page.goto(f"{live_server.url}/matches/{match.pk}/")
        button = page.get_by_role("button", name="Score the hand")
        button.scroll_into_view_if_needed()
        tapped = button.bounding_box()
        assert tapped is not None
        button.tap()
        result = page.locator(".scored .scored-points")
        expect(result).to_be_visible()
        scored = page.locator(".scored").bounding_box()
        points = result.bounding_box()
        assert scored is not None
        assert points is not None
        bottom = scored["y"] + scored["height"]
        print(f"scored {screen}: button y {round(tapped['y'])}, result {round(scored['y'])}..{round(bottom)}")
        assert points["y"] >= 0, "the hand's points are above the screen"
        assert points["y"] + points["height"] <= height, "the hand's points are below the screen"
        thumb = tapped["y"] + tapped["height"] / 2
        assert scored["y"] <= thumb <= scored["y"] + scored["height"], "the result is not where the thumb was"


def _boxes(page: Page, tapped: bool = True) -> dict[str, dict[str, float]]:
    """Each part's bounding box (y, height, bottom) in the viewport's coordinates; before a tap, the
    suggestions are not there yet."""
    found: dict[str, dict[str, float]] = {}
    for part, selector in PARTS.items():
        box = page.locator(selector).first.bounding_box() if tapped or part != "suggestion" else None
        if box is not None:
            found[part] = {
                "y": round(box["y"]),
                "height": round(box["height"]),
                "bottom": round(box["y"] + box["height"]),
            }
    return found
