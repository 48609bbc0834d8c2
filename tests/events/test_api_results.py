"""A round's results through the API: ``stale``, ``exact``, each table's ``result``, ``result_version``
and ``result_changed``; withdrawing a director's result (``DELETE .../result/``); two writes to one
table's result at once on real PostgreSQL (one wins, the other gets 409 with the current result)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from games.events.models import Event, ResultOverride
from games.events.services import entry_add
from games.matches.services.hands import hand_correct
from games.models import Hand, Match
from tests.events.helpers import Room, make_room, swiss
from tests.factories import api_client

WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]


def _night(players: int = 4) -> tuple[Room, Event]:
    room = make_room(players - 1)
    event = swiss(room, options={"target": 1})
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    return room, event


def _finish(client: Any, match: int) -> None:
    client.post(f"/api/v1/matches/{match}/hands/", {"mode": "summary"}, format="json")
    response = client.post(f"/api/v1/matches/{match}/hands/1/summary/", {"sides": WIN}, format="json")
    assert response.status_code == 201, response.json()


def _result_url(event: Event, number: int, table: int) -> str:
    return f"/api/v1/events/{event.pk}/rounds/{number}/tables/{table}/result/"


@pytest.mark.django_db
def test_a_round_shows_stale_exact_and_which_result_changed_after_the_next_round() -> None:
    room, event = _night()
    director = api_client(room.director)
    rounds = f"/api/v1/events/{event.pk}/rounds/"
    first = director.post(rounds, {}, format="json").json()
    assert (first["stale"], first["exact"]) == (False, True)
    for table in first["tables"]:
        _finish(director, table["match"])
    director.post(rounds, {}, format="json")
    shown = director.get(f"{rounds}1/").json()
    assert [table["result"]["places"] for table in shown["tables"]] == [[0, 1], [0, 1]]
    assert shown["tables"][0]["result"]["scores"] == [15, 10]
    assert [table["result_changed"] for table in shown["tables"]] == [None, None]
    assert [len(table["code"]) for table in shown["tables"]] == [8, 8]  # the director's answer
    hand = Hand.objects.get(match_id=first["tables"][0]["match"])
    hand_correct(hand=hand, summary=EVEN)  # the match goes on again: no result
    member = api_client(room.member).get(f"{rounds}1/").json()
    changed = member["tables"][0]["result_changed"]
    assert member["tables"][0]["result"] is None
    assert (changed["before"]["places"], changed["before"]["winner"], changed["after"]) == ([0, 1], 0, None)
    assert (changed["paired"], changed["at"] is not None) == (2, True)
    assert (member["stale"], api_client(room.member).get(f"{rounds}2/").json()["stale"]) == (False, True)
    listed = director.get(rounds).json()["results"]
    assert [each["stale"] for each in listed] == [False, True]
    refused = director.post(rounds, {"draft": True}, format="json").json()
    missing = [{"round": 1, "table": 1}, {"round": 2, "table": 1}, {"round": 2, "table": 2}]
    assert (refused["code"], refused["details"]["tables"]) == ("event.round_open", missing)


@pytest.mark.django_db
def test_the_director_withdraws_an_override_and_the_match_counts_again() -> None:
    room, event = _night(2)
    director = api_client(room.director)
    (table,) = director.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json").json()["tables"]
    _finish(director, table["match"])
    url = _result_url(event, 1, 1)
    set_ = director.post(url, {"winner": None, "expected_version": 0}, format="json")
    assert set_.status_code == 200
    assert (set_.json()["result"]["kind"], set_.json()["result"]["winner"]) == ("director", None)
    assert (set_.json()["result"]["scores"], set_.json()["result_version"]) == ([15, 10], 1)
    gone = director.delete(f"{url}?expected_version=1")
    assert gone.status_code == 200, gone.json()
    body = gone.json()
    assert (body["result"]["kind"], body["result"]["winner"], body["result_version"]) == ("match", 0, 2)
    assert ResultOverride.objects.get().withdrawn_at is not None
    again = director.delete(url)
    assert (again.status_code, again.json()["code"]) == (409, "result.no_override")
    stale = director.post(url, {"winner": 1, "expected_version": 1}, format="json")
    assert (stale.status_code, stale.json()["code"]) == (409, "result.out_of_sync")
    assert stale.json()["details"]["result"]["kind"] == "match"
    assert stale.json()["details"]["version"] == 2
    assert set_.json()["result"]["at"].endswith("Z")  # as DRF writes every time
    bad = director.delete(f"{url}?expected_version=x")
    assert (bad.status_code, bad.json()["code"]) == (400, "request.invalid")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("who", "status", "code"),
    [
        ("outsider", 404, "resource.not_found"),
        ("member", 403, "auth.forbidden"),
        (None, 401, "auth.required"),
    ],
)
def test_only_the_director_withdraws(who: str | None, status: int, code: str) -> None:
    room, event = _night(2)
    director = api_client(room.director)
    director.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json")
    director.post(_result_url(event, 1, 1), {"winner": 0}, format="json")
    response = api_client(getattr(room, who) if who else None).delete(_result_url(event, 1, 1))
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert ResultOverride.objects.get().withdrawn_at is None
    assert director.delete(_result_url(event, 1, 9)).status_code == 404


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_directors_writing_one_tables_result_at_once_one_wins_the_other_gets_409() -> None:
    room, event = _night(2)
    director = api_client(room.director)
    director.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json")
    url = _result_url(event, 1, 1)
    for round_trip in range(3):
        version = director.get(f"/api/v1/events/{event.pk}/rounds/1/").json()["tables"][0]["result_version"]
        answers: list[tuple[int, dict[str, Any]]] = []
        start = threading.Barrier(2)

        def write(
            winner: int,
            version: int = version,
            start: threading.Barrier = start,
            answers: list[tuple[int, dict[str, Any]]] = answers,
        ) -> None:
            try:
                start.wait()
                body = {"winner": winner, "expected_version": version}
                response = api_client(room.director).post(url, body, format="json")
                answers.append((response.status_code, response.json()))
            finally:
                connection.close()

        threads = [threading.Thread(target=write, args=(winner,)) for winner in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(status for status, _ in answers) == [200, 409]
        won = next(body for status, body in answers if status == 200)
        lost = next(body for status, body in answers if status == 409)
        assert lost["code"] == "result.out_of_sync"
        assert lost["details"]["result"]["winner"] == won["result"]["winner"]
        assert lost["details"]["version"] == won["result_version"] == version + 1
        assert ResultOverride.objects.count() == round_trip + 1
    assert Match.objects.count() == 1
