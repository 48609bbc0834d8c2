"""Every create a phone makes (players, clubs, seasons, matches, hands, summaries, ...) is retry-safe with
an ``Idempotency-Key``: the retry gets the first answer back, and nothing is created twice."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.db.models import Model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.matches.services.hands import hand_start
from games.models import Club, Hand, HandSummary, IdempotentRequest, Match, Player, Season
from tests.factories import Personas, PlayerFactory, UserFactory, api_client, make_personas

pytestmark = pytest.mark.django_db
SIDES = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


def _match_body(people: Personas) -> dict[str, Any]:
    guests = [PlayerFactory.create(name=name, created_by=people.owner) for name in ("Cy", "Di")]
    return {"game": "tablo", "players": [guest.pk for guest in guests], "club": people.club.pk}


CREATES: list[Any] = [
    pytest.param(lambda p: ("/api/v1/players/", {"name": "Cy"}), Player, id="player"),
    pytest.param(lambda p: ("/api/v1/clubs/", {"name": "Friday"}), Club, id="club"),
    pytest.param(lambda p: (f"/api/v1/clubs/{p.club.pk}/seasons/", {"name": "Spring"}), Season, id="season"),
    pytest.param(lambda p: ("/api/v1/matches/", _match_body(p)), Match, id="match"),
    pytest.param(
        lambda p: ("/api/v1/matches/", {"game": "tablo", "names": ["Cy", "Di"]}), Match, id="match-by-names"
    ),
    pytest.param(
        lambda p: (f"/api/v1/matches/{p.match.pk}/hands/", {"table": ["2C", "3D", "4H", "5S"]}),
        Hand,
        id="hand",
    ),
]


def _twice(people: Personas, url: str, body: dict[str, Any], key: str = "k-1") -> tuple[Any, Any]:
    phone = api_client(people.owner)
    return (phone.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key) for _ in range(2))  # type: ignore[return-value]


@pytest.mark.parametrize(("request_of", "model"), CREATES)
def test_a_retried_create_returns_the_first_answer_and_creates_once(
    request_of: Callable[[Personas], tuple[str, dict[str, Any]]], model: type[Model]
) -> None:
    people = make_personas()
    url, body = request_of(people)
    before = model._default_manager.count()
    first, again = _twice(people, url, body)
    assert first.status_code == again.status_code == 201, first.json()
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert not first.has_header("Idempotent-Replayed")
    assert model._default_manager.count() == before + 1


def test_a_retried_summary_returns_the_closed_hand_instead_of_hand_not_open() -> None:
    people = make_personas()
    hand_start(match=people.match, table=["2C", "3D", "4H", "5S"])
    first, again = _twice(people, f"/api/v1/matches/{people.match.pk}/hands/1/summary/", {"sides": SIDES})
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert HandSummary.objects.count() == 1


def test_without_a_key_a_second_create_is_a_second_row() -> None:
    people = make_personas()
    phone = api_client(people.owner)
    for _ in range(2):
        assert phone.post("/api/v1/players/", {"name": "Cy"}, format="json").status_code == 201
    assert Player.objects.filter(name="Cy").count() == 2


def test_the_same_key_for_a_different_request_is_a_conflict_and_writes_nothing() -> None:
    people = make_personas()
    phone = api_client(people.owner)
    phone.post("/api/v1/players/", {"name": "Cy"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    response = phone.post("/api/v1/players/", {"name": "Di"}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert (response.status_code, response.json()["code"]) == (409, "idempotency.key_reused")
    assert not Player.objects.filter(name="Di").exists()


def test_keys_belong_to_the_account() -> None:
    people = make_personas()
    for user in (people.owner, people.member):
        response = api_client(user).post(
            "/api/v1/players/", {"name": "Cy"}, format="json", HTTP_IDEMPOTENCY_KEY="k"
        )
        assert response.status_code == 201
    assert Player.objects.filter(name="Cy").count() == 2


def test_a_failed_create_keeps_no_answer_so_its_retry_runs_again() -> None:
    people = make_personas()
    url = f"/api/v1/matches/{people.match.pk}/hands/1/summary/"
    refused = api_client(people.owner).post(url, {"sides": SIDES}, format="json", HTTP_IDEMPOTENCY_KEY="s")
    assert refused.status_code == 404  # no hand 1 yet
    hand_start(match=people.match, table=["2C", "3D", "4H", "5S"])
    retried = api_client(people.owner).post(url, {"sides": SIDES}, format="json", HTTP_IDEMPOTENCY_KEY="s")
    assert retried.status_code == 201
    assert IdempotentRequest.objects.get().status == 201


def test_an_outsiders_retry_is_refused_like_the_first_try() -> None:
    people = make_personas()
    phone = api_client(people.outsider)
    url = f"/api/v1/matches/{people.match.pk}/hands/"
    for _ in range(2):
        response = phone.post(
            url, {"table": ["2C", "3D", "4H", "5S"]}, format="json", HTTP_IDEMPOTENCY_KEY="h"
        )
        assert response.status_code == 404  # the match is not the outsider's to see
    assert not Hand.objects.exists()
    assert not IdempotentRequest.objects.exists()


def test_a_key_longer_than_100_characters_is_refused() -> None:
    people = make_personas()
    response = api_client(people.owner).post(
        "/api/v1/players/", {"name": "Cy"}, format="json", HTTP_IDEMPOTENCY_KEY="k" * 101
    )
    assert (response.status_code, response.json()["code"]) == (400, "request.invalid")
    assert not Player.objects.filter(name="Cy").exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_copies_sent_at_once_to_two_nodes_create_one_hand() -> None:
    people = make_personas()
    url = f"/api/v1/matches/{people.match.pk}/hands/"
    answers: list[Any] = []
    start = threading.Barrier(2)

    def send() -> None:
        start.wait()
        try:
            phone = api_client(people.owner)
            answers.append(
                phone.post(url, {"table": ["2C", "3D", "4H", "5S"]}, format="json", HTTP_IDEMPOTENCY_KEY="h")
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [answer.status_code for answer in answers] == [201, 201]
    assert answers[0].json() == answers[1].json()
    assert Hand.objects.filter(match=people.match).count() == 1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    sent=st.lists(st.tuples(st.sampled_from("abc"), st.sampled_from(["Cy", "Di"])), min_size=1, max_size=8)
)
def test_any_mix_of_retries_and_reused_keys_creates_one_player_per_key(
    sent: list[tuple[str, str]],
) -> None:
    """Whatever the order: the first request of a key creates, a retry replays it, another body is 409."""
    user = UserFactory.create()
    phone = api_client(user)
    first: dict[str, tuple[str, Any]] = {}
    for key, name in sent:
        response = phone.post("/api/v1/players/", {"name": name}, format="json", HTTP_IDEMPOTENCY_KEY=key)
        if key not in first:
            assert response.status_code == 201
            first[key] = (name, response.json())
        elif first[key][0] == name:
            assert (response.status_code, response.json()) == (201, first[key][1])
        else:
            assert response.status_code == 409
    assert Player.objects.filter(created_by=user).count() == len(first)
