"""What the phone asks for to start a hand and to enter a hand's counts, per game, from each game's
presentation (games/presentation/).

The engine checks every answer (how many table cards, which counts add up); the presentation only
chooses the questions and their labels (docs/rules/ B5, E3, T5, W2; the summary keys of each game's
scoring).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from games.presentation import DealQuestions, presentation_of
from games.rules.game import OptionValue
from games.rules.registry import find_game

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def deal_questions(game: str, options: Mapping[str, OptionValue]) -> DealQuestions:
    """What the deal form asks for ``game`` under ``options``."""
    return presentation_of(game).deal_questions(options)


def count_label(game: str, key: str) -> StrOrPromise:
    """A summary key of ``game`` in words, as the quick entry asks it."""
    return presentation_of(game).counts.get(key, key)


def deck_totals(game: str, sides: int) -> Mapping[str, int]:
    """The counts the deck fixes for the last side: only when two sides play."""
    return presentation_of(game).deck_totals if sides == 2 else {}


def summary_keys(game: str, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
    """The counts a side reports in a quick end-of-hand entry: the engine's summary keys under
    ``options`` (Tamlin's spades only under ``scoring: cassino``); empty for a game scored by awards
    (Twenty), whose entry is its own form."""
    return () if presentation_of(game).awards else find_game(game).summary_keys(options)
