"""The dispute checker through Django's test client: no login, answers from the engine (docs/rules/tablo.md
B8, A3)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


def ask(client: Client, *, htmx: bool = False, **query: str | list[str]) -> str:
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(reverse("dispute"), query, headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def test_the_checker_opens_without_signing_in(client: Client) -> None:
    page = ask(client)
    assert "Settle a dispute" in page
    assert page.count('name="table"') == 52
    assert page.count('name="card"') == 52


@pytest.mark.parametrize(
    ("table", "card", "expected"),
    [
        pytest.param(["10D", "2C", "7S", "5H"], "KS", ["2♣", "7♠", "5♥"], id="TB-1"),
        pytest.param(["3C", "10D", "AH"], "KS", ["3♣", "10♦", "A♥"], id="TB-5-the-tablo-is-found"),
    ],
)
def test_legal_captures_are_listed_best_first(
    client: Client, table: list[str], card: str, expected: list[str]
) -> None:
    page = ask(client, variant="tablo", table=table, card=card)
    results = page[page.index('id="dispute-results"') :]
    best = results[results.index("<li>") : results.index("</li>")]
    assert all(label in best for label in expected)


def test_a_card_with_nothing_to_take_stays_on_the_table(client: Client) -> None:
    page = ask(client, variant="tablo", table=["10D", "2C", "7S", "5H"], card="3D")
    assert "No legal capture" in page


def test_a_claimed_capture_that_breaks_the_rules_gets_the_reason_and_alternatives(client: Client) -> None:
    page = ask(client, variant="tablo", table=["10D", "2C", "7S", "5H"], card="KS", taken=["10D", "2C"])
    assert "Not legal." in page
    assert "It could have taken:" in page


def test_a_legal_claim_shows_its_groups_and_the_tablo(client: Client) -> None:
    page = ask(
        client, variant="tablo", table=["10D", "2C", "7S", "5H"], card="JS", taken=["10D", "2C", "7S", "5H"]
    )
    assert "Legal." in page
    assert "tablo" in page


def test_htmx_gets_the_body_and_the_announcement_only(client: Client) -> None:
    page = ask(client, htmx=True, variant="tablo", table=["7S"], card="7H")
    assert "<html" not in page
    assert 'hx-swap-oob="innerHTML"' in page
    assert "1 legal capture" in page


def test_the_played_card_and_the_table_exclude_each_other(client: Client) -> None:
    page = ask(client, variant="tablo", table=["7S"], card="7H")
    assert 'id="card-7S" aria-label="7 of spades" disabled' in page
    assert 'id="table-7H" aria-label="7 of hearts" disabled' in page


def test_russian_shows_russian_card_names(client: Client) -> None:
    client.cookies["django_language"] = "ru"
    page = ask(client, variant="tablo", table=["QS", "AH"], card="KD")
    assert "Д♠" in page
    assert "дама пик" in page


@pytest.mark.parametrize("language", ["en", "ru"])
def test_unknown_card_codes_in_a_link_are_said_and_the_rest_still_read(client: Client, language: str) -> None:
    client.cookies["django_language"] = language
    page = ask(client, table=["10D", "ZZ", "2C", "7S", "5H"], card="KS", taken=["1X"])
    said = {
        "en": "Left out, as no card of this game: ZZ, 1X.",
        "ru": "Пропущено, это не карты этой игры: ZZ, 1X.",
    }
    assert said[language] in page
    assert "2♣" in page  # K♠'s captures, from the cards that read (TB-1)


def test_cards_the_game_has_not_are_said_too(client: Client) -> None:
    page = ask(client, variant="escoba", table=["KH", "3C"], card="4D")  # Escoba has no K (E1)
    assert "Left out, as no card of this game: KH." in page


def test_a_link_of_known_cards_says_nothing_is_left_out(client: Client) -> None:
    assert "Left out" not in ask(client, table=["10D", "2C"], card="KS")


def test_an_illegal_claim_links_to_its_rule_in_the_readers_language(client: Client) -> None:
    page = ask(client, variant="tablo", table=["10D", "2C", "7S", "5H"], card="KS", taken=["10D", "2C"])
    assert '<a class="rule-link" href="/rules/tablo/#B8">Rule B8</a>' in page
    russian = client.get(
        reverse("dispute"),
        {"variant": "tablo", "table": ["10D", "2C", "7S", "5H"], "card": "KS", "taken": ["10D", "2C"]},
        headers={"accept-language": "ru"},
    ).content.decode()
    assert '<a class="rule-link" href="/rules/tablo/#B8">Правило B8</a>' in russian
    assert 'id="B8"' in client.get("/rules/tablo/", headers={"accept-language": "ru"}).content.decode()
