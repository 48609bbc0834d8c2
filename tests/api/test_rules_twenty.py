"""``POST /api/v1/rules/twenty/rounds/replay/`` (docs/rules/twenty.md W1-W10, TW-*)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

URL = "/api/v1/rules/twenty/rounds/replay/"


def replay(client: APIClient, **body: Any) -> Any:
    payload = {"starter": 0, "bonus_cards": ["7D", "3C"], "plays": [], **body}
    return client.post(URL, payload, format="json")


def plays(*cards: str, starter: int = 0) -> list[dict[str, object]]:
    return [{"seat": (starter + index) % 2, "card": card} for index, card in enumerate(cards)]


def test_exact_twenty_scores_ten_for_the_placer_tw2() -> None:
    response = replay(APIClient(), plays=plays("9H", "8S", "3H"))
    assert response.status_code == 200
    assert response.json() == {
        "bonus": 4,
        "events": [{"play_index": 2, "seat": 0, "kind": "exact_twenty", "tally_cards": 3, "points": 10}],
        "totals": [10, 0],
        "bonus_to": None,
        "complete": False,
    }


def test_five_tally_chain_then_exact_twenty_tw5() -> None:
    body = replay(APIClient(), plays=plays("AS", "2S", "3S", "4S", "5S", "4H", "AH")).json()
    assert [(e["seat"], e["kind"], e["points"]) for e in body["events"]] == [
        (0, "tally", 15),
        (1, "tally", 30),
        (0, "exact_twenty", 10),
    ]
    assert body["totals"] == [25, 30]


@pytest.mark.parametrize(
    ("body", "status", "code", "play_index"),
    [
        pytest.param({"plays": plays("9H", "9H")}, 400, "card.duplicate", 1, id="card-twice"),
        pytest.param({"plays": plays("9H", "XX")}, 400, "card.bad_text", 1, id="bad-card"),
        pytest.param({"plays": [{"seat": 1, "card": "9H"}]}, 400, "turn.wrong_seat", 0, id="wrong-turn"),
        pytest.param({"plays": plays("7D")}, 400, "twenty.bonus_card_played", 0, id="bonus-card"),
        pytest.param({"options": {"colour": "red"}}, 400, "options.unknown", None, id="unknown-option"),
        pytest.param({"bonus_cards": ["7D"]}, 400, "twenty.bad_bonus_cards", None, id="one-bonus-card"),
        pytest.param({"starter": "A"}, 400, "request.invalid", None, id="starter-not-a-number"),
    ],
)
def test_bad_input_is_a_400_naming_the_play(
    body: dict[str, Any], status: int, code: str, play_index: int | None
) -> None:
    response = replay(APIClient(), **body)
    assert response.status_code == status
    assert response.json()["code"] == code
    assert response.json()["details"].get("play_index") == play_index
