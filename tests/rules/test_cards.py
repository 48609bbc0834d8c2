"""Card notation (docs/rules/shared.md A1): parse, format, decks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules.cards import Card, Suit, deck, format_cards, parse_cards
from games.rules.errors import BadCardText, DuplicateCard


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("10D", Card(10, Suit.DIAMONDS), id="A1-canonical-ten"),
        pytest.param("AS", Card(1, Suit.SPADES), id="A1-ace"),
        pytest.param("qh", Card(12, Suit.HEARTS), id="A1-lower-case"),
        pytest.param(" 2C ", Card(2, Suit.CLUBS), id="A1-surrounding-spaces"),
        pytest.param("TD", Card(10, Suit.DIAMONDS), id="A1-T-for-ten"),
        pytest.param("10♦", Card(10, Suit.DIAMONDS), id="A1-suit-symbol"),
        pytest.param("q♠", Card(12, Suit.SPADES), id="A1-symbol-lower-case"),
        pytest.param("K♥", Card(13, Suit.HEARTS), id="A1-king-hearts"),
        pytest.param("j♣", Card(11, Suit.CLUBS), id="A1-jack-clubs"),
    ],
)
def test_card_text_is_read(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="A1-empty"),
        pytest.param("1S", id="A1-no-rank-1"),
        pytest.param("11H", id="A1-no-rank-11"),
        pytest.param("KX", id="A1-bad-suit"),
        pytest.param("K", id="A1-no-suit"),
        pytest.param("10 D", id="A1-inner-space"),
        pytest.param("ZZZ", id="A1-nonsense"),
    ],
)
def test_bad_card_text_is_refused_with_the_text(text: str) -> None:
    with pytest.raises(BadCardText) as raised:
        Card.parse(text)
    assert raised.value.code == "card.bad_text"
    assert raised.value.facts == {"text": text}


def test_a_card_given_twice_is_a_duplicate() -> None:
    with pytest.raises(DuplicateCard) as raised:
        parse_cards(["AS", "10d", "as"])
    assert raised.value.facts == {"card": "AS"}


def test_output_is_canonical() -> None:
    assert format_cards(parse_cards(["t♦", "q♠", "ah", "2c"])) == ["10D", "QS", "AH", "2C"]


def test_decks_have_52_and_40_distinct_cards() -> None:
    assert len(set(deck())) == 52
    assert len(set(deck(faces=False))) == 40
    assert max(card.rank for card in deck(faces=False)) == 10


@given(st.sampled_from(deck()))
def test_parse_format_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card


@given(st.sampled_from(deck()), st.sampled_from(["", " ", "  "]), st.booleans())
def test_spaces_case_and_symbols_do_not_change_the_card(card: Card, pad: str, symbol: bool) -> None:
    text = str(card)
    if symbol:
        text = text[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[text[-1]]
    assert Card.parse(f"{pad}{text.lower()}{pad}") == card
