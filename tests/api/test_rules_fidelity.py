"""The rules reference's readings through the public rules API: the catalogue and its reference pages, the new
Escoba option, challenges taken back, Twenty's round starters, null options, impossible quick entries
(docs/rules/shared.md A2, A4, A5; docs/rules/escoba.md 3.2(a), 3.2(g))."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.test_rules_hands import post

ROOT = Path(__file__).parent.parent.parent
ESCOBA_TABLE = ["3C", "4D", "5H", "6S"]
RULE_ID = re.compile(r"\b(?:[ABETW]\d{1,2}|TB-\d+|EB-\d+|TM-\d+|TW-\d+|\d\.\d\([a-g]\))\b|RULES\.md")


def catalogue() -> dict[str, dict[str, Any]]:
    return {game["name"]: game for game in APIClient().get("/api/v1/rules/").json()}


def test_the_catalogue_links_each_game_to_its_rules_page() -> None:
    for name, game in catalogue().items():
        assert game["rules_path"] == f"docs/rules/{name}.md"
        assert (ROOT / game["rules_path"]).is_file()
        assert game["rules_page"] == f"http://testserver/api/v1/rules/{name}/reference/"
        page = APIClient().get(game["rules_page"])
        assert page.status_code == 200
        assert page["Content-Type"] == "text/markdown; charset=utf-8"
        assert page.content.decode() == (ROOT / game["rules_path"]).read_text(encoding="utf-8")


def test_each_option_keeps_its_rule_id_and_adds_the_rules_page_anchor() -> None:
    options = {option["key"]: option for option in catalogue()["escoba"]["options"]}
    assert options["lead"]["rule"] == "3.2(a)"
    assert options["lead"]["rule_url"] == "http://testserver/rules/escoba/#3.2(a)"
    assert options["capture"]["rule_url"] == "http://testserver/rules/escoba/#E5"
    tablo = {option["key"]: option for option in catalogue()["tablo"]["options"]}
    assert tablo["leftovers"]["rule_url"] == "http://testserver/rules/tablo/#B10"


@pytest.mark.parametrize(
    ("game", "ids"),
    [
        pytest.param("tablo", ["B1", "B10", "B12", "TB-19"], id="tablo"),
        pytest.param("escoba", ["E1", "E11", "3.2(g)", "EB-7"], id="escoba"),
        pytest.param("tamlin", ["T1", "T15", "1.2(a)", "TM-8"], id="tamlin"),
        pytest.param("twenty", ["W1", "W10", "2.2(b)", "TW-6"], id="twenty"),
    ],
)
def test_each_rules_page_holds_its_rule_ids(game: str, ids: list[str]) -> None:
    page = APIClient().get(f"/api/v1/rules/{game}/reference/").content.decode()
    for rule in ids:
        assert rule in page


def test_an_unknown_game_has_no_rules_page() -> None:
    response = APIClient().get("/api/v1/rules/poker/reference/")
    assert (response.status_code, response.json()["code"]) == (400, "game.unknown")


def test_the_catalogue_offers_lead_but_not_the_hidden_edition() -> None:
    games = catalogue()
    escoba = {option["key"]: option for option in games["escoba"]["options"]}
    assert (escoba["lead"]["default"], escoba["lead"]["allowed"]) == (
        "after_dealer",
        ["after_dealer", "dealer"],
    )
    assert all("edition" not in {option["key"] for option in game["options"]} for game in games.values())


def test_catalogue_defaults_echoed_back_are_accepted() -> None:
    """A client that sends every default of the catalogue (null for "none") gets no 400."""
    for name, game in catalogue().items():
        if name == "twenty":
            continue  # Twenty has no hand setup in this endpoint; its rounds are replayed apart
        options = {option["key"]: option["default"] for option in game["options"]}
        table = [] if name == "escoba" and options["deal"] == "scopone" else ESCOBA_TABLE
        response = post(
            f"/api/v1/rules/{name}/hands/replay/",
            {"players": 2, "table": table, "plays": [], "options": options},
        )
        assert response.status_code == 200, (name, response.json())
    body = {"players": 2, "table": ESCOBA_TABLE, "plays": [], "options": {"time_limit_minutes": None}}
    assert post("/api/v1/rules/tamlin/hands/replay/", body).status_code == 200


def test_null_for_an_option_with_a_default_is_refused() -> None:
    body = {"players": 2, "table": ESCOBA_TABLE, "plays": [], "options": {"target": None}}
    response = post("/api/v1/rules/tamlin/hands/replay/", body)
    assert (response.status_code, response.json()["code"]) == (400, "options.bad_value")


@pytest.mark.parametrize(("lead", "first"), [("after_dealer", 0), ("dealer", 2)])
def test_escoba_lead_through_the_api(lead: str, first: int) -> None:
    body = {"players": 3, "dealer": 2, "table": ESCOBA_TABLE, "plays": [], "options": {"lead": lead}}
    assert post("/api/v1/rules/escoba/hands/replay/", body).json()["next_seat"] == first


def test_three_challenges_through_the_api_eb8() -> None:
    plays = [
        {"seat": 1, "card": "7H", "taken": ["5H"]},
        {"challenge": {"by": 0, "play_index": 0}},
        {"seat": 0, "card": "9D", "taken": ["3C", "6S"]},
        {"challenge": {"by": 1, "play_index": 1}},
        {"seat": 1, "card": "4S", "taken": []},
        {"challenge": {"by": 0, "play_index": 2}},
    ]
    body = {"players": 2, "table": ESCOBA_TABLE, "plays": plays, "options": {"manual_capture": True}}
    response = post("/api/v1/rules/escoba/hands/replay/", body)
    assert response.status_code == 200, response.json()
    report = response.json()
    assert [(r["correct"], r["points"], r["taken_back"]) for r in report["rulings"]] == [
        (True, 2, True),
        (False, -1, False),
        (True, 2, False),
    ]
    assert sorted(report["table"]) == sorted(["4D", "5H", "7H", "4S"])
    assert [side["points"]["challenges"] for side in report["sides"]] == [4, -1]


@pytest.mark.parametrize(
    ("round_", "starter", "status", "code"),
    [
        pytest.param(2, 0, 400, "twenty.wrong_round_starter", id="A4-round-2-by-seat-0"),
        pytest.param(1, 1, 400, "twenty.wrong_round_starter", id="A4-round-1-by-seat-1"),
        pytest.param(2, 1, 200, None, id="A4-round-2-by-seat-1"),
    ],
)
def test_twenty_round_starters_through_the_api(
    round_: int, starter: int, status: int, code: str | None
) -> None:
    body = {"round": round_, "starter": starter, "bonus_cards": ["7D", "3C"], "plays": []}
    response = post("/api/v1/rules/twenty/rounds/replay/", body)
    assert response.status_code == status
    if code:
        assert response.json()["code"] == code
        assert response.json()["details"] == {"round": round_, "seat": round_ - 1, "starter": starter}


@pytest.mark.parametrize(
    ("sides", "code", "words"),
    [
        pytest.param(
            [{"cards": 0, "point_cards": 1, "tablos": 0}, {"cards": 52, "point_cards": 21, "tablos": 0}],
            "summary.not_held",
            "points in point cards",
            id="A5-0-cards-1-point",
        ),
        pytest.param(
            [{"cards": 1, "point_cards": 0, "tablos": 0}, {"cards": 51, "point_cards": 22, "tablos": 0}],
            "summary.one_card",
            "exactly 1 card",
            id="A5-one-card",
        ),
    ],
)
def test_impossible_quick_entries_are_refused_with_their_own_code(
    sides: list[dict[str, int]], code: str, words: str
) -> None:
    response = post("/api/v1/rules/tablo/hands/summary/", {"players": 2, "sides": sides})
    assert (response.status_code, response.json()["code"]) == (400, "summary.inconsistent")
    problems = response.json()["details"]["problems"]
    assert [problem["code"] for problem in problems] == [code]
    assert words in problems[0]["message"]
    assert not RULE_ID.search(problems[0]["message"])


def test_summary_messages_name_counts_in_the_readers_language() -> None:
    sides = [{"cards": 0, "point_cards": 1, "tablos": 0}, {"cards": 52, "point_cards": 23, "tablos": 0}]
    client = APIClient(HTTP_ACCEPT_LANGUAGE="ru")
    response = client.post(
        "/api/v1/rules/tablo/hands/summary/", {"players": 2, "sides": sides}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["details"]["problems"][0]["key"] == "point_cards"  # the key stays in the details
    assert "point_cards" not in body["message"]


def _tablo_hand_nobody_captures(last: tuple[str, str]) -> dict[str, Any]:
    """A whole 2-player Tablo hand in which every card trails (capturing is optional); the last two
    cards are seat 1's ``last[0]`` and seat 0's ``last[1]``."""
    table = ["2C", "3C", "4C", "5C"]
    deck = [f"{rank}{suit}" for suit in "SHDC" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
    middle = [card for card in deck if card not in {*table, *last}]
    cards = [*middle, *last]
    plays = [{"seat": (1 + index) % 2, "card": card, "taken": []} for index, card in enumerate(cards)]
    return {"players": 2, "dealer": 0, "table": table, "plays": plays}


@pytest.mark.parametrize(
    ("last", "options", "side", "cards"),
    [
        pytest.param(("AS", "KS"), {}, 1, [0, 52], id="B10-nobody-captured-the-ace-is-highest"),
        pytest.param(("QS", "KS"), {}, 0, [52, 0], id="B10-nobody-captured-the-king-above-the-queen"),
        pytest.param(
            ("AS", "KS"), {"leftovers": "last_capturer"}, None, [0, 0], id="A5-last-capturer-nobody"
        ),
        pytest.param(("AS", "KS"), {"edition": 1}, None, [0, 0], id="edition-1-nobody"),
    ],
)
def test_tablo_leftovers_when_nobody_captured_through_the_api(
    last: tuple[str, str], options: dict[str, object], side: int | None, cards: list[int]
) -> None:
    body = _tablo_hand_nobody_captures(last) | {"options": options}
    report = post("/api/v1/rules/tablo/hands/replay/", body).json()
    assert report["complete"]
    assert (report["leftovers"]["side"], len(report["leftovers"]["cards"])) == (side, 52)
    assert [each["cards"] for each in report["sides"]] == cards


def test_escoba_primera_through_the_api_a_side_lacking_a_suit_scores_nothing() -> None:
    sides = [
        {"cards": 22, "diamonds": 6, "sevens": 4, "seven_diamonds": 1, "sweeps": 0, "primera": 0},
        {"cards": 18, "diamonds": 4, "sevens": 0, "seven_diamonds": 0, "sweeps": 0, "primera": 58},
    ]
    body = {"players": 2, "sides": sides, "options": {"sevens": "primera"}}
    response = post("/api/v1/rules/escoba/hands/summary/", body)
    assert response.status_code == 200, response.json()
    assert [side["points"]["primera"] for side in response.json()["sides"]] == [0, 1]
    sides[0] |= {"cards": 3, "diamonds": 1, "sevens": 1, "primera": 21}
    sides[1] |= {"cards": 37, "diamonds": 9, "sevens": 3}
    problems = post("/api/v1/rules/escoba/hands/summary/", body).json()["details"]["problems"]
    assert [problem["code"] for problem in problems] == ["summary.too_few_cards"]  # a primera needs 4 suits
