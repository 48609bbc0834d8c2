"""Cards as people read them: short localized labels and spoken names (RULES.md A1).

The API and storage always use canonical texts (``QS``); only the UI localizes, e.g. Russian shows
"Д" for a queen (``Д♠``, RULES.md A1 lists all four) and a screen reader says "дама пик".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import get_language, gettext, pgettext

from games.rules.cards import Card, Suit
from games.rules.errors import BadCardText

SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})


def _rank_letter(rank: int) -> str:
    letters = {
        1: pgettext("card rank, short", "A"),
        11: pgettext("card rank, short", "J"),
        12: pgettext("card rank, short", "Q"),
        13: pgettext("card rank, short", "K"),
    }
    return letters.get(rank, str(rank))


def _rank_name(rank: int) -> str:
    names = {
        1: pgettext("card rank", "ace"),
        11: pgettext("card rank", "jack"),
        12: pgettext("card rank", "queen"),
        13: pgettext("card rank", "king"),
    }
    return names.get(rank, str(rank))


def suit_name(suit: Suit) -> str:
    """The suit as it follows a rank ("spades"; Russian genitive "пик")."""
    names = {
        Suit.SPADES: pgettext("card suit", "spades"),
        Suit.HEARTS: pgettext("card suit", "hearts"),
        Suit.DIAMONDS: pgettext("card suit", "diamonds"),
        Suit.CLUBS: pgettext("card suit", "clubs"),
    }
    return names[suit]


def card_label(card: Card) -> str:
    """Rank and suit symbol in the current language: ``Q♠``, in Russian ``Д♠``."""
    return f"{_rank_letter(card.rank)}{SYMBOLS[card.suit]}"


def card_name(card: Card) -> str:
    """What a screen reader says: "queen of spades", "дама пик"."""
    return gettext("%(rank)s of %(suit)s") % {"rank": _rank_name(card.rank), "suit": suit_name(card.suit)}


def cards_label(cards: Iterable[Card]) -> str:
    """Several cards, short: ``10♦ 2♣``."""
    return " ".join(map(card_label, cards))


def text_label(text: str) -> str:
    """The label of a card given as text; other text is returned unchanged."""
    try:
        return card_label(Card.parse(text))
    except BadCardText:
        return text


@dataclass(frozen=True, slots=True)
class CardView:
    """A card ready for a template: canonical text, label, spoken name, colour."""

    text: str
    label: str
    name: str
    red: bool

    @classmethod
    def of(cls, card: Card, language: str | None = None) -> CardView:
        """The card's view in ``language`` (by default the active one: asking for it costs, so a
        caller drawing many cards passes it)."""
        return _card_view(card, language or get_language())


@lru_cache(maxsize=1024)
def _card_view(card: Card, language: str | None) -> CardView:
    """Labels depend only on the card and the language, and the match screen draws the whole deck on
    every answer: each card's view is made once per language."""
    return CardView(str(card), card_label(card), card_name(card), card.suit in RED)
