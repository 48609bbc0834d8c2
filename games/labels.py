"""Cards and games as people read them, in the reader's language: short card labels, spoken names,
game titles (docs/rules/shared.md A1).

The API and storage always use canonical texts (``QS``); only the UI localizes, e.g. Russian shows
"Д" for a queen (``Д♠``, docs/rules/shared.md A1 lists all four) and a screen reader says "дама пик".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext, pgettext, pgettext_lazy

from games.presentation import PRESENTATIONS
from games.rules.cards import Card, Suit
from games.rules.errors import BadCardText

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

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


SUIT_NAMES: Mapping[Suit, StrOrPromise] = {
    Suit.SPADES: pgettext_lazy("card suit", "spades"),
    Suit.HEARTS: pgettext_lazy("card suit", "hearts"),
    Suit.DIAMONDS: pgettext_lazy("card suit", "diamonds"),
    Suit.CLUBS: pgettext_lazy("card suit", "clubs"),
}


def suit_name(suit: Suit) -> str:
    """The suit as it follows a rank ("spades"; Russian genitive "пик"): only its own name is
    translated (the card grid names each of its rows)."""
    return str(SUIT_NAMES[suit])


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


def game_title(name: str) -> StrOrPromise:
    """The game's name in the reader's language (the engine's ``title`` is English); a name no game
    has, as it is."""
    presentation = PRESENTATIONS.get(name)
    return presentation.title if presentation is not None else name
