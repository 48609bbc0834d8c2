"""Nothing wider than the phone: every page at 320, 360 and 390 px, in every language (English and
Russian light and dark, the others light), signed in and out, is exactly as wide as the screen, shows
every tap target whole, no element covers another's tap target, and axe-core finds no accessibility
violation.

Each page is loaded once per language and scheme, at 320 px, where phone_width.js and axe-core run;
the viewport is then widened to 360 and 390 px and phone_width.js runs again at each. axe-core runs
at 320 px only: static/css/*.css has no width breakpoint between 320 and 390 px (the narrowest is
30rem, 480 px; the others 40rem, 44rem and 60rem), so the same rules apply at all three widths and
only the wrapping differs, which phone_width.js checks at each.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Page, ViewportSize
from pytest_django.live_server_helper import LiveServer

from games.models import Club, Match
from games.services.clubs import club_create, membership_create, player_create
from games.services.demo import demo_hand_play, demo_match_play, random_setup
from games.services.hands import hand_start
from games.services.invitations import invitation_create
from games.services.matches import match_share, match_start

WIDTHS = (320, 360, 390)  # the narrowest first: each page is loaded and axe-checked there
HEIGHT = 844
# Browser locales (BCP 47) of settings.LANGUAGES, with the colour schemes each is walked in: the
# scheme changes colours only, so the later languages are walked once.
BOTH: tuple[Literal["light", "dark"], ...] = ("light", "dark")
LOCALES = {"en": BOTH, "ru": BOTH, "sr": BOTH[:1], "sr-Latn": BOTH[:1], "es": BOTH[:1], "it": BOTH[:1]}

MEASURE = (Path(__file__).parent / "phone_width.js").read_text()  # the findings, see the file
AXE = Path(__file__).parent / "vendor" / "axe.min.js"  # axe-core, see vendor/README.md
AXE_RUN = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations.map(
  (v) => `axe ${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`)"""


@dataclass(frozen=True, slots=True)
class Pages:
    signed_in: tuple[str, ...]
    signed_out: tuple[str, ...]
    session: str


def _club_with_matches(owner: User) -> tuple[Club, Match, Match, Match]:
    """A club with a Tablo match half-played, a finished Escoba match and a Twenty match just dealt."""
    club = club_create(name="Friday table", by=owner)
    friend = User.objects.create_user("dragan", password="x-tablo-101")
    membership_create(club=club, user=friend)
    marija = player_create(name="Marija", by=owner, user=owner)
    dragan = player_create(name="Dragan", by=friend, user=friend)
    guest = player_create(name="Ljubica the guest from next door", by=owner)
    rng = random.Random(24)
    tablo = match_start(game="tablo", players=[marija, guest], by=owner, club=club)
    demo_hand_play(match=tablo, rng=rng)
    hand_start(match=tablo, **random_setup("tablo", 2, rng))
    escoba = match_start(game="escoba", players=[marija, dragan], by=owner, club=club, options={"target": 15})
    demo_match_play(match=escoba, rng=rng)
    twenty = match_start(game="twenty", players=[marija, dragan], by=owner, club=club)
    hand_start(match=twenty, **random_setup("twenty", 1, rng))
    return club, tablo, escoba, twenty


@pytest.fixture
def pages(live_server: LiveServer) -> Pages:
    owner = User.objects.create_user("marija", password="tablo-101-tally")
    stranger = User.objects.create_user("stranger", password="tablo-101-tally")
    other_club = club_create(name="Elsewhere", by=stranger)
    club, tablo, escoba, twenty = _club_with_matches(owner)
    invitation = invitation_create(match=tablo, seat=1, by=owner)
    shared = match_share(match=tablo)
    seat = tablo.seats.get(number=0)
    rival = escoba.seats.get(number=1)
    dispute = "/disputes/?variant=tablo&table=10D&table=2C&table=7S&table=5H&card=7H&taken=10D"
    public = (
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        dispute,
        f"/invitations/{invitation.token}/",
        f"/shared/{shared.share_token}/",
        "/shared/no-such-link/",  # the 404 page
    )
    private = (
        "/matches/new/",
        "/clubs/",
        f"/matches/{tablo.pk}/",
        f"/matches/{twenty.pk}/",
        f"/matches/{escoba.pk}/",
        f"/matches/{tablo.pk}/hands/1/review/",
        f"/matches/{tablo.pk}/hands/1/correct/",
        f"/clubs/{club.pk}/standings/",
        f"/clubs/{club.pk}/players/{seat.player_id}/",
        f"/clubs/{club.pk}/head-to-head/?a={seat.player_id}&b={rival.player_id}",
        f"/clubs/{other_club.pk}/standings/",  # the 403 page
    )
    client = Client()
    client.force_login(owner)
    return Pages(
        signed_in=public + private,
        signed_out=public,
        session=client.cookies[settings.SESSION_COOKIE_NAME].value,
    )


def _viewport(width: int) -> ViewportSize:
    return {"width": width, "height": HEIGHT}


def _at_each_width(page: Page, root: str) -> Iterator[tuple[int, list[str]]]:
    """phone_width.js's findings under `root` at each of WIDTHS, the page resized in place."""
    for width in WIDTHS:
        if page.viewport_size != _viewport(width):
            page.set_viewport_size(_viewport(width))
            page.evaluate("() => new Promise(requestAnimationFrame)")  # the resize handlers have run
        yield width, page.evaluate(MEASURE, root)["findings"]


def _walk(page: Page, base: str, paths: tuple[str, ...]) -> Iterator[tuple[int, str, list[str]]]:
    """(width, path, findings) for each path at each of WIDTHS: loaded once at the narrowest, where
    axe-core runs too, then widened; for "/" the same again with the menu open."""
    for path in paths:
        page.set_viewport_size(_viewport(WIDTHS[0]))
        page.goto(base + path)  # waits for the load event
        for width, findings in _at_each_width(page, "body"):
            yield width, path, findings + (page.evaluate(AXE_RUN) if width == WIDTHS[0] else [])
        if path == "/":  # the menu, open over the page: its own links and the language switch
            page.locator(".site-menu > summary").click()
            for width, findings in _at_each_width(page, ".site-menu-panel"):
                yield width, f"{path} (menu open)", findings


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_no_page_is_wider_than_the_phone(live_server: LiveServer, browser: Browser, pages: Pages) -> None:
    problems: list[str] = []
    host = live_server.url.split("//", 1)[1].split(":")[0]
    assert len(LOCALES) == len(settings.LANGUAGES)
    for language, schemes in LOCALES.items():
        for scheme in schemes:
            context = browser.new_context(viewport=_viewport(WIDTHS[0]), locale=language, color_scheme=scheme)
            context.add_init_script(path=AXE)
            page = context.new_page()
            for signed_in in (False, True):
                if signed_in:
                    cookie = {
                        "name": settings.SESSION_COOKIE_NAME,
                        "value": pages.session,
                        "domain": host,
                        "path": "/",
                    }
                    context.add_cookies([cookie])  # type: ignore[list-item]
                paths = pages.signed_in if signed_in else pages.signed_out
                for width, path, findings in _walk(page, live_server.url, paths):
                    where = f"{width}px {language} {scheme} {'in' if signed_in else 'out'} {path}"
                    problems.extend(f"{where}: {finding}" for finding in findings)
            context.close()
    assert not problems, "\n".join(problems)
