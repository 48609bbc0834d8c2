"""POST /api/v1/matches/{id}/hands/{n}/plays/: engine-checked, idempotent, serialized by ``expected_seq``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.matches.services.hands import hand_start, hand_summary_record
from games.models import Hand, Play
from tests.factories import Personas, api_client, make_personas

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> Personas:
    personas = make_personas()
    hand_start(match=personas.match, dealer=0, table=["2C", "3D", "4H", "5S"])
    return personas


@pytest.fixture
def phone(people: Personas) -> APIClient:
    return api_client(people.player)


def _url(people: Personas) -> str:
    return f"/api/v1/matches/{people.match.pk}/hands/1/plays/"


FIRST = {"seat": 1, "card": "5h", "taken": ["5s"], "expected_seq": 0}


def test_a_play_is_recorded_and_the_hands_state_comes_back(people: Personas, phone: APIClient) -> None:
    response = phone.post(_url(people), FIRST, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["play"] == {"seq": 0, "seat": 1, "card": "5H", "taken": ["5S"], "undone": False}
    assert body["hand"]["next_seq"] == 1
    assert body["hand"]["next_seat"] == 0
    assert body["hand"]["table"] == ["2C", "3D", "4H"]
    assert body["replayed"] is False


def test_a_retry_with_the_same_idempotency_key_header_returns_the_original(
    people: Personas, phone: APIClient
) -> None:
    first = phone.post(_url(people), FIRST, format="json", HTTP_IDEMPOTENCY_KEY="abc")
    again = phone.post(_url(people), FIRST, format="json", HTTP_IDEMPOTENCY_KEY="abc")
    assert again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json()["play"] == first.json()["play"]
    assert again.json()["replayed"] is True
    assert Play.objects.count() == 1


def test_the_key_may_come_in_the_body(people: Personas, phone: APIClient) -> None:
    phone.post(_url(people), {**FIRST, "idempotency_key": "abc"}, format="json")
    again = phone.post(_url(people), FIRST, format="json", HTTP_IDEMPOTENCY_KEY="abc")
    assert again.json()["replayed"] is True
    assert Play.objects.get().idempotency_key == "abc"


def test_header_and_body_keys_must_agree(people: Personas, phone: APIClient) -> None:
    response = phone.post(
        _url(people), {**FIRST, "idempotency_key": "a"}, format="json", HTTP_IDEMPOTENCY_KEY="b"
    )
    assert (response.status_code, response.json()["code"]) == (400, "request.invalid")
    assert not Play.objects.exists()


def test_a_key_reused_with_another_body_is_a_conflict(people: Personas, phone: APIClient) -> None:
    phone.post(_url(people), FIRST, format="json", HTTP_IDEMPOTENCY_KEY="abc")
    response = phone.post(
        _url(people), {"seat": 0, "card": "9C", "expected_seq": 1}, format="json", HTTP_IDEMPOTENCY_KEY="abc"
    )
    assert (response.status_code, response.json()["code"]) == (409, "idempotency.key_reused")
    assert Play.objects.count() == 1


def test_a_stale_expected_seq_is_409_with_the_current_state(people: Personas, phone: APIClient) -> None:
    phone.post(_url(people), FIRST, format="json")
    response = phone.post(_url(people), {"seat": 1, "card": "6H", "expected_seq": 0}, format="json")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "hand.out_of_sync"
    assert body["details"]["expected_seq"] == 1
    assert body["details"]["next_seat"] == 0
    assert body["details"]["table"] == ["2C", "3D", "4H"]
    assert body["details"]["last_play"]["card"] == "5H"
    assert Play.objects.count() == 1


@pytest.mark.parametrize(
    ("body", "code"),
    [
        pytest.param({"seat": 0, "card": "5H", "expected_seq": 0}, "turn.wrong_seat", id="A4-wrong-seat"),
        pytest.param(
            {"seat": 1, "card": "9H", "taken": ["2C", "3D"], "expected_seq": 0}, "capture.illegal", id="B8"
        ),
        pytest.param({"seat": 1, "card": "2C", "expected_seq": 0}, "card.duplicate", id="A3-seen-card"),
        pytest.param({"seat": 1, "card": "11X", "expected_seq": 0}, "card.bad_text", id="A1-bad-card"),
        pytest.param({"seat": 1, "card": "5H"}, "request.invalid", id="expected-seq-required"),
    ],
)
def test_an_illegal_play_is_400_with_the_engines_code_and_nothing_is_written(
    people: Personas, phone: APIClient, body: dict[str, object], code: str
) -> None:
    response = phone.post(_url(people), body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, code)
    assert not Play.objects.exists()


def test_a_play_on_a_missing_hand_is_404(people: Personas, phone: APIClient) -> None:
    response = phone.post(f"/api/v1/matches/{people.match.pk}/hands/2/plays/", FIRST, format="json")
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("body", "code"),
    [
        pytest.param(FIRST, "resource.not_found", id="valid-body"),
        pytest.param({"seat": 1, "card": "5H"}, "resource.not_found", id="invalid-body"),
        pytest.param({**FIRST, "card": "11X"}, "resource.not_found", id="bad-card"),
    ],
)
def test_an_outsider_is_refused_whatever_the_body(
    people: Personas, body: dict[str, object], code: str
) -> None:
    response = api_client(people.outsider).post(_url(people), body, format="json")
    assert (response.status_code, response.json()["code"]) == (404, code)
    assert not Play.objects.exists()


def test_a_missing_hand_is_404_even_with_a_bad_body(people: Personas, phone: APIClient) -> None:
    response = phone.post(f"/api/v1/matches/{people.match.pk}/hands/2/plays/", {"seat": 1}, format="json")
    assert response.status_code == 404
    undo = phone.post(f"/api/v1/matches/{people.match.pk}/hands/2/plays/undo/", {}, format="json")
    assert undo.status_code == 404


def test_token_authentication_works_for_apps(people: Personas) -> None:
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=people.player)
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.post(_url(people), FIRST, format="json").status_code == 201


def test_a_play_costs_a_bounded_number_of_queries(
    people: Personas, django_assert_max_num_queries: Callable[..., Any]
) -> None:
    """Mid-hand, in a later hand, after earlier plays: neither the earlier hands' scores nor the
    challenges are read (the load goal of docs/rules-decisions.md, Match records)."""
    hand_summary_record(
        hand=Hand.objects.get(),
        entries=[
            {"cards": 30, "point_cards": 12, "tablos": 1},
            {"cards": 22, "point_cards": 10, "tablos": 0},
        ],
    )
    hand_start(match=people.match, dealer=1, table=["2C", "3D", "4H", "5S"])
    owner, url = api_client(people.owner), f"/api/v1/matches/{people.match.pk}/hands/2/plays/"
    first = owner.post(url, {"seat": 0, "card": "5H", "taken": ["5S"], "expected_seq": 0}, format="json")
    assert first.status_code == 201
    # savepoint, hand + match locked (then the permission check), plays, insert, its link in the match's
    # hash chain (docs/audit.md), next_seq, the match's screen version and chain head (polls compare it),
    # release
    with django_assert_max_num_queries(8):
        response = owner.post(url, {"seat": 1, "card": "9C", "expected_seq": 1}, format="json")
    assert response.status_code == 201
    assert response.json()["hand"]["next_seq"] == 2
