"""The rules API in the reader's language (docs/languages.md): every ``message`` of its answers and
errors, and each problem of a summary check, follow ``Accept-Language`` or the ``lang`` query parameter
(which comes first); an empty input never leaves a gap in a sentence."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

CHECK = "/api/v1/rules/{game}/captures/check/"


def post(url: str, body: dict[str, Any], language: str = "", query: str = "") -> Any:
    headers = {"Accept-Language": language} if language else {}
    return APIClient().post(url + query, body, format="json", headers=headers)


TRAIL = {  # 2♠ on 7♦: nothing to take, a trail, legal in every game
    "en": "2♠ takes nothing: a trail, the card stays on the table.",
    "ru": "2♠ ничего не берёт: карта остаётся на столе.",
    "sr": "2♠ не носи ништа: карта остаје на талону.",
    "sr-latn": "2♠ ne nosi ništa: karta ostaje na talonu.",
    "es": "2♠ no se lleva nada: la carta se queda en la mesa.",
    "it": "2♠ non prende nulla: la carta resta in tavola.",
    "pt": "2♠ não captura nada: a carta fica na mesa.",
}


@pytest.mark.parametrize("language", TRAIL)
@pytest.mark.parametrize("game", ["tablo", "escoba", "tamlin"])
def test_a_trail_is_answered_in_words_in_the_readers_language(game: str, language: str) -> None:
    body = {"table": ["7D"], "card": "2S", "taken": []}
    by_header = post(CHECK.format(game=game), body, language=language).json()
    by_query = post(CHECK.format(game=game), body, language="en", query=f"?lang={language}").json()
    assert by_header == by_query
    assert (by_header["legal"], by_header["message"]) == (True, TRAIL[language])
    assert by_header["groups"] == []


def test_a_trail_in_tablo_is_legal_even_where_the_card_could_take() -> None:
    """B8: a Tablo player may always trail; the empty list of cards taken is no broken sentence."""
    body = post(CHECK.format(game="tablo"), {"table": ["3C", "4D"], "card": "7S", "taken": []}).json()
    assert (body["legal"], body["message"]) == (
        True,
        "7♠ takes nothing: a trail, the card stays on the table.",
    )
    assert " : " not in body["message"]


@pytest.mark.parametrize(
    ("game", "rule", "words"),
    [
        ("escoba", "E6", "5♠ tiene que llevarse algo"),
        ("tamlin", "T9", "5♠ tiene que llevarse algo"),
    ],
)
def test_a_trail_that_must_capture_is_refused_in_the_readers_language(
    game: str, rule: str, words: str
) -> None:
    body = {"table": ["5D", "10D"], "card": "5S", "taken": []}
    answer = post(CHECK.format(game=game), body, query="?lang=es").json()
    assert (answer["legal"], answer["code"], answer["rule"]) == (False, "capture.required", rule)
    assert answer["message"].startswith(words)


def test_a_legal_capture_is_said_in_words() -> None:
    body = {"table": ["10S", "2H", "7C", "5D"], "card": "JH", "taken": ["10S", "2H", "7C", "5D"]}
    answer = post(CHECK.format(game="tablo"), body, language="ru").json()
    assert answer["message"] == "В♥ берёт 10♠ 2♥ 7♣ 5♦: весь стол."  # noqa: RUF001 (the Russian Jack)
    body = {"table": ["3S", "4D", "9C"], "card": "7S", "taken": ["3S", "4D"]}
    assert post(CHECK.format(game="tablo"), body).json()["message"] == "7♠ takes 3♠ 4♦."


def test_lang_comes_before_accept_language_and_an_unknown_one_is_ignored() -> None:
    body = {"table": ["7D"], "card": "2S", "taken": []}
    assert post(CHECK.format(game="tablo"), body, "ru", "?lang=it").json()["message"] == TRAIL["it"]
    assert post(CHECK.format(game="tablo"), body, "ru", "?lang=xx").json()["message"] == TRAIL["ru"]
    assert post(CHECK.format(game="tablo"), body, "", "?lang=hr").json()["message"] == TRAIL["sr-latn"]


def test_errors_follow_lang() -> None:
    answer = post("/api/v1/rules/tablo/captures/", {"table": ["3S", "ZZ"], "card": "KD"}, query="?lang=pt")
    assert answer.status_code == 400
    assert answer.headers["Content-Language"] == "pt"
    assert answer.json()["code"] == "card.bad_text"
    assert "não é uma carta" in answer.json()["message"]


def test_the_input_checks_own_words_are_translated() -> None:
    body = {"players": 2, "table": ["3S", "4D", "4C", "5H"], "plays": [{"card": "7S"}]}
    answer = post("/api/v1/rules/tablo/hands/replay/", body, query="?lang=it").json()
    assert answer["code"] == "request.invalid"
    assert answer["message"] != "Some fields are invalid."
    assert "Una giocata richiede un posto e una carta." in str(answer["details"])


def test_each_problem_of_a_summary_is_in_the_readers_language() -> None:
    body = {"players": 2, "table": ["3S", "4D", "4C", "5H"], "sides": [{"cards": 60}, {"cards": -1}]}
    answer = post("/api/v1/rules/tablo/hands/summary/", body, language="sr").json()
    assert answer["code"] == "summary.inconsistent"
    problems = answer["details"]["problems"]
    assert len(problems) >= 2
    english = post("/api/v1/rules/tablo/hands/summary/", body).json()["details"]["problems"]
    for serbian, original in zip(problems, english, strict=True):
        assert serbian["code"] == original["code"]
        assert serbian["message"] != original["message"]
        assert any("\u0400" <= letter <= "\u04ff" for letter in serbian["message"])  # Cyrillic


def test_an_empty_list_in_a_refusal_reads_as_none() -> None:
    body = {"starter": 0, "bonus_cards": [], "plays": []}
    answer = post("/api/v1/rules/twenty/rounds/replay/", body, language="es").json()
    assert answer["code"] == "twenty.bad_bonus_cards"
    assert answer["message"].endswith("ninguno.")


@pytest.mark.django_db
def test_a_rule_link_opens_the_rule_book_in_the_language_the_api_was_asked_in() -> None:
    """With ``lang``, a refusal's and an option's ``rule_url`` name it, and the page it opens is in that
    language at the rule, whatever the browser's; with ``Accept-Language`` alone the browser decides."""
    body = {"table": ["3S", "4D", "4C"], "card": "7S", "taken": ["3S", "4D", "4C"]}
    refused = post(CHECK.format(game="tablo"), body, "en", "?lang=sr-Latn").json()
    assert refused["rule_url"] == "http://testserver/rules/tablo/?lang=sr-latn#B8"
    assert post(CHECK.format(game="tablo"), body, "sr-Latn").json()["rule_url"].endswith("/rules/tablo/#B8")
    games = APIClient().get("/api/v1/rules/?lang=pt", headers={"Accept-Language": "ru"}).json()
    escoba = next(game for game in games if game["name"] == "escoba")
    capture = next(option for option in escoba["options"] if option["key"] == "capture")
    assert capture["rule_url"] == "http://testserver/rules/escoba/?lang=pt#E5"
    for url, language, rule in ((refused["rule_url"], "sr-latn", "B8"), (capture["rule_url"], "pt", "E5")):
        path = url.removeprefix("http://testserver").split("#")[0]
        page = APIClient().get(path, headers={"Accept-Language": "en"}).content.decode()
        assert f'<article class="rules" lang="{language}">' in page
        assert f'id="{rule}"' in page
