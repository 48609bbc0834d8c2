"""Who may write and read a match (docs/rules-decisions.md, Match records): its creator, its players and
its club's admins write; club members read; a share link lets spectators read. Every write endpoint
refuses an outsider, and writes nothing. What a user may not read is 404 to them, as if it did not exist."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.matches.services.hands import hand_start
from games.matches.services.plays import hand_play_record
from games.models import Club, Hand, HandSummary, Match, Membership, Play, Season
from tests.factories import Personas, api_client, make_personas

pytestmark = pytest.mark.django_db

TABLE = ["2C", "3D", "4H", "5S"]
M, H = "/api/v1/matches/{match}/", "/api/v1/matches/{match}/hands/1/"


@pytest.fixture
def people() -> Personas:
    personas = make_personas()
    hand = hand_start(match=personas.match, dealer=0, table=TABLE)
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0)
    return personas


def _rows() -> tuple[int, ...]:
    return tuple(
        model.objects.count() for model in (Club, Membership, Season, Match, Hand, Play, HandSummary)
    )


# (method, url, body): every write endpoint of a match or a club, with a body the owner could send.
MATCH_WRITES = [
    pytest.param("post", M + "hands/", {"table": TABLE}, id="hands-create"),
    pytest.param("post", H + "plays/", {"seat": 0, "card": "9C", "expected_seq": 1}, id="plays-create"),
    pytest.param("post", H + "plays/undo/", {"expected_seq": 1}, id="plays-undo"),
    pytest.param("post", H + "challenges/", {"seat": 0, "play_seq": 0, "expected_seq": 1}, id="challenges"),
    pytest.param("post", H + "summary/", {"sides": [{"cards": 26}, {"cards": 26}]}, id="summary"),
    pytest.param("post", H + "close/", {}, id="hands-close"),
    pytest.param("post", H + "correct/", {"summary": [{"cards": 26}, {"cards": 26}]}, id="hands-correct"),
    pytest.param("post", M + "abandon/", {}, id="matches-abandon"),
    pytest.param("post", M + "share/", {}, id="matches-share"),
    pytest.param("delete", M + "share/", {}, id="matches-unshare"),
]
CLUB_WRITES = [
    pytest.param(
        "post", "/api/v1/clubs/{club}/memberships/", {"username": "outsider"}, id="memberships-create"
    ),
    pytest.param("post", "/api/v1/clubs/{club}/seasons/", {"name": "Winter"}, id="seasons-create"),
]


@pytest.mark.parametrize(("method", "url", "body"), MATCH_WRITES + CLUB_WRITES)
@pytest.mark.parametrize(
    ("who", "status", "code"), [("outsider", 404, "resource.not_found"), ("member", 403, "auth.forbidden")]
)
def test_outsiders_and_plain_members_cannot_write(
    people: Personas, who: str, status: int, code: str, method: str, url: str, body: dict[str, object]
) -> None:
    before = _rows()
    client = api_client(getattr(people, who))
    response = getattr(client, method)(
        url.format(match=people.match.pk, club=people.club.pk), body, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert _rows() == before


@pytest.mark.parametrize(("method", "url", "body"), MATCH_WRITES + CLUB_WRITES)
def test_anonymous_writes_need_sign_in(
    people: Personas, method: str, url: str, body: dict[str, object]
) -> None:
    before = _rows()
    response = getattr(api_client(), method)(
        url.format(match=people.match.pk, club=people.club.pk), body, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (401, "auth.required")
    assert _rows() == before


@pytest.mark.parametrize("who", ["owner", "player"])
def test_the_creator_and_the_players_write(people: Personas, who: str) -> None:
    body = {"seat": 0, "card": "9C", "expected_seq": 1}
    response = api_client(getattr(people, who)).post(
        H.format(match=people.match.pk) + "plays/", body, format="json"
    )
    assert response.status_code == 201


def test_a_club_admin_writes_a_club_match_he_did_not_create(people: Personas) -> None:
    admin = User.objects.create_user("admin")
    Membership.objects.create(club=people.club, user=admin, role=Membership.Role.ADMIN)
    response = api_client(admin).post(M.format(match=people.match.pk) + "abandon/", format="json")
    assert response.status_code == 200


READS = ["", "scoreboard/", "hands/", "hands/1/"]


@pytest.mark.parametrize("path", READS)
@pytest.mark.parametrize(
    ("who", "status"), [("owner", 200), ("player", 200), ("member", 200), ("outsider", 404)]
)
def test_club_members_read_and_outsiders_do_not(people: Personas, path: str, who: str, status: int) -> None:
    assert api_client(getattr(people, who)).get(M.format(match=people.match.pk) + path).status_code == status


@pytest.mark.parametrize("path", READS)
def test_a_share_link_lets_spectators_read(people: Personas, path: str) -> None:
    token = api_client(people.owner).post(M.format(match=people.match.pk) + "share/").json()["share_token"]
    url = M.format(match=people.match.pk) + path
    assert api_client().get(url, {"share": token}).status_code == 200
    assert api_client().get(url, {"share": "wrong"}).status_code == 404
    assert api_client().get(url, {"share": "ü-not-ascii"}).status_code == 404
    assert api_client().get(url).status_code == 404


def test_a_share_link_does_not_let_spectators_write(people: Personas) -> None:
    token = api_client(people.owner).post(M.format(match=people.match.pk) + "share/").json()["share_token"]
    url = H.format(match=people.match.pk) + f"plays/?share={token}"
    response = api_client(people.outsider).post(
        url, {"seat": 0, "card": "9C", "expected_seq": 1}, format="json"
    )
    assert response.status_code == 403
    assert Play.objects.count() == 1


def test_withdrawing_the_share_link_stops_it(people: Personas) -> None:
    owner = api_client(people.owner)
    token = owner.post(M.format(match=people.match.pk) + "share/").json()["share_token"]
    assert owner.delete(M.format(match=people.match.pk) + "share/").status_code == 204
    assert api_client().get(M.format(match=people.match.pk), {"share": token}).status_code == 404


def test_unknown_matches_are_404(people: Personas) -> None:
    response = api_client(people.owner).get("/api/v1/matches/999999/")
    assert (response.status_code, response.json()["code"]) == (404, "resource.not_found")
