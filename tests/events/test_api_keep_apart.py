"""Keeping players apart (family, clubmates) through the API: the director sets the pairs, the pairing
avoids them as it avoids rematches (docs/events-pairing.md, "Keep apart"), the audit log keeps it."""

from __future__ import annotations

import pytest

from games.events.models import Event
from games.events.services import entry_add, round_pair
from games.models import AuditEntry
from tests.events.helpers import Room, make_room, swiss
from tests.factories import api_client

pytestmark = pytest.mark.django_db


def _event() -> tuple[Room, Event, list[int]]:
    room = make_room(3)
    event = swiss(room, options={"target": 1})
    players = [room.member_player, *room.guests]
    for player in players:
        entry_add(event=event, by=room.director, player=player)
    return room, event, [player.pk for player in players]


def test_the_director_sets_pairs_and_round_one_seats_them_apart() -> None:
    room, event, ids = _event()
    url = f"/api/v1/events/{event.pk}/keep-apart/"
    pairs = [[ids[1], ids[0]], [ids[2], ids[3]]]
    response = api_client(room.director).put(url, {"pairs": pairs}, format="json")
    assert response.status_code == 200
    assert response.json()["keep_apart"] == [sorted(ids[:2]), sorted(ids[2:])]
    assert AuditEntry.objects.filter(action="event.keep_apart_set").count() == 1
    for seed in range(6):
        Event.objects.filter(pk=event.pk).update(seed=seed)
        planned = round_pair(event=Event.objects.get(pk=event.pk), by=room.director, draft=True)
        tables = [set(table.players) for table in planned.tables]
        assert set(ids[:2]) not in tables
        assert set(ids[2:]) not in tables


def test_a_pair_not_entered_or_of_one_player_is_refused_and_a_member_may_not_set_pairs() -> None:
    room, event, ids = _event()
    url = f"/api/v1/events/{event.pk}/keep-apart/"
    director = api_client(room.director)
    for pairs in ([[ids[0], ids[0]]], [[ids[0], 999_999]]):
        response = director.put(url, {"pairs": pairs}, format="json")
        assert (response.status_code, response.json()["code"]) == (400, "event.keep_apart_invalid")
    response = director.put(url, {"pairs": [[ids[0]]]}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "request.invalid")
    response = api_client(room.member).put(url, {"pairs": []}, format="json")
    assert (response.status_code, response.json()["code"]) == (403, "auth.forbidden")
    assert Event.objects.get(pk=event.pk).keep_apart == []
