"""Cards and decks (docs/rules/shared.md A1).

A card is a rank (1 = ace .. 13 = king) and a suit. Face values belong to each game, not to the card.

>>> Card.parse("10♦")
Card(rank=10, suit=<Suit.DIAMONDS: 'D'>)
>>> str(Card.parse(" q♠ "))
'QS'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from games.rules.errors import BadCardText, DuplicateCard


class Suit(StrEnum):
    """A card's suit, by its letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


ACE, JACK, QUEEN, KING = 1, 11, 12, 13

_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_PARSE = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10} | {str(n): n for n in range(2, 11)}
_SUIT_PARSE = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS} | {
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card: a rank from 1 (ace) to 13 (King) and a suit (docs/rules/shared.md A1)."""

    rank: int
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``10D``, ``ad``, ``T♦``, ``q♠`` (docs/rules/shared.md A1).

        Raises:
            BadCardText: the text is not a card.
        """
        if not isinstance(text, str):
            raise BadCardText(text=text)
        cleaned = text.strip().upper()
        rank = _RANK_PARSE.get(cleaned[:-1])
        suit = _SUIT_PARSE.get(cleaned[-1:])
        if rank is None or suit is None:
            raise BadCardText(text=text)
        return cls(rank, suit)

    def __str__(self) -> str:
        return f"{_RANK_TEXT.get(self.rank, str(self.rank))}{self.suit.value}"


def parse_cards(texts: Iterable[str], *, unique: bool = True) -> tuple[Card, ...]:
    """Parse many cards; with ``unique`` a card given twice is an error.

    Raises:
        BadCardText: a text is not a card.
        DuplicateCard: a card appears twice.
    """
    cards = tuple(Card.parse(text) for text in texts)
    if unique:
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise DuplicateCard(card=str(card))
            seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> list[str]:
    """Canonical texts, in the given order."""
    return [str(card) for card in cards]


def deck(*, faces: bool = True) -> tuple[Card, ...]:
    """The 52-card pack, or with ``faces=False`` the 40-card pack without J Q K (Escoba)."""
    ranks = range(1, 14) if faces else range(1, 11)
    return tuple(Card(rank, suit) for suit in Suit for rank in ranks)
