"""What the browser tests do again and again, in one place: sign in, start a match, play a card, go
offline, wait for the phone's engine.

Setup goes through the services wherever the UI is not the point: a phone is signed in by its session
cookie and a match started and dealt by the services, as the new-match form and the hand form would
(their own tests drive them: tests/ui/test_accounts.py signs in through the form, test_match.py and
test_challenges.py start matches through it). What a test is about is done as a finger does it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page, ViewportSize, expect

from games.matches.services.hands import hand_start
from games.matches.services.plays import hand_play_record
from games.matches.services.seating import match_start_seating
from games.models import Match
from games.rules.cards import deck
from tests.conftest import IN_CI
from tests.ui.waiting import until

PASSWORD = "tablo-101-tally"
NAMES = ("Marija", "Dragan")  # the signed-in scorer (an account) and a guest
TABLE = ["10D", "2C", "7S", "5H"]  # hand 1's table in the Tablo flows

# The phone's engine (static/js/engine.js, static/engine/ built by `make engine-web`). Its tests are
# marked ``phone_engine``: their match screens start it (off in the other browser tests:
# scorekeeper/settings_test.py). Outside CI a checkout without the build skips them; in CI (make test
# builds it first) a missing build fails.
ENGINE = Path(__file__).resolve().parents[2] / "static" / "engine"
needs_engine = pytest.mark.skipif(
    not (ENGINE / "manifest.json").exists() and not IN_CI,
    reason="static/engine/ is not built: make engine-web",
)
phone_engine = [pytest.mark.phone_engine, needs_engine]
READY = "() => window.SkEngine && window.SkEngine.state === 'ready'"
KEPT_ENGINE = """async () => {
  const manifest = "/static/engine/manifest.json";
  for (const name of await caches.keys()) {
    if (name.startsWith("sk-engine-") && await caches.match(manifest, { cacheName: name })) return true;
  }
  return false;
}"""
KEPT_SCREEN = """async () => navigator.serviceWorker.controller !== null &&
  !!(await caches.match(location.pathname))"""
ENGINE_WAIT_MS = 60_000


# The width walk (tests/ui/test_phone_width.py and the other pages' walks): nothing wider than the
# phone at 320, 360 and 390 px. Each page is loaded once at 320 px, where phone_width.js and axe-core
# run, then widened to 360 and 390 px and measured again: static/css/*.css has no width breakpoint
# between 320 and 390 px (the narrowest is 30rem, 480 px), so the same rules apply at all three and
# only the wrapping differs, which phone_width.js checks at each.
WIDTHS = (320, 360, 390)  # the narrowest first: each page is loaded and axe-checked there
HEIGHT = 844
# Browser locales (BCP 47) of settings.LANGUAGES, with the colour schemes each is walked in. The dark
# scheme changes colours only (tests/test_static_files.py checks static/css), which no language changes:
# it is walked once, in English, for axe-core's contrast checks (DARK_WIDTHS: the sizes are the light
# walk's).
BOTH: tuple[Literal["light", "dark"], ...] = ("light", "dark")
LOCALES = {
    "en": BOTH,
    "ru": BOTH[:1],
    "sr": BOTH[:1],
    "sr-Latn": BOTH[:1],
    "es": BOTH[:1],
    "it": BOTH[:1],
    "pt": BOTH[:1],
}
DARK_WIDTHS = WIDTHS[:1]

MEASURE = (Path(__file__).parent / "phone_width.js").read_text()  # the findings, see the file
AXE = Path(__file__).parent / "vendor" / "axe.min.js"  # axe-core, see vendor/README.md
AXE_RUN = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations.map(
  (v) => `axe ${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`)"""


def viewport(width: int) -> ViewportSize:
    """A phone's screen ``width`` px wide, as tall as the design's phone."""
    return {"width": width, "height": HEIGHT}


def at_each_width(page: Page, root: str, widths: tuple[int, ...] = WIDTHS) -> Iterator[tuple[int, list[str]]]:
    """phone_width.js's findings under `root` at each of ``widths``, the page resized in place."""
    for width in widths:
        if page.viewport_size != viewport(width):
            page.set_viewport_size(viewport(width))
            page.evaluate("() => new Promise(requestAnimationFrame)")  # the resize handlers have run
        yield width, page.evaluate(MEASURE, root)["findings"]


def fits_at_each_width(page: Page, root: str = "body", where: str = "") -> None:
    """Nothing under ``root`` wider than the phone at any of WIDTHS (the page resized in place), then
    the page back at its own size: a flow tapped at one width has each screen it meets measured at all."""
    size = page.viewport_size
    findings = [f"{width}px {where}: {found}" for width, each in at_each_width(page, root) for found in each]
    if size is not None:
        page.set_viewport_size(size)
    assert not findings, "\n".join(findings)


def width_walk(
    page: Page, base: str, paths: tuple[str, ...], widths: tuple[int, ...] = WIDTHS
) -> Iterator[tuple[int, str, list[str]]]:
    """(width, path, findings) for each path at each of ``widths``: loaded once at the narrowest, where
    axe-core runs too, then widened; for "/" the same again with the menu open."""
    for path in paths:
        page.set_viewport_size(viewport(widths[0]))
        page.goto(base + path)  # waits for the load event
        for width, findings in at_each_width(page, "body", widths):
            yield width, path, findings + (page.evaluate(AXE_RUN) if width == widths[0] else [])
        if path == "/":  # the menu, open over the page: its own links and the language switch
            page.locator(".site-menu > summary").click()
            for width, findings in at_each_width(page, ".site-menu-panel", widths):
                yield width, f"{path} (menu open)", findings


def signed_in(page: Page, base: str, username: str = "marija") -> User:
    """``username``'s account (made if new), signed in on ``page``'s phone (the live server at
    ``base``) by its session cookie; with the phone's engine on (``phone_engine`` tests), the app
    :func:`installed` too."""
    user = User.objects.filter(username=username).first() or User.objects.create_user(
        username, password=PASSWORD
    )
    client = Client()
    client.force_login(user)
    host = base.split("//", 1)[1].split(":")[0]
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "domain": host, "path": "/"}]
    )
    if settings.PHONE_ENGINE:
        installed(page, base)
    return user


def installed(page: Page, base: str) -> None:
    """The app as a phone has it once it has opened any page: its service worker running, so that the
    next page (a match screen starting the engine, whose files the worker keeps) is in its hands."""
    page.goto(base + "/")
    until(page, "async () => !!(await navigator.serviceWorker.ready).active")


def match_started(by: User, game: str = "tablo", names: tuple[str, ...] = NAMES, **options: object) -> Match:
    """A match seated as the new-match form seats typed names (the scorer's own name seats them)."""
    return match_start_seating(game=game, names=names, by=by, options=options)


def tablo_open(page: Page, base: str, target: int = 100, ready: str = "") -> str:
    """Sign Marija in, start a Tablo match for Marija and Dragan, deal hand 1 with TABLE (Marija deals),
    open its screen (shown once ``ready``'s element is, else "Dragan to play"); the screen's URL. As
    test_match.py's first test does through the forms."""
    match = match_started(signed_in(page, base), target=target)
    order = [str(card) for card in deck()]
    hand_start(match=match, table=sorted(TABLE, key=order.index))  # as the hand form sends its boxes
    url = f"{base}/matches/{match.pk}/"
    page.goto(url)
    expect(page.locator(ready) if ready else page.get_by_text("Dragan to play")).to_be_visible()
    return url


def match_of(url: str) -> Match:
    """The match whose screen is at ``url``."""
    return Match.objects.get(pk=int(url.rstrip("/").rsplit("/", 1)[1]))


TABLO_HAND = [("7H", ["2C", "7S", "5H"])] + [
    (str(card), []) for card in deck() if str(card) not in {"7H", *TABLE}
]
# Hand 1 of a tablo_open match as the language walk plays it (tests/ui/test_languages_hand.py): 7♥ takes
# 2♣ 7♠ 5♥ (TB-2: the best capture first), then every other card in pack order trails.


def tablo_hand_recorded(match: Match, start: int = 0) -> None:
    """Record :data:`TABLO_HAND` from its play ``start`` on through the services, as another phone would."""
    hand = match.hands.get(number=1)
    for seq, (card, taken) in enumerate(TABLO_HAND[start:], start=start):
        hand_play_record(hand=hand, seat=(seq + 1) % 2, card=card, taken=taken, expected_seq=seq)


def one_tap(page: Page, card: str) -> bool:
    """Whether the screen records ``card`` at its tap, its play being forced (web/one_tap.py; in a
    capture game, not while offline plays wait)."""
    listed = page.locator(".play-form").get_attribute("data-one-tap") or "{}"
    if listed == "all":
        return True
    return page.locator(".offline-waiting").count() == 0 and card in json.loads(listed)


def play(page: Page, card: str, button: str = "#play-options button[value=trail]") -> None:
    """Tap the card, then (unless its play is forced) one button, and wait until the screen shows the
    card as played (greyed out, or gone with the whole grid after the hand's last card)."""
    if one_tap(page, card):
        page.locator(f"#card-{card}").click()  # recorded at once (offline: queued, the tile greyed out)
    else:
        page.locator(f"#card-{card}").check()
        if page.evaluate("document.documentElement.classList.contains('offline')"):
            # As a finger waits to see the card's own choices, which the phone's engine draws offline.
            expect(page.locator(f'#play-options [data-engine-choices="{card}"]')).to_have_count(1)
        page.locator(button).first.click()
    expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)


def ready_offline(page: Page) -> None:
    """Wait until the service worker controls and keeps this screen, then cut the network."""
    until(page, KEPT_SCREEN)
    page.context.set_offline(True)
    expect(page.locator("#offline-notice")).to_be_visible()


def play_offline(page: Page, card: str, taken: tuple[str, ...] = ()) -> None:
    """Tap the card, tick what it took (or take nothing; at the tap when the screen knows nothing else
    is allowed), and see it queued."""
    if not taken and one_tap(page, card):
        page.locator(f"#card-{card}").click()  # queued at once: the tile is greyed out, not checked
    else:
        page.locator(f"#card-{card}").check()
        expect(page.locator("#play-options")).to_contain_text("Not checked yet")
        for each in taken:
            page.locator(f"#taken-{each}").check()
        name = "Record these cards" if taken else "Take nothing: leave it on the table"
        page.get_by_role("button", name=name).click()
    expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)


def engine_ready(page: Page) -> None:
    """Wait for the phone's engine to answer."""
    page.wait_for_function(READY, timeout=ENGINE_WAIT_MS)


def engine_offline(page: Page) -> None:
    """Wait for the engine, then cut the network once the screen is kept, before the first tap."""
    engine_ready(page)
    ready_offline(page)


def engine_kept(page: Page) -> None:
    """Wait for the engine, and for its files kept by the service worker (a reload offline starts it)."""
    engine_ready(page)
    until(page, KEPT_ENGINE, timeout=ENGINE_WAIT_MS)


def stored_plays(page: Page, match: str) -> list[dict[str, Any]]:
    """Hand 1's plays as the records API gives them."""
    response = page.request.get(f"{match.replace('/matches/', '/api/v1/matches/')}hands/1/")
    assert response.ok
    plays: list[dict[str, Any]] = response.json()["plays"]
    return plays
