"""GET /api/v1/matches/{id}/hands/{n}/history/: every version of a hand, oldest first, the current one
last, read like the hand; POST .../correct/ with a stale ``expected_revision`` is 409 and writes nothing."""

from __future__ import annotations

import random

import pytest

from games.matches.services.demo import demo_hand_play
from games.models import Hand, HandVersion
from tests.factories import Personas, api_client, make_personas

pytestmark = pytest.mark.django_db
EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]
SWEEP = [{"cards": 52, "point_cards": 22, "tablos": 5}, {"cards": 0, "point_cards": 0, "tablos": 0}]


@pytest.fixture
def people() -> Personas:
    personas = make_personas()
    demo_hand_play(match=personas.match, rng=random.Random(2))
    return personas


def _url(people: Personas, path: str) -> str:
    return f"/api/v1/matches/{people.match.pk}/hands/1/{path}"


def test_the_history_lists_each_replaced_version_then_the_current_one(people: Personas) -> None:
    phone = api_client(people.owner)
    played = phone.get(_url(people, "")).json()
    first = phone.post(
        _url(people, "correct/"), {"summary": EVEN, "expected_revision": played["revision"]}, format="json"
    )
    assert first.status_code == 200
    revision = first.json()["hand"]["revision"]
    assert (
        phone.post(
            _url(people, "correct/"), {"summary": SWEEP, "expected_revision": revision}, format="json"
        ).status_code
        == 200
    )
    response = api_client(people.member).get(_url(people, "history/"))
    assert response.status_code == 200
    versions = response.json()["versions"]
    assert [list(version) for version in versions] == [
        ["revision", "by", "at", "kind", "plays", "summary", "totals"]
    ] * 3
    assert [version["revision"] for version in versions] == [played["revision"], revision, revision + 1]
    assert [version["kind"] for version in versions] == ["plays", "summary", "summary"]
    assert versions[0]["plays"] == played["plays"]
    assert versions[0]["totals"] == played["totals"]
    assert (versions[1]["summary"], versions[1]["totals"], versions[1]["by"]) == (EVEN, [11, 11], "owner")
    assert (versions[2]["plays"], versions[2]["summary"]) == ([], SWEEP)
    assert versions[-1]["totals"] == phone.get(_url(people, "")).json()["totals"]


def test_a_stale_expected_revision_is_409_and_writes_nothing(people: Personas) -> None:
    phone, other = api_client(people.owner), api_client(people.player)
    seen = phone.get(_url(people, "")).json()["revision"]
    assert other.post(_url(people, "correct/"), {"summary": EVEN}, format="json").status_code == 200
    response = phone.post(
        _url(people, "correct/"), {"summary": SWEEP, "expected_revision": seen}, format="json"
    )
    body = response.json()
    assert (response.status_code, body["code"]) == (409, "hand.out_of_sync")
    assert body["details"] == {"number": 1, "revision": seen + 1, "got": seen}
    hand = Hand.objects.get()
    assert (hand.revision, hand.corrections, hand.summary.entries) == (seen + 1, 1, EVEN)
    assert HandVersion.objects.count() == 1


@pytest.mark.parametrize(("who", "status"), [("player", 200), ("member", 200), ("outsider", 404)])
def test_the_history_is_read_like_the_hand(people: Personas, who: str, status: int) -> None:
    response = api_client(getattr(people, who)).get(_url(people, "history/"))
    assert response.status_code == status
    if status == 404:
        assert response.json()["code"] == "resource.not_found"


def test_a_share_link_reads_the_history_and_an_open_hand_has_none(people: Personas) -> None:
    token = api_client(people.owner).post(f"/api/v1/matches/{people.match.pk}/share/").json()["share_token"]
    assert len(api_client().get(_url(people, "history/"), {"share": token}).json()["versions"]) == 1
    assert api_client().get(_url(people, "history/")).status_code == 404
    api_client(people.owner).post(
        f"/api/v1/matches/{people.match.pk}/hands/", {"mode": "summary"}, format="json"
    )
    second = f"/api/v1/matches/{people.match.pk}/hands/2/history/"
    assert api_client(people.owner).get(second).json() == {"versions": []}
