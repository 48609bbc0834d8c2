"""One tap where there is no choice: the cards whose play the rules leave to one, recorded at the tap.

Maltese Twenty's plays take nothing, so every card is one tap (docs/rules/twenty.md); in a capture game
a card that can take nothing trails, and where capturing is compulsory a card with one capture takes
it (docs/rules/ E6, T9, T11; the engine's :meth:`~games.rules.capture.capturing.Capturing.forced`).
Two plays still ask first: any play under Escoba's ``manual_capture`` (the player picks the cards, and
a mistake is what the others may challenge, 3.2(g)), and Tamlin's Jack onto an empty table, which
costs its side a point (T11): the button says so before the tap.
"""

from __future__ import annotations

import json
from functools import lru_cache

from games.models import Match
from games.rules.capture.capturing import capturing_of
from games.rules.cards import Card
from games.rules.registry import find_game
from web.forms import CardChoiceForm

EVERY_CARD = "all"  # a game whose every play takes nothing


def one_tap_plays(match: Match, table: tuple[Card, ...], seen: frozenset[str]) -> str:
    """The play form's ``data-one-tap``: :data:`EVERY_CARD`, or JSON of each unseen card that has one
    play, by its text, with the ``capture`` the form sends for it (``trail``, or the taken cards)."""
    capturing = capturing_of(match.game, match.options)
    if capturing is None:
        return EVERY_CARD
    if match.options.get("manual_capture"):
        return "{}"
    cards = [
        card
        for card, text in _deck(match.game)
        if text not in seen and not (capturing.takes_all(card) and not table)
    ]
    forced = capturing.forced_plays(table, cards)
    plays = {str(card): " ".join(map(str, taken)) or CardChoiceForm.TRAIL for card, taken in forced.items()}
    return json.dumps(plays, separators=(",", ":"))


@lru_cache(maxsize=8)
def _deck(game: str) -> tuple[tuple[Card, str], ...]:
    return tuple((card, str(card)) for card in find_game(game).deck)
