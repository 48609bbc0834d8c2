"""The repair routes of the events API: withdraw, swap, repair a round and bring a dropped player
back; what each answers and each refusal's code (docs/errors.md)."""

from __future__ import annotations

from typing import Any

import pytest

from games.events.models import Event, Round
from games.events.selectors import round_list
from games.events.services import entry_add, entry_drop, round_pair
from games.matches.services.hands import hand_start
from games.models import Hand
from tests.events.helpers import Room, make_room, swiss
from tests.factories import api_client

pytestmark = pytest.mark.django_db

URL = "/api/v1/events/{event}/"


@pytest.fixture
def night() -> tuple[Room, Event]:
    room = make_room(4)
    event = swiss(room)
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    round_pair(event=event, by=room.director)
    return room, event


def _post(
    room: Room, event: Event, path: str, body: dict[str, Any] | None = None, who: str = "director"
) -> Any:
    client = api_client(None if who == "anonymous" else getattr(room, who))
    return client.post(URL.format(event=event.pk) + path, body or {}, format="json")


def _tables(event: Event) -> list[Any]:
    return list(round_list(event=event).get(number=1).tables.all())


def test_withdraw_answers_the_deleted_matches_and_then_404(night: tuple[Room, Event]) -> None:
    room, event = night
    matches = [table.match_id for table in _tables(event)]
    response = _post(room, event, "rounds/1/withdraw/")
    assert response.status_code == 200
    assert response.json() == {"number": 1, "matches": matches, "entries_moved": []}
    assert not Round.objects.filter(event=event).exists()
    assert _post(room, event, "rounds/1/withdraw/").status_code == 404


def test_withdraw_and_swap_are_409_once_a_table_has_a_hand(night: tuple[Room, Event]) -> None:
    room, event = night
    table = _tables(event)[0]
    hand_start(match=table.match, mode=Hand.Mode.SUMMARY)
    response = _post(room, event, "rounds/1/withdraw/")
    assert (response.status_code, response.json()["code"]) == (409, "round.started")
    assert response.json()["message"]
    other = _tables(event)[1].players[0]
    response = _post(room, event, "rounds/1/swap/", {"players": [table.players[0], other]})
    assert (response.status_code, response.json()["code"]) == (409, "round.started")


def test_swap_answers_the_round_with_the_rematches_it_made(night: tuple[Room, Event]) -> None:
    room, event = night
    one, two = _tables(event)
    response = _post(room, event, "rounds/1/swap/", {"players": [one.players[0], two.players[1]]})
    assert response.status_code == 200
    body = response.json()
    assert two.players[1] in body["tables"][0]["players"]
    assert (body["new_rematches"], body["kept"]) == ([], [])
    assert "swap" in body["tables"][0]["why"]


@pytest.mark.parametrize(
    ("players", "status", "code"),
    [
        pytest.param("same", 400, "request.invalid", id="same-player"),
        pytest.param("table", 400, "swap.no_change", id="one-table"),
        pytest.param("stranger", 400, "swap.not_in_round", id="not-in-round"),
    ],
)
def test_swap_refusals(night: tuple[Room, Event], players: str, status: int, code: str) -> None:
    room, event = night
    table = _tables(event)[0]
    pairs = {
        "same": [table.players[0]] * 2,
        "table": list(table.players),
        "stranger": [table.players[0], room.outsider.pk + 1000],
    }
    response = _post(room, event, "rounds/1/swap/", {"players": pairs[players]})
    assert (response.status_code, response.json()["code"]) == (status, code)


def test_repair_keeps_the_started_tables_and_refuses_when_none_is_left(night: tuple[Room, Event]) -> None:
    room, event = night
    first, second = _tables(event)
    hand_start(match=first.match, mode=Hand.Mode.SUMMARY)
    response = _post(room, event, "rounds/1/repair/")
    assert response.status_code == 200
    assert response.json()["kept"] == [first.number]
    assert response.json()["tables"][1]["match"] != second.match_id
    hand_start(match=_tables(event)[1].match, mode=Hand.Mode.SUMMARY)
    response = _post(room, event, "rounds/1/repair/")
    assert (response.status_code, response.json()["code"]) == (409, "round.nothing_to_repair")
    response = _post(room, event, "rounds/2/repair/")
    assert response.status_code == 404


def test_return_brings_a_dropped_player_back(night: tuple[Room, Event]) -> None:
    room, event = night
    player = room.guests[0].pk
    response = _post(room, event, f"entries/{player}/return/")
    assert (response.status_code, response.json()["code"]) == (409, "entry.not_dropped")
    entry_drop(event=event, player_id=player, by=room.director)
    response = _post(room, event, f"entries/{player}/return/")
    assert (response.status_code, response.json()["dropped_round"]) == (200, None)
    assert _post(room, event, f"entries/{room.outsider.pk + 1000}/return/").status_code == 404


@pytest.mark.parametrize(
    "path", ["rounds/1/withdraw/", "rounds/1/swap/", "rounds/1/repair/", "entries/{player}/return/"]
)
@pytest.mark.parametrize(
    ("who", "status", "code"),
    [
        ("outsider", 404, "resource.not_found"),
        ("member", 403, "auth.forbidden"),
        ("anonymous", 401, "auth.required"),
    ],
)
def test_only_the_director_repairs(
    night: tuple[Room, Event], path: str, who: str, status: int, code: str
) -> None:
    room, event = night
    one, two = _tables(event)
    entry_drop(event=event, player_id=room.guests[0].pk, by=room.director)
    body = {"players": [one.players[0], two.players[0]]}
    response = _post(room, event, path.format(player=room.guests[0].pk), body, who=who)
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert [table.players for table in _tables(event)] == [one.players, two.players]
