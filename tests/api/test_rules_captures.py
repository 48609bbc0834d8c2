"""``POST /api/v1/rules/{game}/captures/`` and ``.../captures/check/`` (docs/rules/tablo.md B8, TB-*, A3)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient


def post(url: str, **body: Any) -> Any:
    return APIClient().post(url, body, format="json")


def test_lists_every_capture_best_first_tb5() -> None:
    response = post("/api/v1/rules/tablo/captures/", table=["3S", "10H", "AC"], card="KD")
    assert response.status_code == 200
    body = response.json()
    assert body["complete"] is True
    assert body["exact"] is True
    assert body["count"] == 2
    sweep, other = body["captures"]
    assert sweep["sweep"] is True
    assert sorted(sweep["cards"]) == ["10H", "3S", "AC"]
    assert sweep["points"] == 3  # 10♥, A♣ and the played K♦
    assert sorted(other["cards"]) == ["3S", "AC"]
    assert other["sweep"] is False


def test_limit_keeps_the_best_and_counts_all() -> None:
    table = ["AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C", "3S", "3H", "3D", "3C"]
    body = post("/api/v1/rules/tablo/captures/", table=table, card="KS", limit=5).json()
    assert body["count"] == 696
    assert len(body["captures"]) == 5


def test_check_a_legal_capture_gives_its_groups_tb3() -> None:
    body = post(
        "/api/v1/rules/tablo/captures/check/",
        table=["10S", "2H", "7C", "5D"],
        card="JH",
        taken=["10S", "2H", "7C", "5D"],
    ).json()
    assert body["legal"] is True
    assert body["sweep"] is True
    assert sorted(map(sorted, body["groups"])) == [["10S", "2H"], ["5D", "7C"]]


def test_check_an_illegal_capture_gives_the_reason_and_alternatives_tb8() -> None:
    body = post(
        "/api/v1/rules/tablo/captures/check/", table=["3S", "4D", "4C"], card="7S", taken=["3S", "4D", "4C"]
    ).json()
    assert body["legal"] is False
    assert body["code"] == "capture.illegal"
    assert body["message"]
    assert sorted(map(sorted, body["alternatives"])) == [["3S", "4C"], ["3S", "4D"]]
    assert body["rule"] == "B8"
    assert body["rule_url"] == "http://testserver/rules/tablo/#B8"


def test_the_verdict_speaks_the_readers_language() -> None:
    body = {"table": ["3S", "4D", "4C"], "card": "7S", "taken": ["3S", "4D", "4C"]}
    answer = APIClient().post(
        "/api/v1/rules/tablo/captures/check/", body, format="json", headers={"Accept-Language": "ru"}
    )
    assert answer.json()["code"] == "capture.illegal"
    assert "7♠ не может взять 3♠ 4♦ 4♣" in answer.json()["message"]


@pytest.mark.parametrize(
    ("game", "legal", "code"),
    [("tablo", True, None), ("escoba", False, "capture.required"), ("tamlin", False, "capture.required")],
)
def test_taking_nothing_is_a_trail_answered_by_the_games_rules(
    game: str, legal: bool, code: str | None
) -> None:
    """A trail is always legal in Tablo; in Escoba and Tamlin capturing is compulsory (E6, T9): 5♠
    could take the 5♦ (Tamlin) or make 15 with 10♦ (Escoba)."""
    body = post(f"/api/v1/rules/{game}/captures/check/", table=["5D", "10D"], card="5S", taken=[]).json()
    assert (body["legal"], body.get("code")) == (legal, code)
    if not legal:
        assert body["message"] == "5♠ must take something: capturing is compulsory when it can."
        assert body["alternatives"]
    nothing = post(f"/api/v1/rules/{game}/captures/check/", table=["7D"], card="2S", taken=[]).json()
    assert nothing["legal"] is True  # 2♠ can take nothing from 7♦: it trails


@pytest.mark.parametrize(
    ("url", "body", "code"),
    [
        pytest.param(
            "tablo/captures/", {"table": ["3S", "ZZ"], "card": "KD"}, "card.bad_text", id="bad-card"
        ),
        pytest.param("tablo/captures/", {"table": ["3S", "3S"], "card": "KD"}, "card.duplicate", id="twice"),
        pytest.param(
            "tablo/captures/",
            {"table": [], "card": "KD", "options": {"x": 1}},
            "options.unknown",
            id="unknown-option",
        ),
        pytest.param("chess/captures/", {"table": [], "card": "KD"}, "game.unknown", id="unknown-game"),
        pytest.param(
            "tablo/captures/check/",
            {"table": ["3S"], "card": "3D", "taken": ["3H"]},
            "capture.not_on_table",
            id="not-on-table",
        ),
        pytest.param(
            "tablo/captures/",
            {"table": ["3S"], "card": "KD", "limit": 0},
            "request.invalid",
            id="limit-too-small",
        ),
    ],
)
def test_malformed_input_is_a_400(url: str, body: dict[str, Any], code: str) -> None:
    response = post("/api/v1/rules/" + url, **body)
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_a_full_deck_table_is_answered() -> None:
    deck = [f"{rank}{suit}" for suit in "SHDC" for rank in ["A", *map(str, range(2, 11)), "J", "Q"]]
    body = post("/api/v1/rules/tablo/captures/", table=deck, card="KS", limit=200).json()
    assert len(body["captures"]) == 200
    assert body["exact"] is True
    assert body["captures"][0]["sweep"] is False
