"""One tap where there is no choice: the play form's ``data-one-tap``, from the engine's
:func:`~games.rules.choices.one_tap_plays` (which says which plays are left to one, and which still ask)."""

from __future__ import annotations

import json

from games.models import Match
from games.rules.cards import Card
from games.rules.choices import one_tap_plays as engine_one_tap_plays


def one_tap_plays(match: Match, table: tuple[Card, ...], seen: frozenset[str]) -> str:
    """The play form's ``data-one-tap``: ``all``, or JSON of each unseen card that has one play, by its
    text, with the ``capture`` the form sends for it (``trail``, or the taken cards)."""
    plays = engine_one_tap_plays(match.game, match.options, table, seen)
    return plays if isinstance(plays, str) else json.dumps(plays, separators=(",", ":"))
