"""A whole match of every game is played through the API from start to winner:
Tablo, Escoba with a challenge, Tamlin and Twenty. The plays are random but legal (the engine's own
capture lists), and at the end every stored score equals the engine's replay of the stored log."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.matches.selectors.matches import match_audit
from games.matches.services.demo import random_play, random_setup
from games.models import Match
from games.rules.registry import find_game
from tests.factories import PlayerFactory, UserFactory, api_client

pytestmark = pytest.mark.django_db


def _ok(response: Any, status: int = 201) -> dict[str, Any]:
    assert response.status_code == status, response.json()
    body: dict[str, Any] = response.json()
    return body


def play_hand(
    client: APIClient, match: dict[str, Any], number: int, rng: random.Random, challenge: bool
) -> None:
    """Start hand ``number``, play it out with random legal plays (challenging one, if asked), close it."""
    url = f"/api/v1/matches/{match['id']}/hands/"
    setup = random_setup(match["game"], number, rng)
    state = _ok(client.post(url, setup, format="json"))["state"]
    seen, seq = {*setup["table"], *setup["set_aside"]}, 0
    deck = find_game(match["game"]).deck
    while not state["complete"]:
        unseen = [card for card in deck if str(card) not in seen]
        card, taken = random_play(match["game"], state["table"], unseen, match["options"], rng)
        body = {"seat": state["next_seat"], "card": str(card), "taken": taken, "expected_seq": seq}
        state = _ok(
            client.post(f"{url}{number}/plays/", body, format="json", HTTP_IDEMPOTENCY_KEY=f"{number}-{seq}")
        )["hand"]
        seen.add(str(card))
        if challenge and seq == 0:
            challenger = (body["seat"] + 1) % len(match["seats"])
            challenge_body = {"seat": challenger, "play_seq": 0, "expected_seq": 1}
            state = _ok(client.post(f"{url}{number}/challenges/", challenge_body, format="json"))["hand"]
            assert state["extra"]["rulings"][0]["points"] == -1  # the play was legal: a false challenge
        seq = state["next_seq"]
    _ok(client.post(f"{url}{number}/close/"), 200)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "options", "challenge"),
    [
        pytest.param("tablo", 2, {"target": 30}, False, id="tablo-B12"),
        pytest.param(
            "escoba", 2, {"manual_capture": True, "target": 6}, True, id="escoba-challenge-3.2g-E10"
        ),
        pytest.param("tamlin", 2, {"target": 12}, False, id="tamlin-T15"),
        pytest.param("twenty", 2, {}, False, id="twenty-W9-W10"),
    ],
)
def test_a_whole_match_is_played_through_the_api_to_its_winner(
    game: str, players: int, options: dict[str, object], challenge: bool
) -> None:
    user = UserFactory.create()
    client = api_client(user)
    seats = [player.pk for player in PlayerFactory.create_batch(players, created_by=user)]
    match = _ok(
        client.post("/api/v1/matches/", {"game": game, "players": seats, "options": options}, format="json")
    )
    rng = random.Random(7)
    for number in range(1, 30):
        play_hand(client, match, number, rng, challenge=challenge and number == 1)
        board = _ok(client.get(f"/api/v1/matches/{match['id']}/scoreboard/"), 200)
        if board["finished"] or board["draw"]:
            break
    assert board["status"] == "finished"
    assert board["winner"] is not None or board["draw"]
    assert [side["total"] for side in board["sides"]] == Match.objects.get().totals
    assert all(len(side["hands"]) == board["hands_closed"] for side in board["sides"])
    assert match_audit(Match.objects.get()) == []
