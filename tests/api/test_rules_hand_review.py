"""``POST /api/v1/rules/{game}/hands/review/``: the input of ``/hands/replay/``, every play rated."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games.rules import tablo
from games.rules.cards import Card, deck, format_cards
from tests.rules.playouts import random_hand

HANDS = Path(__file__).parent.parent / "rules" / "hands"
GOLDEN = {
    path.stem: data
    for path in sorted(HANDS.glob("*.json"))
    if {"game", "request"} <= (data := json.loads(path.read_text())).keys() and data["game"] != "twenty"
}
VALUE = {"sweep", "points", "cards"}


def post(game: str, body: object) -> Any:
    return APIClient().post(f"/api/v1/rules/{game}/hands/review/", body, format="json")


def rank(value: dict[str, Any]) -> tuple[bool, int, int]:
    return (value["sweep"], value["points"], value["cards"])


@pytest.mark.parametrize("name", GOLDEN)
def test_a_golden_hand_is_reviewed_play_by_play(name: str) -> None:
    hand = GOLDEN[name]
    response = post(hand["game"], hand["request"])
    assert response.status_code == 200, response.json()
    body = response.json()
    plays = [entry for entry in hand["request"]["plays"] if "challenge" not in entry]
    assert [(play["seat"], play["card"]) for play in body["plays"]] == [(p["seat"], p["card"]) for p in plays]
    for index, play in enumerate(body["plays"]):
        assert play["play_index"] == index
        assert (
            set(play["value"])
            == set(play["best_play"]["value"])
            == set(play["best_with_card"]["value"])
            == VALUE
        )
        wrong = play["illegal"] or play["caught"]
        assert play["missed"] == (wrong or rank(play["value"]) < rank(play["best_play"]["value"]))
        lost = play["best_play"]["value"]["points"] - play["value"]["points"]
        assert play["points_lost"] == max(0, lost) + play["penalty"]
        assert play["penalty"] == (2 if play["caught"] else 0)  # a caught mistake's +2 (Escoba 3.2(g))
        assert bool(play["rule"]) == play["missed"]
        assert rank(play["best_with_card"]["value"]) <= rank(play["best_play"]["value"])
    seats = body["seats"]
    assert sum(seat["plays"] for seat in seats) == len(plays)
    assert sum(seat["best_plays"] for seat in seats) == sum(not play["missed"] for play in body["plays"])
    assert sum(seat["illegal_plays"] for seat in seats) == sum(play["illegal"] for play in body["plays"])
    assert sum(seat["caught_plays"] for seat in seats) == sum(play["caught"] for play in body["plays"])
    assert sum(seat["points_missed"] for seat in seats) == sum(play["points_lost"] for play in body["plays"])


def test_a_trail_where_a_capture_was_possible_is_a_missed_play() -> None:
    rules = tablo.hand_rules(2, tablo.tablo_options({}))
    setup, log = random_hand(rules, 2, random.Random(5).randrange)
    body = {
        "players": 2,
        "dealer": setup.dealer,
        "table": format_cards(setup.table),
        "plays": [{"seat": e.seat, "card": str(e.card), "taken": format_cards(e.taken)} for e in log],
    }
    response = post("tablo", body)
    assert response.status_code == 200
    first = response.json()["plays"][0]
    # seed 5: seat 1 trails 7♦ on Q♠ 6♥ 10♠ K♦ while its 10♣ could take 10♠ (2 points)
    assert (first["card"], first["taken"], first["value"]) == (
        "7D",
        [],
        {"sweep": False, "points": 0, "cards": 0},
    )
    assert first["best_play"] == {
        "card": "10C",
        "taken": ["10S"],
        "value": {"sweep": False, "points": 2, "cards": 2},
    }
    assert first["missed"] is True
    assert first["table"] == format_cards(setup.table)


@pytest.mark.parametrize(
    ("game", "body", "code"),
    [
        pytest.param(
            "tablo", {"players": 2, "table": ["2C", "3D", "4H", "5S"], "plays": []}, "review.incomplete"
        ),
        pytest.param("twenty", {"players": 2, "plays": []}, "twenty.bad_starter"),
        pytest.param("chess", {"players": 2, "plays": []}, "game.unknown"),
        pytest.param("tablo", {"players": 9, "plays": []}, "request.invalid"),
        pytest.param("tablo", {"players": 2, "plays": "7S"}, "request.invalid"),
        pytest.param(
            "tablo",
            {"players": 2, "table": ["2C", "3D", "4H", "5S"], "plays": [{"seat": 0, "card": "7S"}]},
            "turn.wrong_seat",
        ),
        pytest.param(
            "escoba",
            {"players": 2, "table": ["2C", "3D", "4H", "5S"], "plays": [{"seat": 1, "card": "7S"}]},
            "capture.required",
        ),
        pytest.param("tablo", {"players": 2, "plays": [{"seat": 1, "card": "7S"}] * 201}, "request.invalid"),
    ],
)
def test_bad_input_is_a_400_in_the_envelope(game: str, body: dict[str, Any], code: str) -> None:
    response = post(game, body)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["message"]


def test_a_hand_of_only_trails_on_a_growing_table_is_reviewed() -> None:
    """The worst legal Tablo hand for the searches: nobody captures, the table grows to 52 cards."""
    rules = tablo.hand_rules(2, tablo.tablo_options({}))
    pack = list(rules.deck)
    random.Random(1).shuffle(pack)
    table, rest = pack[:4], pack[4:]
    plays = []
    for deal in range(4):
        dealt = rest[deal * 12 : deal * 12 + 12]
        for turn in range(12):
            seat = 1 if turn % 2 == 0 else 0
            plays.append({"seat": seat, "card": str(dealt[seat * 6 + turn // 2]), "taken": []})
    response = post("tablo", {"players": 2, "table": format_cards(table), "plays": plays})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert len(body["plays"][-1]["table"]) == 51
    assert all(play["missed"] for play in body["plays"][:4])  # the first plays could all take something


CARD = st.sampled_from(["7S", "10D", "KC", "AH", "2C", "JD", "1X", "", "♠", "10♦", "QQ"])
PLAY = st.fixed_dictionaries(
    {"seat": st.integers(-2, 6), "card": CARD},
    optional={
        "taken": st.lists(CARD, max_size=4),
        "challenge": st.fixed_dictionaries({"by": st.integers(-1, 5), "play_index": st.integers(0, 3)}),
    },
)
BODY = st.fixed_dictionaries(
    {"players": st.integers(0, 9), "plays": st.lists(PLAY, max_size=12)},
    optional={
        "dealer": st.integers(-1, 5),
        "teams": st.booleans(),
        "table": st.lists(CARD, max_size=6),
        "options": st.dictionaries(
            st.sampled_from(["capture", "leftovers", "ace_takes_ace", "x"]),
            st.sampled_from([True, 3, "any", None]),
        ),
        "tablos_before": st.lists(st.integers(-1, 3), max_size=3),
    },
)


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["tablo", "escoba", "tamlin", "twenty", "x"]), body=BODY | st.none() | st.integers()
)
def test_fuzzed_input_never_gets_a_500(game: str, body: object) -> None:
    response = post(game, body)
    assert response.status_code == 400
    assert {"code", "message", "details"} <= response.json().keys()


def test_a_round_of_twenty_is_reviewed_like_a_hand() -> None:
    cards = ["9H", "8S", "2D", "3D", *(str(card) for card in _twenty_rest())]
    body = {
        "starter": 0,
        "bonus_cards": ["7D", "3C"],
        "plays": [{"seat": i % 2, "card": c} for i, c in enumerate(cards)],
    }
    response = APIClient().post("/api/v1/rules/twenty/rounds/review/", body, format="json")
    assert response.status_code == 200, response.json()
    plays = response.json()["plays"]
    assert len(plays) == 49
    made = plays[2]  # A played 2♦ on 9♥ 8♠ (19) while holding 3♠, which makes 20: +10
    assert (made["card"], made["value"]["points"], made["best_play"]["card"]) == ("2D", 0, "3S")
    assert (made["best_play"]["value"]["points"], made["points_lost"], made["missed"]) == (10, 10, True)
    assert {"illegal", "points_lost"} <= plays[0].keys()
    assert {"illegal_plays", "points_missed"} <= response.json()["seats"][0].keys()


def test_an_unfinished_round_of_twenty_is_not_reviewed() -> None:
    body = {"starter": 0, "bonus_cards": ["7D", "3C"], "plays": [{"seat": 0, "card": "9H"}]}
    response = APIClient().post("/api/v1/rules/twenty/rounds/review/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "review.incomplete")


def _twenty_rest() -> list[Card]:
    taken = {Card.parse(text) for text in ("9H", "8S", "2D", "3D", "7D", "3C")}
    return [card for card in deck() if card not in taken][:45]
