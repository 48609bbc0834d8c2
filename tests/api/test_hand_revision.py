"""A hand's revision counts every write and never repeats, so a stale phone that
missed an undo followed by a new play cannot write; clients that send only ``expected_seq`` still work."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.matches.services.hands import hand_start
from games.models import Hand, Play
from tests.factories import Personas, api_client, make_personas

pytestmark = pytest.mark.django_db
TABLE = ["2C", "3D", "4H", "5S"]
FIRST = {"seat": 1, "card": "5H", "taken": ["5S"]}
OTHER = {"seat": 1, "card": "9C", "taken": []}


@pytest.fixture
def people() -> Personas:
    personas = make_personas()
    hand_start(match=personas.match, dealer=0, table=TABLE)
    return personas


def _url(people: Personas, path: str = "plays/") -> str:
    return f"/api/v1/matches/{people.match.pk}/hands/1/{path}"


def test_every_write_raises_the_revision_and_an_undo_then_a_play_does_not_repeat_it(
    people: Personas,
) -> None:
    phone = api_client(people.owner)
    seen = [phone.get(_url(people, "")).json()["revision"]]
    seen.append(
        phone.post(_url(people), {**FIRST, "expected_seq": 0}, format="json").json()["hand"]["revision"]
    )
    seen.append(
        phone.post(_url(people, "plays/undo/"), {"expected_seq": 1}, format="json").json()["hand"]["revision"]
    )
    seen.append(
        phone.post(_url(people), {**OTHER, "expected_seq": 0}, format="json").json()["hand"]["revision"]
    )
    assert seen == [0, 1, 2, 3]
    assert Hand.objects.get().revision == 3


def test_a_stale_phone_cannot_write_after_an_undo_and_a_new_play(people: Personas) -> None:
    stale, other = api_client(people.owner), api_client(people.player)
    first = stale.post(_url(people), {**FIRST, "expected_seq": 0, "expected_revision": 0}, format="json")
    seen = first.json()["hand"]  # the stale phone saw next_seq 1, revision 1
    other.post(_url(people, "plays/undo/"), {"expected_seq": 1}, format="json")
    other.post(_url(people), {**OTHER, "expected_seq": 0}, format="json")
    # next_seq is 1 again, but the revision moved on: the stale write is refused with the state.
    body = {"seat": 0, "card": "KD", "expected_seq": seen["next_seq"], "expected_revision": seen["revision"]}
    response = stale.post(_url(people), body, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "hand.out_of_sync")
    assert response.json()["details"]["revision"] == 3
    assert response.json()["details"]["last_play"]["card"] == "9C"
    assert Play.objects.filter(undone_at__isnull=True).count() == 1


@pytest.mark.parametrize(
    ("path", "body"),
    [
        pytest.param("plays/undo/", {"expected_seq": 1, "expected_revision": 0}, id="undo"),
        pytest.param(
            "challenges/",
            {"seat": 0, "play_seq": 0, "expected_seq": 1, "expected_revision": 0},
            id="challenge",
        ),
    ],
)
def test_undo_and_challenge_check_the_revision_too(people: Personas, path: str, body: dict[str, int]) -> None:
    phone: APIClient = api_client(people.owner)
    phone.post(_url(people), {**FIRST, "expected_seq": 0}, format="json")
    response = phone.post(_url(people, path), body, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "hand.out_of_sync")
    assert Play.objects.filter(undone_at__isnull=True).count() == 1


def test_clients_sending_only_expected_seq_keep_working(people: Personas) -> None:
    phone = api_client(people.owner)
    assert phone.post(_url(people), {**FIRST, "expected_seq": 0}, format="json").status_code == 201
    assert phone.post(_url(people, "plays/undo/"), {"expected_seq": 1}, format="json").status_code == 200
    assert phone.post(_url(people), {**OTHER, "expected_seq": 0}, format="json").status_code == 201
