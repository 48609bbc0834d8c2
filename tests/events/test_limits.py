"""Limits that fit a club and stop abuse (docs/events.md, "Limits"): an event takes at most
``EVENT_ENTRIES_MAX`` entries (400 ``event.too_many_entries``), and one account enters so many walk-ins
a minute and creates so many events a day (429 ``request.throttled``, with ``Retry-After``), on the API
and the director's desk alike; nothing is written past a limit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games.events.errors import TooManyEntries
from games.events.models import Entry, Event
from games.events.services import entry_add
from games.models import Player
from scorekeeper.throttles import EventCreateThrottle, WalkInThrottle
from tests.events.helpers import Room, make_room, swiss
from tests.factories import api_client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _limits(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    settings.EVENT_ENTRIES_MAX = 3
    rates = {"walk_ins": "2/minute", "events_created": "1/day"}
    monkeypatch.setattr(WalkInThrottle, "THROTTLE_RATES", rates)
    monkeypatch.setattr(EventCreateThrottle, "THROTTLE_RATES", rates)
    cache.clear()
    yield
    cache.clear()


def _rows() -> tuple[int, int, int]:
    return Entry.objects.count(), Player.objects.count(), Event.objects.count()


def _desk(room: Room) -> Client:
    client = Client()
    client.force_login(room.director)
    return client


def test_an_entry_past_the_cap_is_400_and_writes_nothing() -> None:
    room = make_room(4)
    event = swiss(room)
    for guest in room.guests[:3]:
        entry_add(event=event, by=room.director, player=guest)
    client = api_client(room.director)
    before = _rows()
    for body in ({"player": room.guests[3].pk}, {"name": "Late Lu"}):
        answer = client.post(f"/api/v1/events/{event.pk}/entries/", body, format="json")
        assert (answer.status_code, answer.json()["code"]) == (400, "event.too_many_entries")
        assert answer.json()["details"] == {"limit": 3}
        assert answer.json()["message"] == "An event takes at most 3 entries."
    assert _rows() == before


def test_dropped_entries_count_towards_the_cap() -> None:
    room = make_room(4)
    event = swiss(room)
    for guest in room.guests[:3]:
        entry_add(event=event, by=room.director, player=guest)
    Entry.objects.filter(event=event).update(dropped_round=1)
    with pytest.raises(TooManyEntries):
        entry_add(event=event, by=room.director, player=room.guests[3])


def test_the_desk_refuses_an_entry_past_the_cap_with_the_message() -> None:
    room = make_room(4)
    event = swiss(room)
    for guest in room.guests[:3]:
        entry_add(event=event, by=room.director, player=guest)
    before = _rows()
    answer = _desk(room).post(reverse("event-entry-add", args=[event.pk]), {"name": "Late Lu"}, follow=True)
    assert "An event takes at most 3 entries." in answer.content.decode()
    assert _rows() == before


def test_too_many_walk_ins_a_minute_are_429_and_members_entries_are_not_counted() -> None:
    room = make_room(1)
    event = swiss(room)
    client = api_client(room.director)
    url = f"/api/v1/events/{event.pk}/entries/"
    assert client.post(url, {"name": "Walk One"}, format="json").status_code == 201
    assert client.post(url, {"player": room.member_player.pk}, format="json").status_code == 201
    assert client.post(url, {"name": "Walk Two"}, format="json").status_code == 201
    other = swiss(room)  # another event: the walk-ins are counted per account, not per event
    before = _rows()
    refused = client.post(f"/api/v1/events/{other.pk}/entries/", {"name": "Walk Three"}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (429, "request.throttled")
    assert int(refused["Retry-After"]) > 0
    assert "Too many walk-ins entered at once; try again in" in refused.json()["message"]
    assert _rows() == before


def test_too_many_events_a_day_are_429_on_the_api_and_the_desk() -> None:
    room = make_room(1)
    client = api_client(room.director)
    url = f"/api/v1/clubs/{room.club.pk}/events/"
    body = {"name": "Night", "game": "tablo", "rounds": 3}
    assert client.post(url, body, format="json").status_code == 201
    before = _rows()
    refused = client.post(url, body, format="json")
    assert (refused.status_code, refused.json()["code"]) == (429, "request.throttled")
    assert "try again in 24 hours" in refused.json()["message"]
    form = {"name": "Night", "variant": "tablo", "format": "swiss", "rounds": "3", "win": 3, "draw": 1}
    form |= {"loss": 0, "bye": 3, "tiebreak_0": "buchholz"}
    page = _desk(room).post(reverse("event-new", args=[room.club.pk]), form)
    assert page.status_code == 429
    assert "This account has created as many events as it may for now" in page.content.decode()
    assert int(page["Retry-After"]) > 0
    assert _rows() == before


def test_the_desk_refuses_too_many_walk_ins_with_a_429_page() -> None:
    room = make_room(1)
    event = swiss(room)
    desk = _desk(room)
    url = reverse("event-entry-add", args=[event.pk])
    for name in ("Walk One", "Walk Two"):
        assert desk.post(url, {"name": name}).status_code == 302
    before = _rows()
    refused = desk.post(url, {"name": "Walk Three"})
    assert refused.status_code == 429
    assert "Too many walk-ins entered at once" in refused.content.decode()
    assert _rows() == before
