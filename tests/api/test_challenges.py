"""POST /api/v1/matches/{id}/hands/{n}/challenges/: Escoba ``manual_capture`` challenges
(docs/rules/escoba.md 3.2(g))."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.matches.services.hands import hand_start
from games.matches.services.plays import hand_play_record
from games.models import Challenge
from tests.factories import Personas, api_client, make_personas

pytestmark = pytest.mark.django_db
TABLE = ["2C", "3D", "4H", "6S"]  # dealer 0: seat 1 plays first (docs/rules/escoba.md E4)


@pytest.fixture
def people() -> Personas:
    personas = make_personas("escoba", manual_capture=True)
    hand_start(match=personas.match, dealer=0, table=TABLE)
    return personas


def _hand(people: Personas) -> str:
    return f"/api/v1/matches/{people.match.pk}/hands/1/"


def _play(client: APIClient, people: Personas, body: dict[str, object]) -> None:
    assert client.post(_hand(people) + "plays/", body, format="json").status_code == 201


@pytest.mark.parametrize(
    ("taken", "correct", "points"),
    [
        pytest.param(["2C", "3D"], True, 2, id="3.2g-wrong-capture-stands-challenge-earns-2"),
        pytest.param(["6S"], False, -1, id="3.2g-false-challenge-costs-1"),
    ],
)
def test_a_challenge_of_the_latest_play_is_ruled_by_the_engine(
    people: Personas, taken: list[str], correct: bool, points: int
) -> None:
    client = api_client(people.owner)
    _play(client, people, {"seat": 1, "card": "6H", "taken": taken, "expected_seq": 0})
    body = {"seat": 0, "play_seq": 0, "expected_seq": 1}
    response = client.post(_hand(people) + "challenges/", body, format="json", HTTP_IDEMPOTENCY_KEY="c1")
    assert response.status_code == 201
    ruling = response.json()["hand"]["extra"]["rulings"][0]
    assert (ruling["by"], ruling["correct"], ruling["points"]) == (0, correct, points)
    again = client.post(_hand(people) + "challenges/", body, format="json", HTTP_IDEMPOTENCY_KEY="c1")
    assert again.json()["replayed"] is True
    other = body | {"expected_seq": 2}  # the same key, another request
    reused = client.post(_hand(people) + "challenges/", other, format="json", HTTP_IDEMPOTENCY_KEY="c1")
    assert (reused.status_code, reused.json()["code"]) == (409, "idempotency.key_reused")
    assert Challenge.objects.count() == 1
    detail = client.get(_hand(people)).json()
    assert detail["plays"][0]["challenged_by"] == [0]


def test_only_the_latest_play_can_be_challenged(people: Personas) -> None:
    client = api_client(people.owner)
    _play(client, people, {"seat": 1, "card": "6H", "taken": ["2C", "3D"], "expected_seq": 0})
    _play(client, people, {"seat": 0, "card": "9C", "expected_seq": 1})
    response = client.post(
        _hand(people) + "challenges/", {"seat": 0, "play_seq": 0, "expected_seq": 2}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "challenge.not_latest")
    assert not Challenge.objects.exists()


def test_a_challenge_of_a_missing_play_is_400(people: Personas) -> None:
    response = api_client(people.owner).post(
        _hand(people) + "challenges/", {"seat": 0, "play_seq": 4, "expected_seq": 0}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "challenge.no_such_play")


def test_without_manual_capture_there_are_no_challenges() -> None:
    people = make_personas("escoba")
    hand = hand_start(match=people.match, dealer=0, table=TABLE)
    hand_play_record(hand=hand, seat=1, card="6H", taken=["6S"], expected_seq=0)
    response = api_client(people.owner).post(
        f"/api/v1/matches/{people.match.pk}/hands/1/challenges/",
        {"seat": 0, "play_seq": 0, "expected_seq": 1},
        format="json",
    )
    assert (response.status_code, response.json()["code"]) == (400, "challenge.not_allowed")
    assert not Challenge.objects.exists()
