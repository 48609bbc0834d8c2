"""What the phone asks for to start a hand and to enter a hand's counts, per game, in words.

The engine checks every answer (how many table cards, which counts add up); these tables only choose
the questions and their labels (docs/rules/ B5, E3, T5, W2; the summary keys of each game's scoring).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.rules.game import OptionValue
from games.rules.registry import find_game

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True, slots=True)
class DealQuestions:
    table: bool = True  # the cards turned up on the table
    set_aside: StrOrPromise | None = None  # a grid of cards out of play, with this legend
    starter: bool = False  # Twenty: who starts the round (docs/rules/shared.md A4)


def deal_questions(game: str, options: Mapping[str, OptionValue]) -> DealQuestions:
    if game == "twenty":
        return DealQuestions(table=False, set_aside=_("The two bonus cards set aside"), starter=True)
    if game == "escoba" and options.get("deal") == "scopone":
        return DealQuestions(table=False, set_aside=_("Cards left out, if known"))
    return DealQuestions()


COUNT_LABELS: Mapping[str, StrOrPromise] = {
    "cards": _("Cards taken"),
    "point_cards": _("Points in point cards"),
    "tablos": _("Tablos"),
    "diamonds": _("Diamonds"),
    "sevens": _("Sevens"),
    "seven_diamonds": _("Has the 7♦"),
    "sweeps": _("Sweeps"),
    "primera": _("Primera value"),
    "spades": _("Spades"),
    "ten_diamonds": _("Has the 10♦"),
    "two_spades": _("Has the 2♠"),
    "aces": _("Aces"),
    "tamlins": _("Tamlins"),
    "jack_penalties": _("Jacks played to an empty table"),
}

ONE_CARD_KEYS = frozenset({"seven_diamonds", "ten_diamonds", "two_spades"})
"""Counts of one card (0 or 1): asked as a switch, not a number."""

DECK_TOTALS: Mapping[str, Mapping[str, int]] = {
    "tablo": {"cards": 52, "point_cards": 22},  # docs/rules/tablo.md B2, B3
    "escoba": {"cards": 40, "diamonds": 10, "sevens": 4, "seven_diamonds": 1},  # E1
    "tamlin": {"cards": 52, "spades": 13, "ten_diamonds": 1, "two_spades": 1, "aces": 4},  # T2
}
"""What the whole deck holds of each count: every card ends in a pile (the leftovers too, B10, E8,
T13), so with two sides the second side's share is the rest."""


def deck_totals(game: str, sides: int) -> Mapping[str, int]:
    """The counts the deck fixes for the last side: only when two sides play."""
    return DECK_TOTALS.get(game, {}) if sides == 2 else {}


def summary_keys(game: str, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
    """The counts a side reports in a quick end-of-hand entry: the engine's summary keys under
    ``options`` (Tamlin's spades only under ``scoring: cassino``); empty for Twenty, whose entry is
    its own form."""
    return () if game == "twenty" else find_game(game).summary_keys(options)
