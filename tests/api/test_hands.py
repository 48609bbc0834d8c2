"""/api/v1/matches/{id}/hands/: start the next hand (engine-checked setup), list and detail."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_start
from games.matches.services.plays import hand_play_record
from games.models import Hand
from tests.factories import Personas, api_client, make_personas

pytestmark = pytest.mark.django_db
TABLE = ["2C", "3D", "4H", "5S"]


@pytest.fixture
def people() -> Personas:
    return make_personas()


def test_starting_a_hand_returns_its_setup_and_who_plays_first(people: Personas) -> None:
    response = api_client(people.owner).post(
        f"/api/v1/matches/{people.match.pk}/hands/", {"table": ["2c", "3d", "4h", "5s"]}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["number"], body["dealer"], body["table"], body["is_open"]) == (1, 0, TABLE, True)
    assert (body["next_seq"], body["state"]["next_seat"], body["plays"]) == (0, 1, [])


def test_a_hand_scored_from_counts_starts_without_its_table(people: Personas) -> None:
    client = api_client(people.owner)
    response = client.post(f"/api/v1/matches/{people.match.pk}/hands/", {"mode": "summary"}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["mode"], body["table"], body["state"]["complete"]) == ("summary", [], False)
    sides = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    response = client.post(
        f"/api/v1/matches/{people.match.pk}/hands/1/summary/", {"sides": sides}, format="json"
    )
    assert (response.status_code, response.json()["match"]["totals"]) == (201, [15, 10])


@pytest.mark.parametrize(
    ("body", "code"),
    [
        pytest.param({"table": TABLE[:3]}, "table.bad_size", id="B5-four-table-cards"),
        pytest.param({"table": TABLE, "dealer": 5}, "setup.bad_dealer", id="A4-dealer-is-a-seat"),
        pytest.param({"table": ["2C", "2C", "4H", "5S"]}, "card.duplicate", id="A1-each-card-once"),
    ],
)
def test_a_bad_setup_is_400_and_no_hand_is_written(
    people: Personas, body: dict[str, object], code: str
) -> None:
    response = api_client(people.owner).post(f"/api/v1/matches/{people.match.pk}/hands/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, code)
    assert not Hand.objects.exists()


def test_a_second_open_hand_is_a_conflict(people: Personas) -> None:
    client = api_client(people.owner)
    client.post(f"/api/v1/matches/{people.match.pk}/hands/", {"table": TABLE}, format="json")
    response = client.post(f"/api/v1/matches/{people.match.pk}/hands/", {"table": TABLE}, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "hand.still_open")
    assert Hand.objects.count() == 1


@pytest.mark.parametrize(
    ("number", "started"),
    [
        pytest.param(1, 1, id="another-phone-started-it"),
        pytest.param(3, 0, id="a-hand-missing-before-it"),
    ],
)
def test_a_start_that_names_another_hand_than_the_next_is_a_conflict(
    people: Personas, number: int, started: int
) -> None:
    """An offline phone names the hand it started: it opens no other one (static/js/offline_hand_end.js)."""
    client = api_client(people.owner)
    url = f"/api/v1/matches/{people.match.pk}/hands/"
    for _ in range(started):
        client.post(url, {"table": TABLE}, format="json")
    response = client.post(url, {"table": TABLE, "number": number}, format="json")
    body = response.json()
    assert (response.status_code, body["code"]) == (409, "hand.not_next")
    assert body["details"] == {"number": number, "next": started + 1}
    assert Hand.objects.count() == started
    response = client.post(url, {"table": TABLE, "number": started + 1}, format="json")  # the next one
    assert (response.status_code, response.json().get("code")) == (
        (201, None) if not started else (409, "hand.still_open")  # hand 1 is played out first
    )


def test_hand_detail_shows_the_plays_and_the_replayed_state(people: Personas) -> None:
    hand = hand_start(match=people.match, dealer=0, table=TABLE)
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0)
    body = api_client(people.member).get(f"/api/v1/matches/{people.match.pk}/hands/1/").json()
    assert body["plays"] == [{"seq": 0, "seat": 1, "card": "5H", "taken": ["5S"], "challenged_by": []}]
    assert body["state"]["table"] == ["2C", "3D", "4H"]
    assert body["state"]["complete"] is False


def test_the_hand_list_shows_each_hands_totals_in_a_bounded_number_of_queries(
    people: Personas, django_assert_max_num_queries: Callable[..., Any]
) -> None:
    rng = random.Random(1)
    demo_hand_play(match=people.match, rng=rng)
    demo_hand_play(match=people.match, rng=rng)
    with django_assert_max_num_queries(7):  # auth, match, seats, permission, count, hands, scores
        body = api_client(people.member).get(f"/api/v1/matches/{people.match.pk}/hands/").json()
    assert body["count"] == 2
    assert [hand["number"] for hand in body["results"]] == [1, 2]
    assert all(len(hand["totals"]) == 2 and not hand["is_open"] for hand in body["results"])
