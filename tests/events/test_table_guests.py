"""Guests' tables and confirmed results (docs/events.md): a table's code opens a session on its match
without an account (``POST tables/{code}/session/``), whose token records that match and nothing else
until the event ends; wrong codes from one address are limited; in an event that asks for it, a
table's result counts once a second person at the table confirms it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from games.events.models import Event, Table
from games.events.services import entry_add, table_result_set
from games.events.table_codes import ALPHABET, code_clean
from games.matches.services.hands import hand_correct
from games.models import AuditEntry, Hand
from scorekeeper.throttles import TableCodeThrottle
from tests.events.helpers import Room, make_room, swiss
from tests.factories import api_client

pytestmark = pytest.mark.django_db

WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]


@pytest.fixture(autouse=True)
def _fresh_counts() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def _night(rounds: int = 2, confirm: bool = False) -> tuple[Room, Event, list[Table]]:
    """Four players, round 1 published: two tables of guests, each match one hand to its target."""
    room = make_room(3)
    event = swiss(room, rounds=rounds, options={"target": 1}, confirm_results=confirm)
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    api_client(room.director).post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json")
    return room, event, list(Table.objects.filter(round__event=event).order_by("number"))


def _guest(code: str) -> tuple[APIClient, int]:
    response = APIClient().post(f"/api/v1/tables/{code}/session/")
    assert response.status_code == 201, response.json()
    body = response.json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    return client, body["match"]


def _finish(client: Any, match: int, sides: list[dict[str, int]] = WIN) -> int:
    client.post(f"/api/v1/matches/{match}/hands/", {"mode": "summary"}, format="json")
    response = client.post(f"/api/v1/matches/{match}/hands/1/summary/", {"sides": sides}, format="json")
    return int(response.status_code)


def test_every_table_has_its_own_short_code_typed_in_any_case() -> None:
    _room, _event, tables = _night()
    codes = [table.code for table in tables]
    assert len(set(codes)) == 2
    assert all(len(code) == 8 and set(code) <= set(ALPHABET) for code in codes)
    typed = f"{codes[0][:4].lower()} - {codes[0][4:].lower()}"
    assert code_clean(typed) == codes[0]
    assert code_clean("O0I1L5S2") == ""  # characters no code has


def test_a_guest_records_and_finishes_its_tables_match_and_nothing_else() -> None:
    room, event, tables = _night()
    guest, match = _guest(tables[0].code)
    assert match == tables[0].match_id
    assert guest.get(f"/api/v1/matches/{match}/").status_code == 200
    assert _finish(guest, match) == 201
    assert guest.get(f"/api/v1/matches/{match}/").json()["status"] == "finished"
    other = tables[1].match_id
    assert guest.get(f"/api/v1/matches/{other}/").status_code == 404
    assert _finish(guest, other) == 404
    assert guest.get(f"/api/v1/events/{event.pk}/").status_code == 403  # signed in as a guest: forbidden
    assert guest.post(f"/api/v1/matches/{match}/abandon/").status_code == 403
    assert guest.post("/api/v1/matches/", {"game": "tablo"}, format="json").status_code == 403
    entered = AuditEntry.objects.get(action="table.code_entered")
    assert (entered.match_id, entered.by, entered.after) == (
        match,
        None,
        {"table": 1, "round": 1, "via": "api"},
    )
    rounds = api_client(room.director).get(f"/api/v1/events/{event.pk}/rounds/1/").json()
    assert rounds["tables"][0]["result"]["places"] == [0, 1]


def test_a_wrong_code_is_not_found_and_a_few_from_one_address_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(TableCodeThrottle, "THROTTLE_RATES", {"table_codes": "3/hour"})
    _room, _event, tables = _night()
    anyone = APIClient()
    for _ in range(3):
        wrong = anyone.post("/api/v1/tables/ABCDEFGH/session/")
        assert (wrong.status_code, wrong.json()["code"]) == (404, "resource.not_found")
    refused = anyone.post(f"/api/v1/tables/{tables[0].code}/session/")
    assert (refused.status_code, refused.json()["code"]) == (429, "request.throttled")
    assert int(refused["Retry-After"]) > 0
    elsewhere = APIClient(REMOTE_ADDR="192.0.2.7").post(f"/api/v1/tables/{tables[0].code}/session/")
    assert elsewhere.status_code == 201  # counted per address
    assert (
        APIClient().post("/api/v1/tables/ABCDEFGH/session/", HTTP_AUTHORIZATION="Token a:b").status_code
        == 429
    )


def test_a_forged_token_is_refused() -> None:
    _room, _event, tables = _night()
    forged = APIClient()
    forged.credentials(HTTP_AUTHORIZATION="Token eyJ0YWJsZSI6MX0:forged:signature")
    response = forged.get(f"/api/v1/matches/{tables[0].match_id}/")
    assert (response.status_code, response.json()["code"]) == (401, "auth.failed")


def test_codes_are_refused_once_the_event_has_ended() -> None:
    room, _event, tables = _night(rounds=1)
    guest, match = _guest(tables[0].code)
    assert _finish(guest, match) == 201
    table_result_set(table=tables[1], by=room.director, winner=0)  # the last table: the event ends
    refused = APIClient().post(f"/api/v1/tables/{tables[0].code}/session/")
    assert (refused.status_code, refused.json()["code"]) == (409, "table.code_expired")
    assert guest.get(f"/api/v1/matches/{match}/").status_code == 200  # still reads its match
    hand = guest.post(f"/api/v1/matches/{match}/hands/1/correct/", {"summary": EVEN}, format="json")
    assert hand.status_code == 403  # records no more


def test_only_the_director_reads_the_codes() -> None:
    room, event, tables = _night()
    url = f"/api/v1/events/{event.pk}/rounds/1/"
    director = api_client(room.director).get(url).json()
    assert [table["code"] for table in director["tables"]] == [table.code for table in tables]
    member = api_client(room.member).get(url).json()
    assert all("code" not in table for table in member["tables"])


def test_a_confirmed_event_counts_a_result_once_a_second_person_confirms_it() -> None:
    room, event, tables = _night(confirm=True)
    guest, match = _guest(tables[0].code)
    assert _finish(guest, match) == 201
    director = api_client(room.director)
    url = f"/api/v1/events/{event.pk}/rounds/1/"
    table = director.get(url).json()["tables"][0]
    assert (table["result"], table["confirmed"], table["awaiting_confirmation"]) == (None, False, True)
    same = guest.post(f"/api/v1/matches/{match}/confirmation/")
    assert (same.status_code, same.json()["code"]) == (409, "confirmation.same_person")
    confirmed = director.post(f"/api/v1/matches/{match}/confirmation/")
    assert confirmed.status_code == 200, confirmed.json()
    assert (confirmed.json()["places"], confirmed.json()["by"]) == ([0, 1], "director")
    table = director.get(url).json()["tables"][0]
    assert (table["result"]["places"], table["confirmed"], table["awaiting_confirmation"]) == (
        [0, 1],
        True,
        False,
    )
    assert AuditEntry.objects.filter(action="table.result_confirmed", match_id=match).count() == 1


def test_the_table_code_confirms_a_result_an_account_recorded_and_a_correction_asks_again() -> None:
    room, event, tables = _night(confirm=True)
    director = api_client(room.director)
    match = tables[0].match_id
    assert _finish(director, match) == 201
    unfinished = api_client(room.director).post(f"/api/v1/matches/{tables[1].match_id}/confirmation/")
    assert (unfinished.status_code, unfinished.json()["code"]) == (409, "confirmation.unfinished")
    guest, _ = _guest(tables[0].code)
    assert guest.post(f"/api/v1/matches/{match}/confirmation/").json()["by"] is None
    url = f"/api/v1/events/{event.pk}/rounds/1/"
    assert director.get(url).json()["tables"][0]["confirmed"] is True
    hand_correct(hand=Hand.objects.get(match_id=match), summary=list(reversed(WIN)))
    table = director.get(url).json()["tables"][0]
    assert (table["confirmed"], table["awaiting_confirmation"]) == (False, True)  # a new result to confirm


def test_the_next_round_waits_for_a_confirmation_and_a_directors_result_needs_none() -> None:
    room, event, tables = _night(confirm=True)
    director = api_client(room.director)
    for table in tables:
        assert _finish(director, table.match_id) == 201
    waiting = director.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json")
    assert (waiting.status_code, waiting.json()["code"]) == (409, "event.round_open")
    assert waiting.json()["details"]["open"] == 2
    table_result_set(table=tables[0], by=room.director, winner=0)
    guest, _ = _guest(tables[1].code)
    assert guest.post(f"/api/v1/matches/{tables[1].match_id}/confirmation/").status_code == 200
    assert director.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json").status_code == 201


def test_an_event_without_confirmations_refuses_one() -> None:
    room, _event, tables = _night()
    director = api_client(room.director)
    assert _finish(director, tables[0].match_id) == 201
    guest, match = _guest(tables[0].code)
    refused = guest.post(f"/api/v1/matches/{match}/confirmation/")
    assert (refused.status_code, refused.json()["code"]) == (409, "confirmation.not_asked")
    created = director.get(f"/api/v1/events/{_event.pk}/").json()
    assert created["confirm_results"] is False
