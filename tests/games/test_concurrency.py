"""Two phones on one hand, retries on a bad connection, and crashes, on real PostgreSQL.

Each test commits for real (``transaction=True``) and runs its clients in threads, each with its own
database connection, so the hand's row lock, the unique constraints and the rollbacks are PostgreSQL's.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction

from games.audit.selectors import match_chain_verify
from games.matches.services import rescoring
from games.matches.services.demo import demo_plays_record
from games.matches.services.hands import hand_start
from games.models import ChainLink, Hand, HandScore, Match, Play, Player, Season
from tests.factories import Personas, api_client, make_personas

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
TABLE = ["2C", "3D", "4H", "5S"]


@pytest.fixture
def people() -> Personas:
    personas = make_personas()
    hand_start(match=personas.match, dealer=0, table=TABLE)
    return personas


def at_once(*requests: Callable[[], Any]) -> list[Any]:
    """Run the requests in parallel threads, released together; each thread closes its connection."""
    barrier = threading.Barrier(len(requests))

    def run(request: Callable[[], Any]) -> Any:
        try:
            barrier.wait()
            return request()
        finally:
            connection.close()

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(run, requests))


def _post(people: Personas, who: str, body: dict[str, Any], key: str = "") -> Callable[[], Any]:
    url = f"/api/v1/matches/{people.match.pk}/hands/1/plays/"
    return lambda: api_client(getattr(people, who)).post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_two_phones_recording_at_once_land_exactly_one_play_per_number(people: Personas) -> None:
    """Round after round both phones send the next play with the same expected_seq: one wins (201),
    the other gets 409 with the state it needs to catch up."""
    seat, cards = 1, iter(["6H", "7H", "8H", "9H", "10H", "6D", "7D", "8D", "9D", "10D"])
    for seq in range(5):
        first, second = next(cards), next(cards)
        responses = at_once(
            _post(people, "owner", {"seat": seat, "card": first, "expected_seq": seq}),
            _post(people, "player", {"seat": seat, "card": second, "expected_seq": seq}),
        )
        statuses = sorted(response.status_code for response in responses)
        assert statuses == [201, 409]
        lost = next(response.json() for response in responses if response.status_code == 409)
        assert (lost["code"], lost["details"]["expected_seq"]) == ("hand.out_of_sync", seq + 1)
        seat = 1 - seat
    plays = list(Play.objects.filter(hand__match=people.match).values_list("seq", flat=True))
    assert sorted(plays) == [0, 1, 2, 3, 4]
    assert Hand.objects.get().next_seq == 5


def test_a_retried_request_racing_its_original_records_one_play(people: Personas) -> None:
    body = {"seat": 1, "card": "5H", "taken": ["5S"], "expected_seq": 0}
    responses = at_once(*(_post(people, "player", body, key="same") for _ in range(4)))
    assert [response.status_code for response in responses] == [201] * 4
    assert sorted(response.json()["replayed"] for response in responses) == [False, True, True, True]
    assert len({response.json()["play"]["seq"] for response in responses}) == 1
    assert Play.objects.count() == 1


def test_a_crash_in_the_middle_of_a_play_writes_nothing(
    people: Personas, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the server died after inserting the play")

    monkeypatch.setattr(Hand, "save", crash)  # hand_play_record saves the hand after inserting the play
    response = _post(people, "player", {"seat": 1, "card": "5H", "taken": ["5S"], "expected_seq": 0})()
    assert (response.status_code, response.json()["code"]) == (500, "server.error")
    monkeypatch.undo()
    assert not Play.objects.exists()
    assert Hand.objects.get().next_seq == 0


def test_a_crash_while_closing_a_hand_leaves_it_open_and_unscored(
    people: Personas, monkeypatch: pytest.MonkeyPatch
) -> None:
    demo_plays_record(hand=Hand.objects.get(), rng=random.Random(1))

    def crash(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the server died between the score lines and the match's result")

    monkeypatch.setattr(rescoring, "store_status", crash)
    response = api_client(people.owner).post(f"/api/v1/matches/{people.match.pk}/hands/1/close/")
    assert response.status_code == 500
    monkeypatch.undo()
    assert Hand.objects.get().is_open
    assert not HandScore.objects.exists()
    assert Match.objects.get().totals == [0, 0]


def test_an_illegal_play_is_400_with_the_engines_code_and_nothing_is_written(people: Personas) -> None:
    response = _post(people, "player", {"seat": 1, "card": "9H", "taken": ["2C", "3D"], "expected_seq": 0})()
    assert (response.status_code, response.json()["code"]) == (400, "capture.illegal")
    assert response.json()["details"]["alternatives"]
    assert not Play.objects.exists()


@pytest.mark.parametrize("round_", range(4))
def test_a_play_racing_an_abandon_lands_before_it_or_is_refused(people: Personas, round_: int) -> None:
    """The play locks the match and the hand in one query; the abandon locks the match, then the open
    hand. Either the play is recorded first, or it sees the abandoned match: never a play after it."""
    body = {"seat": 1, "card": "5H", "taken": ["5S"], "expected_seq": 0}
    abandon = f"/api/v1/matches/{people.match.pk}/abandon/"
    play, abandoned = at_once(
        _post(people, "player", body), lambda: api_client(people.owner).post(abandon, format="json")
    )
    assert abandoned.status_code == 200
    if play.status_code == 201:
        finished = Match.objects.get().finished_at
        assert finished is not None
        assert Play.objects.get().created_at <= finished
    else:
        assert (play.status_code, play.json()["code"]) == (409, "match.not_in_progress")
        assert not Play.objects.exists()


@pytest.mark.parametrize("round_", range(3))
def test_plays_racing_entries_of_the_match_keep_its_hash_chain_whole(people: Personas, round_: int) -> None:
    """A play appends to the match's chain under the match lock; an audit entry of the match (a share
    link made, an invitation given) takes the same lock: one index each, in some order (docs/audit.md)."""
    share = f"/api/v1/matches/{people.match.pk}/share/"
    invite = f"/api/v1/matches/{people.match.pk}/invitations/"
    at_once(
        _post(people, "player", {"seat": 1, "card": "6H", "expected_seq": 0}),
        lambda: api_client(people.owner).post(share, format="json"),
        lambda: api_client(people.owner).post(invite, {"seat": 1}, format="json"),
    )
    match = Match.objects.get()
    assert match.chain_length == ChainLink.objects.filter(match=match).count()
    assert match_chain_verify(match).ok


@pytest.mark.parametrize("round_", range(4))
def test_an_undo_racing_the_close_of_the_hand_does_not_deadlock(people: Personas, round_: int) -> None:
    """The close locks the match, then the hand; the undo locks both in one query, the match first
    (a wrong order would deadlock: PostgreSQL would abort one of them, a 500)."""
    hand = Hand.objects.get()
    demo_plays_record(hand=hand, rng=random.Random(round_))
    hand.refresh_from_db()
    base = f"/api/v1/matches/{people.match.pk}/hands/1/"
    undo, close = at_once(
        lambda: api_client(people.player).post(
            base + "plays/undo/", {"expected_seq": hand.next_seq}, format="json"
        ),
        lambda: api_client(people.owner).post(base + "close/", format="json"),
    )
    codes = (undo.status_code, close.status_code)
    assert codes in {(200, 409), (409, 200)}, (undo.json(), close.json())
    if codes == (200, 409):
        assert close.json()["code"] == "hand.incomplete"
    else:
        assert undo.json()["code"] == "hand.not_open"


def test_two_me_players_created_at_once_give_one_201_and_one_409() -> None:
    """Both requests may pass the "has this account a player?" check; the database's unique
    account then refuses the second insert, and the service answers it as the conflict it is."""
    me = make_personas().outsider
    body = {"name": "Me", "me": True}
    responses = at_once(*[lambda: api_client(me).post("/api/v1/players/", body, format="json")] * 2)
    assert sorted(response.status_code for response in responses) == [201, 409]
    assert {response.json().get("code") for response in responses} == {None, "player.account_taken"}
    assert Player.objects.filter(user=me).count() == 1


def test_two_seasons_named_alike_at_once_give_one_201_and_one_409() -> None:
    people = make_personas()
    url = f"/api/v1/clubs/{people.club.pk}/seasons/"
    responses = at_once(
        lambda: api_client(people.owner).post(url, {"name": "Winter"}, format="json"),
        lambda: api_client(people.owner).post(url, {"name": "WINTER"}, format="json"),
    )
    assert sorted(response.status_code for response in responses) == [201, 409]
    assert Season.objects.filter(club=people.club).count() == 1


def test_the_database_refuses_a_season_name_in_another_case() -> None:
    people = make_personas()
    Season.objects.create(club=people.club, name="Winter")
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(club=people.club, name="wINTER")
