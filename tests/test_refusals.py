"""One refusal table for every route of both APIs and the web UI (``games/access.py``): an outsider who
asks for a match, hand, club, player, invitation, claim or club event that is not theirs gets 404,
exactly as if it did not exist, statistics included, and nothing is written. A route that is neither
in the table nor in ``PUBLIC`` (routes that name nothing an outsider could be refused) fails the walk
over the URL resolver, so a new route cannot be added without saying who is refused."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.clubs.services.invitations import club_invitation_create
from games.events.models import PairingJob, Table
from games.events.services import entry_add, event_create, event_share, round_pair
from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.invitations import invitation_create
from games.models import Player
from games.people.selectors.accounts import WEB, device_id, email_token
from games.people.services.accounts import email_change_request
from games.people.services.claims import guest_claim_create
from scorekeeper.models import AccountSession
from scorekeeper.sessions import SessionStore
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db

API, M, H = "api/v1/", "api/v1/matches/<int:pk>/", "api/v1/matches/<int:pk>/hands/<int:number>/"
W = "matches/<int:pk>/"
EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]
CLUB, STATS = "api/v1/clubs/<int:pk>/", "clubs/<int:club_id>/"
EVENT, WEVENT = "api/v1/events/<int:pk>/", "events/<int:pk>/"


@dataclass(frozen=True, slots=True)
class Refusal:
    route: str  # the resolver's pattern, as the walk below spells it
    method: str
    path: str  # filled from the fixture's objects
    body: dict[str, object]


def _r(route: str, method: str, path: str, **body: object) -> Refusal:
    return Refusal(route, method, path, body)


TABLE = [
    # Records API: matches, hands, plays.
    _r(M, "get", "/api/v1/matches/{match}/"),
    _r(f"{M}scoreboard/", "get", "/api/v1/matches/{match}/scoreboard/"),
    _r(f"{M}abandon/", "post", "/api/v1/matches/{match}/abandon/"),
    _r(f"{M}share/", "post", "/api/v1/matches/{match}/share/"),
    _r(f"{M}share/", "delete", "/api/v1/matches/{match}/share/"),
    _r(f"{M}rematch/", "post", "/api/v1/matches/{match}/rematch/"),
    _r(f"{M}log/", "get", "/api/v1/matches/{match}/log/"),
    _r(f"{M}export/bgstats/", "get", "/api/v1/matches/{match}/export/bgstats/"),
    _r(f"{M}verify/", "get", "/api/v1/matches/{match}/verify/"),
    _r(f"{M}invitations/", "post", "/api/v1/matches/{match}/invitations/", seat=1),
    _r(f"{API}invitations/<str:token>/accept/", "post", "/api/v1/invitations/{invitation}/accept/"),
    _r(
        f"{M}invitations/<int:invitation_id>/consent/",
        "post",
        "/api/v1/matches/{match}/invitations/{invitation_id}/consent/",
        consent=True,
    ),
    _r(f"{M}claims/", "post", "/api/v1/matches/{match}/claims/", seat=1),
    _r(
        f"{M}claims/<int:claim_id>/decision/",
        "post",
        "/api/v1/matches/{match}/claims/{claim}/decision/",
        confirm=True,
    ),
    _r(f"{M}hands/", "get", "/api/v1/matches/{match}/hands/"),
    _r(f"{M}hands/", "post", "/api/v1/matches/{match}/hands/", mode="summary"),
    _r(H, "get", "/api/v1/matches/{match}/hands/1/"),
    _r(f"{H}review/", "get", "/api/v1/matches/{match}/hands/1/review/"),
    _r(f"{H}history/", "get", "/api/v1/matches/{match}/hands/1/history/"),
    _r(f"{H}close/", "post", "/api/v1/matches/{match}/hands/2/close/"),
    _r(f"{H}correct/", "post", "/api/v1/matches/{match}/hands/1/correct/", summary=[{"cards": 26}] * 2),
    _r(f"{H}summary/", "post", "/api/v1/matches/{match}/hands/2/summary/", sides=[{"cards": 26}] * 2),
    _r(f"{H}plays/", "post", "/api/v1/matches/{match}/hands/2/plays/", seat=1, card="9C", expected_seq=0),
    _r(f"{H}plays/undo/", "post", "/api/v1/matches/{match}/hands/2/plays/undo/", expected_seq=0),
    _r(
        f"{H}challenges/",
        "post",
        "/api/v1/matches/{match}/hands/2/challenges/",
        seat=0,
        play_seq=0,
        expected_seq=0,
    ),
    # Records API: clubs and players.
    _r(CLUB, "get", "/api/v1/clubs/{club}/"),
    _r(f"{CLUB}memberships/", "get", "/api/v1/clubs/{club}/memberships/"),
    _r(f"{CLUB}memberships/", "post", "/api/v1/clubs/{club}/memberships/", username="outsider"),
    _r(
        f"{CLUB}memberships/<int:membership>/",
        "patch",
        "/api/v1/clubs/{club}/memberships/{membership}/",
        role="admin",
    ),
    _r(f"{CLUB}memberships/<int:membership>/", "delete", "/api/v1/clubs/{club}/memberships/{membership}/"),
    _r(f"{CLUB}invitations/", "get", "/api/v1/clubs/{club}/invitations/"),
    _r(f"{CLUB}invitations/", "post", "/api/v1/clubs/{club}/invitations/", role="admin"),
    _r(
        f"{CLUB}invitations/<int:invitation>/",
        "delete",
        "/api/v1/clubs/{club}/invitations/{club_invitation}/",
    ),
    _r(f"{API}club-invitations/<str:token>/", "get", "/api/v1/club-invitations/not-the-link/"),
    _r(f"{API}club-invitations/<str:token>/accept/", "post", "/api/v1/club-invitations/not-the-link/accept/"),
    _r(f"{CLUB}seasons/", "get", "/api/v1/clubs/{club}/seasons/"),
    _r(f"{CLUB}seasons/", "post", "/api/v1/clubs/{club}/seasons/", name="Winter"),
    _r(f"{CLUB}log/", "get", "/api/v1/clubs/{club}/log/"),
    _r(f"{API}players/<int:pk>/", "get", "/api/v1/players/{player}/"),
    # Events API.
    _r(f"{CLUB}events/", "get", "/api/v1/clubs/{club}/events/"),
    _r(f"{CLUB}events/", "post", "/api/v1/clubs/{club}/events/", name="Night", game="tablo", format="swiss"),
    _r(EVENT, "get", "/api/v1/events/{event}/"),
    _r(f"{EVENT}standings/", "get", "/api/v1/events/{event}/standings/"),
    _r(f"{EVENT}standings.csv", "get", "/api/v1/events/{event}/standings.csv"),
    _r(f"{EVENT}clock/", "get", "/api/v1/events/{event}/clock/"),
    _r(f"{EVENT}clock/", "post", "/api/v1/events/{event}/clock/", action="start", minutes=30),
    _r(f"{EVENT}rounds/<int:number>.csv", "get", "/api/v1/events/{event}/rounds/1.csv"),
    _r(f"{EVENT}entries/", "get", "/api/v1/events/{event}/entries/"),
    _r(f"{EVENT}entries/", "post", "/api/v1/events/{event}/entries/", player="{own}"),
    _r(f"{EVENT}entries/<int:player>/drop/", "post", "/api/v1/events/{event}/entries/{entrant}/drop/"),
    _r(f"{EVENT}keep-apart/", "put", "/api/v1/events/{event}/keep-apart/", pairs=[]),
    _r(
        f"{EVENT}entries/<int:player>/check-in/", "post", "/api/v1/events/{event}/entries/{entrant}/check-in/"
    ),
    _r(f"{EVENT}rounds/", "get", "/api/v1/events/{event}/rounds/"),
    _r(f"{EVENT}rounds/", "post", "/api/v1/events/{event}/rounds/", draft=True),
    _r(f"{EVENT}rounds/<int:number>/", "get", "/api/v1/events/{event}/rounds/1/"),
    _r(f"{EVENT}jobs/<int:job>/", "get", "/api/v1/events/{event}/jobs/{job}/"),
    _r(
        f"{EVENT}rounds/<int:number>/tables/<int:table>/result/",
        "post",
        "/api/v1/events/{event}/rounds/1/tables/1/result/",
        winner=0,
    ),
    _r(
        f"{EVENT}rounds/<int:number>/tables/<int:table>/result/",
        "delete",
        "/api/v1/events/{event}/rounds/1/tables/1/result/",
    ),
    # Repairs (members 403, anonymous 401: tests/events/test_api_repair.py).
    _r(f"{EVENT}rounds/<int:number>/withdraw/", "post", "/api/v1/events/{event}/rounds/1/withdraw/"),
    _r(f"{EVENT}rounds/<int:number>/swap/", "post", "/api/v1/events/{event}/rounds/1/swap/", players=[1, 2]),
    _r(f"{EVENT}rounds/<int:number>/repair/", "post", "/api/v1/events/{event}/rounds/1/repair/"),
    _r(f"{EVENT}entries/<int:player>/return/", "post", "/api/v1/events/{event}/entries/{entrant}/return/"),
    # Statistics API.
    _r(f"{API}clubs/<int:club_id>/standings/", "get", "/api/v1/clubs/{club}/standings/"),
    _r(f"{API}players/<int:player_id>/stats/", "get", "/api/v1/players/{player}/stats/"),
    _r(f"{API}players/<int:player_id>/export/bgstats/", "get", "/api/v1/players/{player}/export/bgstats/"),
    _r(
        f"{API}players/<int:player_id>/ratings/",
        "get",
        "/api/v1/players/{player}/ratings/?club={club}&game=tablo",
    ),
    _r(
        f"{API}players/<int:player_id>/ratings/",
        "get",
        "/api/v1/players/{own}/ratings/?club={club}&game=tablo",
    ),
    _r(f"{API}head-to-head/", "get", "/api/v1/head-to-head/?a={player}&b={other}"),
    _r(f"{API}head-to-head/", "get", "/api/v1/head-to-head/?a={own}&b={guest}&club={club}"),
    # Web: the match screen and its writes.
    _r(W, "get", "/matches/{match}/"),
    _r(f"{W}live/", "get", "/matches/{match}/live/"),
    _r(f"{W}push/", "get", "/matches/{match}/push/"),
    _r(f"{W}share/", "post", "/matches/{match}/share/"),
    _r(f"{W}rematch/", "post", "/matches/{match}/rematch/"),
    _r(f"{W}card.png", "get", "/matches/{match}/card.png"),
    _r(f"{W}bgstats/", "get", "/matches/{match}/bgstats/"),
    _r(f"{W}log/", "get", "/matches/{match}/log/"),
    _r(f"{W}abandon/", "post", "/matches/{match}/abandon/"),
    _r(f"{W}invitations/", "post", "/matches/{match}/invitations/", seat=1),
    _r(
        f"{W}invitations/<int:invitation_id>/withdraw/",
        "post",
        "/matches/{match}/invitations/{invitation_id}/withdraw/",
    ),
    _r(f"{W}claims/", "post", "/matches/{match}/claims/", seat=1),
    _r(f"{W}claims/<int:claim_id>/", "post", "/matches/{match}/claims/{claim}/", confirm=1),
    _r(
        f"{W}invitations/<int:invitation_id>/consent/",
        "post",
        "/matches/{match}/invitations/{invitation_id}/consent/",
        consent=1,
    ),
    _r("invitations/<str:token>/", "get", "/invitations/{invitation}/"),
    _r("invitations/<str:token>/", "post", "/invitations/{invitation}/"),
    _r("players/<int:player_id>/rename/", "post", "/players/{player}/rename/", name="Mine"),
    _r(f"{W}hands/", "post", "/matches/{match}/hands/", mode="summary"),
    _r(f"{W}play/", "post", "/matches/{match}/play/", hand=2, seat=1, card="9C", expected_seq=0),
    _r(f"{W}play/options/", "get", "/matches/{match}/play/options/?card=9C"),
    _r(f"{W}undo/", "post", "/matches/{match}/undo/", hand=2, expected_seq=0),
    _r(f"{W}challenge/", "post", "/matches/{match}/challenge/", hand=2, seat=0, play_seq=0, expected_seq=0),
    _r(f"{W}finish/", "post", "/matches/{match}/finish/", hand=2),
    _r(f"{W}summary/", "post", "/matches/{match}/summary/", hand=2, cards_0=26),
    _r(f"{W}summary/check/", "get", "/matches/{match}/summary/check/?hand=2&cards_0=26"),
    _r(f"{W}hands/<int:number>/correct/", "get", "/matches/{match}/hands/1/correct/"),
    _r(
        f"{W}hands/<int:number>/correct/counts/",
        "post",
        "/matches/{match}/hands/1/correct/counts/",
        cards_0=26,
    ),
    _r(f"{W}hands/<int:number>/correct/plays/", "get", "/matches/{match}/hands/1/correct/plays/?keep=0"),
    _r(f"{W}hands/<int:number>/correct/plays/", "post", "/matches/{match}/hands/1/correct/plays/", keep=0),
    _r(f"{W}hands/<int:number>/review/", "get", "/matches/{match}/hands/1/review/"),
    _r("shared/<str:token>/", "get", "/shared/not-the-link/"),
    _r("shared/<str:token>/live/", "get", "/shared/not-the-link/live/"),
    _r("shared/<str:token>/push/", "get", "/shared/not-the-link/push/"),
    _r("shared/<str:token>/card.png", "get", "/shared/not-the-link/card.png"),
    # Web: clubs and their statistics.
    _r("clubs/<int:club_id>/", "get", "/clubs/{club}/"),
    _r("clubs/<int:club_id>/members/", "post", "/clubs/{club}/members/", username="outsider", role="admin"),
    _r(
        f"{STATS}members/<int:membership_id>/role/",
        "post",
        "/clubs/{club}/members/{membership}/role/",
        role="admin",
    ),
    _r(f"{STATS}members/<int:membership_id>/remove/", "post", "/clubs/{club}/members/{membership}/remove/"),
    _r(f"{STATS}invitations/", "post", "/clubs/{club}/invitations/", role="admin", days=7),
    _r(
        f"{STATS}invitations/<int:invitation_id>/revoke/",
        "post",
        "/clubs/{club}/invitations/{club_invitation}/revoke/",
    ),
    _r("club-invitations/<str:token>/", "get", "/club-invitations/not-the-link/"),
    _r("club-invitations/<str:token>/", "post", "/club-invitations/not-the-link/"),
    _r("clubs/<int:club_id>/seasons/", "post", "/clubs/{club}/seasons/", name="Winter"),
    _r(f"{STATS}standings/", "get", "/clubs/{club}/standings/"),
    _r("clubs/<int:club_id>/log/", "get", "/clubs/{club}/log/"),
    _r(f"{STATS}standings.csv", "get", "/clubs/{club}/standings.csv"),
    _r(f"{STATS}score-sheets.csv", "get", "/clubs/{club}/score-sheets.csv"),
    _r(f"{STATS}players/<int:player_id>/", "get", "/clubs/{club}/players/{player}/"),
    _r(f"{STATS}head-to-head/", "get", "/clubs/{club}/head-to-head/"),
    # Web: club events.
    _r(f"{STATS}events/", "get", "/clubs/{club}/events/"),
    _r(f"{STATS}events/new/", "get", "/clubs/{club}/events/new/"),
    _r(
        f"{STATS}events/new/", "post", "/clubs/{club}/events/new/", name="Night", game="tablo", format="swiss"
    ),
    _r(WEVENT, "get", "/events/{event}/"),
    _r(f"{WEVENT}live/", "get", "/events/{event}/live/"),
    _r(f"{WEVENT}push/", "get", "/events/{event}/push/"),
    _r(f"{WEVENT}tv/", "get", "/events/{event}/tv/"),
    _r(f"{WEVENT}standings.csv", "get", "/events/{event}/standings.csv"),
    _r(f"{WEVENT}rounds/<int:number>.csv", "get", "/events/{event}/rounds/1.csv"),
    _r(f"{WEVENT}share/", "post", "/events/{event}/share/"),
    _r(f"{WEVENT}clock/", "post", "/events/{event}/clock/", action="start", minutes="30"),
    _r(f"{WEVENT}rounds/<int:number>/", "get", "/events/{event}/rounds/1/"),
    _r(f"{WEVENT}entries/", "get", "/events/{event}/entries/"),
    _r(f"{WEVENT}entries/add/", "post", "/events/{event}/entries/add/", name="Walk-in"),
    _r(f"{WEVENT}entries/<int:entry_id>/check-in/", "post", "/events/{event}/entries/{entry}/check-in/"),
    _r(f"{WEVENT}entries/<int:entry_id>/undo/", "post", "/events/{event}/entries/{entry}/undo/"),
    _r(f"{WEVENT}entries/<int:entry_id>/drop/", "post", "/events/{event}/entries/{entry}/drop/"),
    _r(f"{WEVENT}keep-apart/", "post", "/events/{event}/keep-apart/", first="{own}", second="{own}"),
    _r(f"{WEVENT}rounds/new/", "get", "/events/{event}/rounds/new/"),
    _r(f"{WEVENT}rounds/new/", "post", "/events/{event}/rounds/new/"),
    _r(f"{WEVENT}rounds/<int:number>/print/", "get", "/events/{event}/rounds/1/print/"),
    _r(f"{WEVENT}jobs/<int:job>/", "get", "/events/{event}/jobs/{job}/"),
    _r(
        f"{WEVENT}rounds/<int:number>/tables/<int:table>/result/",
        "post",
        "/events/{event}/rounds/1/tables/1/result/",
        winner=0,
    ),
    _r(
        f"{WEVENT}rounds/<int:number>/tables/<int:table>/result/withdraw/",
        "post",
        "/events/{event}/rounds/1/tables/1/result/withdraw/",
    ),
    # Guests' tables: a wrong code opens nothing; another's match is not found.
    _r(f"{API}tables/<str:code>/session/", "post", "/api/v1/tables/NOTACODE/session/"),
    _r(f"{M}confirmation/", "post", "/api/v1/matches/{match}/confirmation/"),
    _r(f"{W}code/", "get", "/matches/{match}/code/"),
    _r(f"{W}confirm/", "post", "/matches/{match}/confirm/"),
    # Repairs (members 403: tests/web/test_event_repair.py).
    _r(f"{WEVENT}rounds/<int:number>/repair/", "get", "/events/{event}/rounds/1/repair/"),
    _r(f"{WEVENT}rounds/<int:number>/repair/withdraw/", "post", "/events/{event}/rounds/1/repair/withdraw/"),
    _r(f"{WEVENT}rounds/<int:number>/repair/swap/", "post", "/events/{event}/rounds/1/repair/swap/"),
    _r(f"{WEVENT}rounds/<int:number>/repair/pair/", "post", "/events/{event}/rounds/1/repair/pair/"),
    _r(f"{WEVENT}entries/<int:entry_id>/return/", "post", "/events/{event}/entries/{entry}/return/"),
    # Accounts: a device (web session or API token) of another account is not found.
    _r(f"{API}me/sessions/<str:device>/", "delete", "/api/v1/me/sessions/{session}/"),
    _r("account/devices/", "post", "/account/devices/", device="{session}"),
    _r("account/email/verify/<str:token>/", "post", "/account/email/verify/{email_link}/"),
    _r("events/shared/<str:token>/", "get", "/events/shared/not-the-link/"),
    _r("events/shared/<str:token>/live/", "get", "/events/shared/not-the-link/live/"),
    _r("events/shared/<str:token>/push/", "get", "/events/shared/not-the-link/push/"),
    _r("events/shared/<str:token>/rounds/<int:number>/", "get", "/events/shared/not-the-link/rounds/1/"),
    _r("events/shared/<str:token>/standings.csv", "get", "/events/shared/not-the-link/standings.csv"),
    _r(
        "events/shared/<str:token>/rounds/<int:number>.csv", "get", "/events/shared/not-the-link/rounds/1.csv"
    ),
]

# Routes that name nothing an outsider could be refused: public pages and reference data, the
# caller's own lists and creations, signing in, and the admin site (staff only, Django's own checks).
PUBLIC = {
    "livez",
    "healthz",
    "admin/",
    "api/schema/",
    "api/docs/",
    "i18n/setlang/",
    *(
        f"{API}rules/{rest}"
        for rest in (
            "",
            "twenty/rounds/replay/",
            "twenty/rounds/review/",
            "<slug:game>/reference/",
            "<slug:game>/captures/",
            "<slug:game>/captures/check/",
            "<slug:game>/hands/replay/",
            "<slug:game>/hands/review/",
            "<slug:game>/hands/summary/",
        )
    ),
    f"{API}auth/token/",
    f"{API}players/",  # the players the caller knows
    f"{API}clubs/",  # the caller's clubs
    f"{API}matches/",  # the matches the caller may read
    f"{API}me/",  # the caller's own account
    f"{API}me/sessions/",
    f"{API}me/export/",  # the caller's own data
    "",
    "manifest.webmanifest",
    "sw.js",
    "offline/",
    "accounts/login/",
    "accounts/logout/",
    "accounts/signup/",
    "accounts/password/reset/",  # the same answer for any address (docs/accounts.md)
    "accounts/password/reset/done/",
    "accounts/reset/<uidb64>/<token>/",  # Django's signed reset token
    "accounts/reset/done/",
    "account/",  # the caller's own account
    "account/password/",
    "account/password/done/",
    "account/email/",
    "account/data/",  # the caller's own data
    "account/data/<slug:form>/",
    "account/delete/",  # the caller's own account
    "disputes/",
    "rules/",
    "rules/<slug:page>/",
    "clubs/",
    "matches/new/",
    "matches/new/seat/",
    "matches/draft/<slug:variant>/<int:players>/",  # an unsaved match's screen: nothing of anyone's
    "matches/draft/<slug:variant>/<int:players>/pairs/",
    "matches/archive/",
}


def _routes(patterns: list[URLPattern | URLResolver], prefix: str = "") -> Iterator[str]:
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLPattern) or getattr(pattern, "app_name", None) == "admin":
            yield route
        else:
            yield from _routes(pattern.url_patterns, route)


def test_every_route_is_in_the_refusal_table_or_public() -> None:
    routes = set(_routes(get_resolver().url_patterns))
    listed = {refusal.route for refusal in TABLE} | PUBLIC
    assert sorted(routes - listed) == [], "say who is refused: add the route to TABLE (or PUBLIC)"
    assert sorted(listed - routes) == []


@dataclass(frozen=True, slots=True)
class Scene:
    """The personas' match with hand 1 closed (from its counts) and hand 2 open, the guest at seat 1 (its
    owner's), a pending invitation for the club member, the member's claim on the guest, and a
    player of the outsider's own."""

    outsider: User
    ids: dict[str, object]


@pytest.fixture(scope="module")
def scene(django_db_setup: None, django_db_blocker: Any) -> Iterator[Scene]:
    """The scene, built once for the module's tests (each runs in a savepoint of its transaction, as
    Django's ``TestCase.setUpTestData`` data does) and rolled back after the last."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield _scene()
        transaction.set_rollback(True)


def _scene() -> Scene:
    people = make_personas()
    match = people.match
    hand_summary_record(hand=hand_start(match=match, mode="summary"), entries=EVEN)
    hand_start(match=match, mode="summary")
    seats = {seat.number: seat.player for seat in match.seats.select_related("player")}
    Player.objects.filter(pk=seats[1].pk).update(created_by=people.owner)
    invitation = invitation_create(match=match, seat=1, by=people.owner, invitee=people.member)
    claim = guest_claim_create(match=match, seat=1, by=people.member)
    own = Player.objects.create(name="Mine", user=people.outsider, created_by=people.outsider)
    session = SessionStore()
    session.update({"_auth_user_id": str(people.member.pk)})
    session.create()
    email_change_request(user=people.member, email="member@example.org", link=str)
    guest = Player.objects.create(name="My guest", created_by=people.outsider)
    event = event_create(club=people.club, by=people.owner, name="Friday", game="tablo", rounds=2)
    entries = [entry_add(event=event, by=people.owner, name=name) for name in ("Cy", "Di")]
    event_share(event=event, by=people.owner)
    club_invitation = club_invitation_create(club=people.club, by=people.owner)
    round_pair(event=event, by=people.owner)
    job = PairingJob.objects.create(event=event, number=1, by=people.owner, status=PairingJob.Status.DONE)
    ids = {
        "match": match.pk,
        "club": people.club.pk,
        "player": seats[1].pk,
        "other": seats[0].pk,
        "own": own.pk,
        "guest": guest.pk,
        "invitation": invitation.token,
        "invitation_id": invitation.pk,
        "membership": people.club.memberships.get(user=people.member).pk,
        "club_invitation": club_invitation.pk,
        "claim": claim.pk,
        "event": event.pk,
        "entry": entries[0].pk,
        "entrant": entries[0].player_id,
        "job": job.pk,
        "session": device_id(WEB, str(session.session_key)),  # the member's web session
        "email_link": email_token(user=people.outsider, email="outsider@example.org"),  # never asked for
    }
    return Scene(outsider=people.outsider, ids=ids)


def _rows(outsider: User) -> dict[str, int]:
    models: list[type[Model]] = [
        *apps.get_app_config("games").get_models(),
        *apps.get_app_config("events").get_models(),
        User,
        Token,
    ]
    counts = {model.__name__: model._default_manager.count() for model in models}
    # Others' web sessions (the outsider's own browser signs in for the web's refusals).
    counts["AccountSession"] = AccountSession.objects.exclude(user=outsider).count()
    return counts


@pytest.mark.parametrize("refusal", [pytest.param(r, id=f"{r.method} {r.route}") for r in TABLE])
def test_an_outsider_gets_404_and_nothing_is_written(scene: Scene, refusal: Refusal) -> None:
    path = refusal.path.format(**scene.ids)
    body = {
        key: str(value).format(**scene.ids) if isinstance(value, str) else value
        for key, value in refusal.body.items()
    }
    before = _rows(scene.outsider)
    if refusal.route.startswith(API):
        response = getattr(api_client(scene.outsider), refusal.method)(path, body, format="json")
        assert (response.status_code, response.json()["code"]) == (404, "resource.not_found")
    else:
        client = Client(raise_request_exception=False)
        client.force_login(scene.outsider)
        data = body if refusal.method == "post" else None
        response = getattr(client, refusal.method)(path, data)
        assert response.status_code == 404
    assert _rows(scene.outsider) == before


# A table's guest (games.access.TableGuest) records its own table's match and does nothing else: every
# other write in TABLE is refused, and so are these writes on its own table's match.
Write = tuple[str, str, dict[str, object]]  # method, path, body

GUEST_OWN_API: list[Write] = [
    ("post", "/api/v1/matches/{table_match}/abandon/", {}),
    ("post", "/api/v1/matches/{table_match}/share/", {}),
    ("delete", "/api/v1/matches/{table_match}/share/", {}),
    ("post", "/api/v1/matches/{table_match}/rematch/", {}),
    ("post", "/api/v1/matches/{table_match}/invitations/", {"seat": 1}),
    ("post", "/api/v1/matches/{table_match}/claims/", {"seat": 1}),
    ("post", "/api/v1/events/{event}/rounds/", {}),
    ("post", "/api/v1/events/{event}/rounds/1/tables/1/result/", {"winner": 0}),
]
GUEST_OWN_WEB: list[Write] = [
    ("post", "/matches/{table_match}/share/", {}),
    ("post", "/matches/{table_match}/abandon/", {}),
    ("post", "/matches/{table_match}/rematch/", {}),
    ("post", "/matches/{table_match}/invitations/", {"seat": 1}),
    ("post", "/events/{event}/rounds/new/", {}),
    ("post", "/events/{event}/rounds/1/tables/1/result/", {"winner": 0}),
]
REFUSED = {401, 403, 404}


def _guest_rows(scene: Scene) -> tuple[dict[str, object], list[Write]]:
    table = Table.objects.get(round__event_id=int(str(scene.ids["event"])), number=1)
    ids = {**scene.ids, "table_match": table.match_id, "code": table.code}
    writes = [(r.method, r.path, r.body) for r in TABLE if r.method != "get"]
    return ids, writes


def _filled(text: str, body: dict[str, object], ids: dict[str, object]) -> tuple[str, dict[str, object]]:
    values = {
        key: str(value).format(**ids) if isinstance(value, str) else value for key, value in body.items()
    }
    return text.format(**ids), values


def test_a_tables_api_guest_is_refused_every_write_but_recording_its_match(scene: Scene) -> None:
    ids, writes = _guest_rows(scene)
    token = APIClient().post(f"/api/v1/tables/{ids['code']}/session/").json()["token"]
    guest = APIClient()
    guest.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    before = _rows(scene.outsider)
    for method, path, body in [*(w for w in writes if w[1].startswith("/api/")), *GUEST_OWN_API]:
        url, data = _filled(path, body, ids)
        response = getattr(guest, method)(url, data, format="json")
        assert response.status_code in REFUSED, (method, url, response.status_code)
    assert _rows(scene.outsider) == before


def test_a_tables_web_guest_is_refused_every_write_but_recording_its_match(scene: Scene) -> None:
    ids, writes = _guest_rows(scene)
    guest = Client(raise_request_exception=False)
    entered = guest.post(f"/matches/{ids['table_match']}/code/", {"code": ids["code"]})
    assert entered["Location"] == f"/matches/{ids['table_match']}/"  # the guest records its table
    before = _rows(scene.outsider)
    for method, path, body in [*(w for w in writes if not w[1].startswith("/api/")), *GUEST_OWN_WEB]:
        url, data = _filled(path, body, ids)
        response = getattr(guest, method)(url, data)
        signing_in = response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        assert signing_in or response.status_code in REFUSED, (method, url, response.status_code)
    assert _rows(scene.outsider) == before
