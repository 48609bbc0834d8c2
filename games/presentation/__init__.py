"""What the app shows of each game besides its rules: titles, presets, option words, quick-entry
labels and deck totals, breakdown rows, event and review words, the demo's deal, the rules a refusal
cites.

One module per game, named as the engine's game (``tablo.py`` for ``tablo``), holds its
:class:`~games.presentation.types.Presentation`; :data:`PRESENTATIONS` finds it by the engine's name,
in the order the app offers the games. ``tests/test_every_game.py`` checks every registered game has
one, complete.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.presentation import escoba, tablo, tamlin, twenty
from games.presentation.types import Deal, DealQuestions, Presentation, Preset
from games.rules.registry import find_game

__all__ = ["PRESENTATIONS", "Deal", "DealQuestions", "Presentation", "Preset", "presentation_of"]

PRESENTATIONS: Mapping[str, Presentation] = {
    "tablo": tablo.PRESENTATION,
    "escoba": escoba.PRESENTATION,
    "tamlin": tamlin.PRESENTATION,
    "twenty": twenty.PRESENTATION,
}


def presentation_of(game: str) -> Presentation:
    """The presentation of the registered game called ``game``.

    Raises:
        UnknownGame: no such game.
    """
    return PRESENTATIONS[find_game(game).name]
