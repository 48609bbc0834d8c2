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
from dataclasses import dataclass
from typing import Literal

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser
from pytest_django.live_server_helper import LiveServer

from games.models import Club, Match
from games.services.clubs import club_create, membership_create, player_create
from games.services.demo import demo_hand_play, demo_match_play, random_setup
from games.services.hands import hand_start
from games.services.invitations import invitation_create
from games.services.matches import match_share, match_start
from tests.ui.flows import AXE, LOCALES, WIDTHS, viewport, width_walk


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
        f"/matches/{tablo.pk}/log/",
        f"/clubs/{club.pk}/log/",
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


WALKS = [(language, scheme) for language, schemes in LOCALES.items() for scheme in schemes]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("language", "scheme"), WALKS)  # one walk each: the processes share them out
def test_no_page_is_wider_than_the_phone(
    live_server: LiveServer,
    browser: Browser,
    pages: Pages,
    language: str,
    scheme: Literal["light", "dark"],
) -> None:
    assert len(LOCALES) == len(settings.LANGUAGES)
    host = live_server.url.split("//", 1)[1].split(":")[0]
    problems: list[str] = []
    context = browser.new_context(viewport=viewport(WIDTHS[0]), locale=language, color_scheme=scheme)
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
        for width, path, findings in width_walk(page, live_server.url, paths):
            where = f"{width}px {language} {scheme} {'in' if signed_in else 'out'} {path}"
            problems.extend(f"{where}: {finding}" for finding in findings)
    context.close()
    assert not problems, "\n".join(problems)
