"""Cards ready for templates (the labels themselves are in :mod:`games.labels`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import get_language

from games.labels import RED, card_label, card_name
from games.rules.cards import Card


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
