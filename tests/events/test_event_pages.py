"""Pages that do not grow with the event (docs/events.md, "How big an event's pages get"): the event's
version follows what the event shows (a result, not a play), the event page, the TV page and the
standings API stay under 200 KB at 800 entrants, and the round clock is a deadline kept by the server."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from games.audit.words import ACTIONS
from games.events.clock import round_clock, round_clock_pause, round_clock_reset, round_clock_start
from games.events.errors import ClockMinutesNeeded, ClockNotRunning
from games.events.models import Event, Table
from games.events.selectors import event_version
from games.events.services import entry_add, round_pair
from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_start, hand_summary_record
from games.models import AuditEntry, Hand, Play
from tests.events.bulk import bulk_event
from tests.events.helpers import Room, make_room, swiss
from tests.factories import api_client
from web.event_keys import event_key

pytestmark = pytest.mark.django_db

WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
PAGE_BYTES = 200 * 1024


def _paired() -> tuple[Room, Event, Table]:
    room = make_room(3)
    event = swiss(room, options={"target": 1})
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    round_pair(event=event, by=room.director)
    return room, event, Table.objects.select_related("match").filter(round__event=event).first()  # type: ignore[return-value]


def test_plays_keep_the_events_version_and_a_result_changes_it() -> None:
    room = make_room(3)
    event = swiss(room)  # to 101 points: a hand played out does not finish a match
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    round_pair(event=event, by=room.director)
    table = Table.objects.select_related("match").filter(round__event=event).first()
    assert table is not None
    before = event_version(event.pk)
    demo_hand_play(match=table.match, rng=random.Random(3))  # every card played, the hand closed
    assert Play.objects.filter(hand__match=table.match).exists()
    assert event_version(event.pk) == before  # plays: the event shows nothing new


def test_a_hand_started_keeps_the_events_version_and_its_result_changes_it() -> None:
    _, event, table = _paired()
    before = event_version(event.pk)
    hand = hand_start(match=table.match, mode=Hand.Mode.SUMMARY)
    assert event_version(event.pk) == before
    hand_summary_record(hand=hand, entries=WIN)  # the match finishes: a result
    assert event_version(event.pk) != before


@pytest.mark.slow
def test_the_pages_and_the_standings_stay_small_at_800_entrants() -> None:
    built = bulk_event(800)
    cache.clear()
    client = Client()
    client.force_login(built.director)
    pk = built.event.pk
    for url in (f"/events/{pk}/", f"/events/{pk}/tv/", f"/api/v1/events/{pk}/standings/"):
        response = client.get(url)
        assert response.status_code == 200
        assert len(response.content) < PAGE_BYTES, url
    standings = client.get(f"/api/v1/events/{pk}/standings/", {"limit": 200, "offset": 700}).json()
    assert (standings["count"], len(standings["rows"]), standings["next"]) == (800, 100, None)
    page = client.get(f"/events/{pk}/", {"standings": 16}).content.decode()
    assert page.count("<tr") == 1 + 800 - 15 * 50  # the heading and the last page's rows
    earlier = client.get(f"/events/{pk}/rounds/1/", headers={"HX-Request": "true"})
    assert earlier.content.decode().count('class="table-card"') == 400  # on demand


def test_the_round_clock_starts_pauses_goes_on_and_comes_off_each_recorded() -> None:
    room, event, _ = _paired()
    with pytest.raises(ClockMinutesNeeded):
        round_clock_start(event=event, by=room.director)
    with pytest.raises(ClockNotRunning):
        round_clock_pause(event=event, by=room.director)
    version = event_version(event.pk)
    event = round_clock_start(event=event, by=room.director, minutes=25)
    assert event_version(event.pk) != version
    clock = round_clock(event)
    assert clock is not None
    assert clock.running
    assert 24 * 60 < clock.left <= 25 * 60
    later = timezone.now() + timedelta(minutes=10)
    assert getattr(round_clock(event, later), "left", 0) in range(14 * 60 - 2, 15 * 60 + 1)
    event = round_clock_pause(event=event, by=room.director)
    stopped = round_clock(event, later)
    assert stopped is not None
    assert not stopped.running
    assert stopped.left > 24 * 60  # stopped: time stands
    event = round_clock_start(event=event, by=room.director)  # on from where it stopped
    assert getattr(round_clock(event), "running", False)
    event = round_clock_reset(event=event, by=room.director)
    assert round_clock(Event.objects.get(pk=event.pk)) is None
    actions = list(
        AuditEntry.objects.filter(action__startswith="event.clock").values_list("action", flat=True)
    )
    assert sorted(actions) == [
        "event.clock_paused",
        "event.clock_reset",
        "event.clock_started",
        "event.clock_started",
    ]
    assert all(action in ACTIONS for action in actions)


def test_the_clock_api_for_directors_and_readers_and_on_the_tv() -> None:
    room, event, _ = _paired()
    url = f"/api/v1/events/{event.pk}/clock/"
    director, member = api_client(room.director), api_client(room.member)
    assert member.get(url).json()["minutes"] is None
    refused = member.post(url, {"action": "start", "minutes": 20}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "auth.forbidden")
    missing = director.post(url, {"action": "start"}, format="json")
    assert (missing.status_code, missing.json()["code"]) == (400, "event.clock_minutes")
    bad = director.post(url, {"action": "start", "minutes": 0}, format="json")
    assert bad.status_code == 400
    started = director.post(url, {"action": "start", "minutes": 20}, format="json").json()
    assert (started["minutes"], started["running"], started["deadline"] is not None) == (20, True, True)
    assert member.get(url).json()["deadline"] == started["deadline"]
    client = Client()
    client.force_login(room.member)
    tv = client.get(f"/events/{event.pk}/tv/").content.decode()
    assert 'class="round-clock running"' in tv
    assert "data-running" in tv
    paused = director.post(url, {"action": "pause"}, format="json").json()
    assert (paused["running"], paused["deadline"]) == (False, None)
    again = director.post(url, {"action": "pause"}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "event.clock_not_running")
    assert director.post(url, {"action": "reset"}, format="json").json()["minutes"] is None


def test_the_desk_starts_the_clock_and_a_member_may_not() -> None:
    room, event, _ = _paired()
    director, member = Client(), Client()
    director.force_login(room.director)
    member.force_login(room.member)
    assert member.post(f"/events/{event.pk}/clock/", {"action": "start", "minutes": "15"}).status_code == 403
    assert round_clock(Event.objects.get(pk=event.pk)) is None
    director.post(f"/events/{event.pk}/clock/", {"action": "start", "minutes": "15"})
    page = director.get(f"/events/{event.pk}/").content.decode()
    assert "15:00" in page or "14:5" in page
    assert "Pause the clock" in page


def test_a_poll_waits_while_another_request_computes_the_new_summary() -> None:
    room, event, _ = _paired()
    client = Client()
    client.force_login(room.member)
    version = event_version(event.pk)
    query: dict[str, str | int] = {"v": "0", "e": event.pk, "k": event_key(event.pk)}
    computing = f"event-summary:{event.pk}:{event.created_at.timestamp()}:{version}:computing"
    cache.delete(computing.removesuffix(":computing"))
    cache.add(computing, 1, 30)  # another request is at it
    url = f"/events/{event.pk}/live/"
    assert client.get(url, query, headers={"HX-Request": "true"}).status_code == 204  # asks again later
    assert client.get(f"/events/{event.pk}/").status_code == 200  # a page computes it anyway
    assert client.get(url, query, headers={"HX-Request": "true"}).status_code == 200
