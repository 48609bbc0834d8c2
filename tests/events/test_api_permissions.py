"""Who may do what with an event, route by route: the club's admins direct (every write), its members
read (a write is 403 ``auth.forbidden``, as in the records API), everyone else gets 404 as if the
event did not exist, and a refused write writes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from games.events.models import Bye, Entry, Event, ResultOverride, Round, Table
from games.events.services import entry_add, round_pair
from games.models import Match, Player
from tests.events.helpers import Room, make_room, swiss
from tests.factories import ClubFactory, PlayerFactory, UserFactory, api_client

pytestmark = pytest.mark.django_db

EVENT = "/api/v1/events/{event}/"
READS = [
    pytest.param("/api/v1/clubs/{club}/events/", id="club-events"),
    pytest.param(EVENT, id="event"),
    pytest.param(EVENT + "entries/", id="entries"),
    pytest.param(EVENT + "rounds/", id="rounds"),
    pytest.param(EVENT + "rounds/1/", id="round"),
    pytest.param(EVENT + "standings/", id="standings"),
]
# (url, body, the director's status): every write route, with a body the director could send.
WRITES = [
    pytest.param(
        "/api/v1/clubs/{club}/events/",
        {"name": "Another", "game": "tablo", "rounds": 3},
        201,
        id="events-create",
    ),
    pytest.param(EVENT + "entries/", {"name": "Walk-in"}, 201, id="entries-create"),
    pytest.param(EVENT + "entries/{player}/drop/", {}, 200, id="entries-drop"),
    pytest.param(EVENT + "entries/{player}/check-in/", {}, 200, id="entries-check-in"),
    # round 1 is still open, so the director's own request gets past the permissions to the 409
    pytest.param(EVENT + "rounds/", {"draft": True}, 409, id="rounds-pair"),
    pytest.param(EVENT + "rounds/1/tables/1/result/", {"winner": 0}, 200, id="table-result"),
]


@pytest.fixture
def room() -> tuple[Room, Event]:
    room = make_room(3)
    event = swiss(room)
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    round_pair(event=event, by=room.director)
    return room, event


def _url(template: str, room: Room, event: Event) -> str:
    return template.format(club=room.club.pk, event=event.pk, player=room.guests[0].pk)


def _rows() -> tuple[int, ...]:
    models: list[Any] = [Event, Entry, Round, Table, Bye, ResultOverride, Match, Player]
    return tuple(model.objects.count() for model in models)


@pytest.mark.parametrize("url", READS)
def test_members_read_and_outsiders_get_404(room: tuple[Room, Event], url: str) -> None:
    people, event = room
    target = _url(url, people, event)
    assert api_client(people.director).get(target).status_code == 200
    assert api_client(people.member).get(target).status_code == 200
    refused = api_client(people.outsider).get(target)
    assert (refused.status_code, refused.json()["code"]) == (404, "resource.not_found")
    anonymous = api_client().get(target)
    assert (anonymous.status_code, anonymous.json()["code"]) == (401, "auth.required")


@pytest.mark.parametrize(("url", "body", "allowed"), WRITES)
@pytest.mark.parametrize(
    ("who", "status", "code"),
    [
        ("outsider", 404, "resource.not_found"),
        ("member", 403, "auth.forbidden"),
        ("anonymous", 401, "auth.required"),
    ],
)
def test_only_the_director_writes(
    room: tuple[Room, Event], url: str, body: dict[str, Any], allowed: int, who: str, status: int, code: str
) -> None:
    people, event = room
    target = _url(url, people, event)
    client = api_client(None if who == "anonymous" else getattr(people, who))
    before = _rows()
    response = client.post(target, body, format="json")
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert _rows() == before
    assert api_client(people.director).post(target, body, format="json").status_code == allowed


def test_a_player_the_director_may_not_seat_reads_as_no_such_player(room: tuple[Room, Event]) -> None:
    people, event = room
    strangers_guest = PlayerFactory.create(created_by=people.outsider)
    response = api_client(people.director).post(
        _url(EVENT + "entries/", people, event), {"player": strangers_guest.pk}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "request.invalid")
    assert "player" in response.json()["details"]["fields"]


def test_an_event_of_another_club_is_404_to_its_own_admins(room: tuple[Room, Event]) -> None:
    people, event = room
    other = UserFactory.create(username="elsewhere")
    ClubFactory.create(created_by=other)
    assert api_client(other).get(_url(EVENT, people, event)).status_code == 404
    response = api_client(other).post(_url(EVENT + "rounds/", people, event), {"draft": True}, format="json")
    assert response.status_code == 404
