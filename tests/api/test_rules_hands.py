"""``POST /api/v1/rules/{game}/hands/replay/`` and ``.../hands/summary/``: golden hands through the API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

HANDS = Path(__file__).parent.parent / "rules" / "hands"
GOLDEN_HANDS = {
    path.stem: data
    for path in sorted(HANDS.glob("*.json"))
    if {"game", "request", "response"} <= (data := json.loads(path.read_text())).keys()
}


def post(url: str, body: dict[str, Any]) -> Any:
    return APIClient().post(url, body, format="json")


@pytest.mark.parametrize("name", GOLDEN_HANDS)
def test_golden_hand_replays_to_its_score_sheet(name: str) -> None:
    hand = GOLDEN_HANDS[name]
    response = post(f"/api/v1/rules/{hand['game']}/hands/replay/", hand["request"])
    assert response.status_code == 200, response.json()
    body = response.json()
    assert {key: body[key] for key in hand["response"]} == hand["response"]


def test_golden_hands_cover_every_capture_game() -> None:
    assert {hand["game"] for hand in GOLDEN_HANDS.values()} >= {"escoba", "tamlin"}


def test_first_bad_play_is_a_400_naming_it() -> None:
    plays = [
        {"seat": 1, "card": "9S", "taken": []},
        {"seat": 0, "card": "9S", "taken": []},
    ]
    body = {"players": 2, "dealer": 0, "table": ["2C", "7S", "5H", "10D"], "plays": plays}
    response = post("/api/v1/rules/tablo/hands/replay/", body)
    assert response.status_code == 400
    assert response.json()["code"] == "card.duplicate"
    assert response.json()["details"]["play_index"] == 1


def test_a_bad_card_in_a_play_names_the_play() -> None:
    body = {"players": 2, "table": ["2C", "7S", "5H", "10D"], "plays": [{"seat": 1, "card": "1X"}]}
    response = post("/api/v1/rules/tablo/hands/replay/", body)
    assert response.json()["code"] == "card.bad_text"
    assert response.json()["details"]["play_index"] == 0


def test_partial_tablo_hand_reports_the_table_and_next_seat() -> None:
    plays = [{"seat": 1, "card": "KS", "taken": ["2C", "7S", "5H"]}]
    body = {
        "players": 2,
        "dealer": 0,
        "table": ["2C", "7S", "5H", "10D"],
        "plays": plays,
        "tablos_before": [0, 0],
    }
    body = post("/api/v1/rules/tablo/hands/replay/", body).json()
    assert body["complete"] is False
    assert body["table"] == ["10D"]
    assert body["next_seat"] == 0
    assert [side["cards"] for side in body["sides"]] == [0, 4]


def test_tamlin_four_play_in_pairs_unless_told() -> None:
    body = {"players": 4, "dealer": 0, "table": ["2C", "7S", "5H", "10D"], "plays": []}
    sides = post("/api/v1/rules/tamlin/hands/replay/", body).json()["sides"]
    assert [side["seats"] for side in sides] == [[0, 2], [1, 3]]


def test_summary_reports_every_problem_at_once() -> None:
    sides = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 20, "point_cards": 12, "tablos": 0}]
    response = post("/api/v1/rules/tablo/hands/summary/", {"players": 2, "sides": sides})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "summary.inconsistent"
    assert len(body["details"]["problems"]) == 2
    assert all(problem["code"] for problem in body["details"]["problems"])


def test_summary_scores_a_consistent_hand() -> None:
    sides = [{"cards": 29, "point_cards": 12, "tablos": 1}, {"cards": 23, "point_cards": 10, "tablos": 0}]
    body = post("/api/v1/rules/tablo/hands/summary/", {"players": 2, "sides": sides}).json()
    assert [side["points"]["card_bonus"] for side in body["sides"]] == [3, 0]
    assert [side["total"] for side in body["sides"]] == [15, 10]


def test_catalogue_lists_every_game_with_options_and_targets() -> None:
    games = {game["name"]: game for game in APIClient().get("/api/v1/rules/").json()}
    assert set(games) == {"escoba", "tablo", "tamlin", "twenty"}
    assert games["tablo"]["target"] == 100
    assert games["escoba"]["target"] == 11
    assert games["tamlin"]["teams_by_default"] == [4]
    tablo_options = {option["key"]: option for option in games["tablo"]["options"]}
    assert tablo_options["tablo_points"]["allowed"] == ["per_five", "per_tablo"]


def test_catalogue_lists_the_keys_of_each_games_quick_entry() -> None:
    games = {game["name"]: game for game in APIClient().get("/api/v1/rules/").json()}
    assert {name: game["summary_keys"] for name, game in games.items()} == {
        "tablo": ["cards", "point_cards", "tablos"],
        "escoba": ["cards", "diamonds", "sevens", "seven_diamonds", "sweeps"],
        "tamlin": [
            "cards",
            "ten_diamonds",
            "two_spades",
            "aces",
            "tamlins",
            "jack_penalties",
        ],  # T14: no spades
        "twenty": ["awards", "points", "bonus"],
    }
    sides = [dict.fromkeys(games["tablo"]["summary_keys"], 0) for _ in range(2)]
    sides[0] |= {"cards": 52, "point_cards": 22}
    assert post("/api/v1/rules/tablo/hands/summary/", {"players": 2, "sides": sides}).status_code == 200


TAMLIN_SIDES = [
    {"cards": 30, "ten_diamonds": 1, "two_spades": 0, "aces": 2, "tamlins": 2, "jack_penalties": 1},
    {"cards": 22, "ten_diamonds": 0, "two_spades": 1, "aces": 2, "tamlins": 0, "jack_penalties": 0},
]


@pytest.mark.parametrize(
    ("options", "spades", "status"),
    [
        pytest.param({}, None, 200, id="simplified-cassino-needs-no-spades"),
        pytest.param({}, (8, 5), 200, id="simplified-cassino-still-takes-spades"),
        pytest.param({}, (9, 5), 400, id="spades-given-are-checked"),
        pytest.param({"scoring": "cassino"}, None, 400, id="cassino-needs-spades"),
        pytest.param({"scoring": "cassino"}, (8, 5), 200, id="cassino-with-spades"),
    ],
)
def test_tamlin_quick_entry_asks_spades_only_under_cassino(
    options: dict[str, str], spades: tuple[int, int] | None, status: int
) -> None:
    sides = [side | ({"spades": spades[n]} if spades else {}) for n, side in enumerate(TAMLIN_SIDES)]
    response = post("/api/v1/rules/tamlin/hands/summary/", {"players": 2, "options": options, "sides": sides})
    assert response.status_code == status, response.json()
    if status == 200:
        assert [side["total"] for side in response.json()["sides"]] == (
            [9, 3] if options else [8, 3]  # T14, A2: cassino adds 1 for most spades
        )
