"""POST /api/v1/matches/{id}/rematch/: the same seats, options, club and season again, the deal passed
on (docs/rules/shared.md A4); retry-safe by Idempotency-Key; only for those who may write the match."""

from __future__ import annotations

import pytest

from games.models import Match
from tests.factories import MatchFactory, Personas, PlayerFactory, api_client, make_personas
from tests.stats.matches import tamlin_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> Personas:
    return make_personas()


@pytest.fixture
def finished(people: Personas) -> Match:
    guests = PlayerFactory.create_batch(2, created_by=people.owner)
    return tamlin_match(people.club, guests, by=people.owner)


def url(match: Match) -> str:
    return f"/api/v1/matches/{match.pk}/rematch/"


def test_a_rematch_is_201_with_the_new_match(people: Personas, finished: Match) -> None:
    response = api_client(people.owner).post(url(finished))
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["id"] != finished.pk
    assert (body["game"], body["status"], body["club"], body["target"]) == (
        "tamlin",
        "in_progress",
        people.club.pk,
        5,
    )
    assert [seat["player"] for seat in body["seats"]] == [
        seat.player_id for seat in finished.seats.order_by("number")
    ]
    assert body["options"] == finished.options
    assert (body["rematch_of"], body["first_dealer"]) == (finished.pk, 1)


def test_a_retry_with_the_same_key_gets_the_same_rematch(people: Personas, finished: Match) -> None:
    client = api_client(people.owner)
    first = client.post(url(finished), headers={"Idempotency-Key": "again-1"})
    retry = client.post(url(finished), headers={"Idempotency-Key": "again-1"})
    assert first.status_code == retry.status_code == 201
    assert retry.json()["id"] == first.json()["id"]
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert Match.objects.filter(rematch_of=finished).count() == 1
    other = client.post(url(finished), headers={"Idempotency-Key": "again-2"})
    assert (other.status_code, other.json()["id"]) == (200, first.json()["id"])  # once only
    assert Match.objects.filter(rematch_of=finished).count() == 1


def test_every_call_after_the_first_gets_the_same_rematch(people: Personas, finished: Match) -> None:
    client = api_client(people.owner)
    answers = [client.post(url(finished)) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [201, 200, 200, 200, 200]
    assert {answer.json()["id"] for answer in answers} == {Match.objects.get(rematch_of=finished).pk}


def test_a_match_in_progress_is_409_not_finished(people: Personas) -> None:
    response = api_client(people.owner).post(url(people.match))
    assert response.status_code == 409
    assert response.json()["code"] == "match.not_finished"
    assert response.json()["details"]["status"] == "in_progress"


@pytest.mark.parametrize(("who", "status"), [("outsider", 404), ("member", 403)])
def test_only_a_writer_may_ask(people: Personas, finished: Match, who: str, status: int) -> None:
    before = Match.objects.count()
    response = api_client(getattr(people, who)).post(url(finished))
    assert response.status_code == status
    assert Match.objects.count() == before


def test_signed_out_is_refused(finished: Match) -> None:
    assert api_client().post(url(finished)).status_code in (401, 403)


def test_a_seat_the_writer_may_not_fill_again_is_refused_as_at_a_start(people: Personas) -> None:
    """The persona match's seat 0 is an account outside the club, seated by invitation: it needs one again."""
    match = MatchFactory.create(game="tablo", players=2, created_by=people.owner)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    Match.objects.filter(pk=people.match.pk).update(status=Match.Status.FINISHED)
    response = api_client(people.owner).post(url(people.match))
    assert response.status_code == 400
    assert response.json()["code"] == "players.needs_invitation"
    assert api_client(people.owner).post(url(match)).status_code == 201
