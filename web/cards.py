"""Cards ready for templates (the labels themselves are in :mod:`games.labels`)."""

from __future__ import annotations

from dataclasses import dataclass

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
    def of(cls, card: Card) -> CardView:
        return cls(str(card), card_label(card), card_name(card), card.suit in RED)
