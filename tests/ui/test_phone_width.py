"""Nothing wider than the phone: every page at 320, 360 and 390 px, in every language, signed in and
out, is exactly as wide as the screen, shows every tap target whole, no element covers another's tap
target, and axe-core finds no accessibility violation; in the dark scheme too (in English, at 320 px:
flows.LOCALES).

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
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from playwright.sync_api import Browser
from pytest_django.live_server_helper import LiveServer
from rest_framework.authtoken.models import Token

from games.clubs.services.clubs import club_create, membership_create
from games.clubs.services.invitations import club_invitation_create
from games.matches.services.demo import demo_hand_play, demo_match_play, random_setup
from games.matches.services.hands import hand_start
from games.matches.services.invitations import invitation_create
from games.matches.services.matches import match_share, match_start
from games.models import Club, Match
from games.people.selectors.accounts import email_token
from games.people.services.accounts import email_change_request
from games.people.services.players import player_create
from tests.ui.flows import AXE, DARK_WIDTHS, LOCALES, WIDTHS, viewport, width_walk

PASSWORD = "tablo-101-tally"
LONG_AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 SomeUnknownBrowserWithALongName/128.0"


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
    escoba = match_start(game="escoba", players=[marija, dragan], by=owner, club=club, options={"target": 6})
    demo_match_play(match=escoba, rng=rng)
    twenty = match_start(game="twenty", players=[marija, dragan], by=owner, club=club)
    hand_start(match=twenty, **random_setup("twenty", 1, rng))
    return club, tablo, escoba, twenty


@pytest.fixture
def pages(live_server: LiveServer) -> Pages:
    owner = User.objects.create_user("marija", password=PASSWORD)
    stranger = User.objects.create_user("stranger", password="tablo-101-tally")
    other_club = club_create(name="Elsewhere", by=stranger)
    club, tablo, escoba, twenty = _club_with_matches(owner)
    invitation = invitation_create(match=tablo, seat=1, by=owner)
    joining = club_invitation_create(club=club, by=owner, role="admin", max_uses=8)
    club_invitation_create(club=club, by=owner)
    shared = match_share(match=tablo)
    seat = tablo.seats.get(number=0)
    rival = escoba.seats.get(number=1)
    dispute = "/disputes/?variant=tablo&table=10D&table=2C&table=7S&table=5H&card=7H&taken=10D"
    # The account's pages: a verified address and another waiting for its link, a reset link, devices.
    owner.email = "marija.petrovic@example.org"
    owner.save(update_fields=["email"])
    email_change_request(user=owner, email="marija.p.at.the.club@example.org", link=str)
    verify = email_token(user=owner, email="marija.p.at.the.club@example.org")
    Client(HTTP_USER_AGENT=LONG_AGENT).post("/accounts/login/", {"username": "marija", "password": PASSWORD})
    Token.objects.create(user=owner)
    public = (
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        dispute,
        f"/invitations/{invitation.token}/",
        f"/club-invitations/{joining.token}/",
        f"/accounts/signup/?next=/club-invitations/{joining.token}/",
        f"/shared/{shared.share_token}/",
        "/shared/no-such-link/",  # the 404 page
        "/accounts/password/reset/",
        "/accounts/password/reset/done/",
        "/accounts/reset/MQ/no-such-token/",  # the link that is not valid
        "/accounts/reset/done/",
        f"/account/email/verify/{verify}/",
        "/account/email/verify/no-such-link/",
    )
    private = (
        "/matches/new/",
        "/clubs/",
        f"/clubs/{club.pk}/",  # members, two invitation links with their QR codes
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
        "/account/",
        "/account/password/",
        "/account/password/done/",
        "/account/email/",
        "/account/devices/",
        "/account/data/",
        "/account/delete/",
    )
    client = Client()
    client.force_login(owner)
    # Made after the last sign-in: a reset link is no longer valid once the account signs in.
    reset = (f"/accounts/reset/{urlsafe_base64_encode(force_bytes(owner.pk))}/{_reset_token(owner)}/",)
    return Pages(
        signed_in=public + reset + private,
        signed_out=public + reset,
        session=client.cookies[settings.SESSION_COOKIE_NAME].value,
    )


def _reset_token(user: User) -> str:
    user.refresh_from_db()
    return default_token_generator.make_token(user)


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
        widths = DARK_WIDTHS if scheme == "dark" else WIDTHS
        for width, path, findings in width_walk(page, live_server.url, paths, widths):
            where = f"{width}px {language} {scheme} {'in' if signed_in else 'out'} {path}"
            problems.extend(f"{where}: {finding}" for finding in findings)
    context.close()
    assert not problems, "\n".join(problems)
