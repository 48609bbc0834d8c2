"""Pairing rounds through the API: retries, concurrent directors, the version phones poll, and the
bounded cost of the reads."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from games.events.models import Event, Round
from games.events.services import entry_add
from games.models import Match
from tests.events.helpers import Room, make_room, swiss
from tests.factories import api_client

WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


def _event(players: int = 11) -> tuple[Room, Event]:
    room = make_room(players)
    event = swiss(room, options={"target": 1})
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    return room, event


@pytest.mark.django_db
def test_a_retried_publish_answers_the_first_round_and_stores_one() -> None:
    room, event = _event(3)
    client = api_client(room.director)
    url = f"/api/v1/events/{event.pk}/rounds/"
    first = client.post(url, {"draft": False}, format="json", HTTP_IDEMPOTENCY_KEY="round-1")
    again = client.post(url, {"draft": False}, format="json", HTTP_IDEMPOTENCY_KEY="round-1")
    assert (first.status_code, again.status_code, again["Idempotent-Replayed"]) == (201, 201, "true")
    assert again.json() == first.json()
    assert (Round.objects.count(), Match.objects.count()) == (1, 2)
    other = client.post(url, {"draft": True}, format="json", HTTP_IDEMPOTENCY_KEY="round-1")
    assert (other.status_code, other.json()["code"]) == (409, "idempotency.key_reused")


@pytest.mark.django_db
def test_the_version_changes_with_a_round_and_a_result_not_with_a_hand_started() -> None:
    room, event = _event(3)
    client = api_client(room.member)
    director = api_client(room.director)
    url = f"/api/v1/events/{event.pk}/"
    before = client.get(url).json()["version"]
    published = director.post(f"{url}rounds/", {}, format="json").json()
    after_pairing = client.get(url).json()["version"]
    match = published["tables"][0]["match"]
    started = director.post(f"/api/v1/matches/{match}/hands/", {"mode": "summary"}, format="json").json()
    after_start = client.get(url).json()["version"]
    director.post(
        f"/api/v1/matches/{match}/hands/{started['number']}/summary/", {"sides": WIN}, format="json"
    )
    after_result = client.get(url).json()["version"]
    assert before < after_pairing == after_start != after_result
    listed = client.get(f"/api/v1/clubs/{room.club.pk}/events/").json()["results"]
    assert [each["version"] for each in listed] == [after_result]


@pytest.mark.django_db
def test_rounds_and_standings_cost_a_bounded_number_of_queries(
    django_assert_max_num_queries: Callable[..., Any],
) -> None:
    room, event = _event(11)
    director = api_client(room.director)
    url = f"/api/v1/events/{event.pk}/"
    for _ in range(2):
        published = director.post(f"{url}rounds/", {}, format="json").json()
        for table in published["tables"]:
            result = f"{url}rounds/{published['number']}/tables/{table['number']}/result/"
            director.post(result, {"winner": 0}, format="json")
    with django_assert_max_num_queries(9):  # auth, event, names, rounds, tables, overrides, byes, count
        assert len(director.get(f"{url}rounds/").json()["results"]) == 2
    with django_assert_max_num_queries(9):  # auth, event, entries, rounds, tables, overrides, byes
        assert len(director.get(f"{url}standings/").json()["rows"]) == 12


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_directors_publishing_at_once_publish_one_round() -> None:
    room, event = _event(3)
    url = f"/api/v1/events/{event.pk}/rounds/"
    answers: list[tuple[int, str]] = []
    start = threading.Barrier(2)

    def publish() -> None:
        try:
            start.wait()
            response = api_client(room.director).post(url, {"draft": False}, format="json")
            answers.append((response.status_code, response.json().get("code", "")))
        finally:
            connection.close()

    threads = [threading.Thread(target=publish) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [(201, ""), (409, "event.round_open")]
    assert Round.objects.count() == 1
    assert Match.objects.count() == 2
