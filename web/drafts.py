"""A match started offline (docs/offline-engine.md): the draft match screens a phone keeps for it, and
what the new-match page tells the phone to start one without the network.

A draft is the match screen of the match :func:`games.matches.services.matches.match_draft` checks but does
not store: one per preset, player count and pairing, its players named by tokens (``[[seat1]]``...)
that the phone replaces with the names typed. Its id is ``DRAFT_PK``, so its addresses read
``/matches/0/...``; the phone rewrites them once the server has stored the match (``static/js/
offline_draft.js``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import gettext

from games.matches.services.matches import DRAFT_PK, match_draft
from games.messages import violation_text
from games.models import Match
from games.presentation import Preset
from games.rules.errors import RuleViolation
from games.rules.registry import find_game
from web.options import choice_specs, option_values

__all__ = ["DRAFT_PK", "draft_match", "draft_token", "offline_start"]


def draft_token(seat: int) -> str:
    """What stands for the name of the player in ``seat`` on a draft."""
    return f"[[seat{seat}]]"


def draft_match(preset: Preset, players: int, pairs: bool, by: User) -> Match:
    """The unsaved match of a draft screen.

    Raises:
        RuleViolation: the game is not played by ``players``, or not in pairs by them.
    """
    names = [draft_token(seat) for seat in range(players)]
    return match_draft(game=preset.game, names=names, by=by, options=dict(preset.options), teams=pairs)


def _draft_url(preset: Preset, players: int, pairs: bool) -> str:
    name = "match-draft-pairs" if pairs else "match-draft"
    return reverse(name, kwargs={"variant": preset.slug, "players": players})


def offline_start(preset: Preset, by: User) -> dict[str, Any]:
    """What the new-match page gives the phone to start a match of ``preset`` offline (as JSON): the
    game and the preset's options; each chosen option's values by their text; and by seat count (and
    ``p`` for pairs, ``"4p"``) the draft screen's address, or the engine's refusal of that seating."""
    game = find_game(preset.game)
    seatings: dict[str, dict[str, str]] = {}
    for players in range(1, max(game.players) + 1):
        for pairs in (False, True):
            key = f"{players}{'p' if pairs else ''}"
            try:
                draft_match(preset, players, pairs, by)
            except RuleViolation as refused:
                seatings[key] = {"refused": violation_text(refused)}
            else:
                seatings[key] = {"draft": _draft_url(preset, players, pairs)}
    return {
        "variant": preset.slug,
        "game": preset.game,
        "options": dict(preset.options),
        "choices": {spec.key: option_values(spec) for spec in choice_specs(game.option_specs)},
        "seatings": seatings,
        "api": reverse("records-matches"),
        "texts": {
            "variant": gettext(
                "Without the network, a match can be started only of the game this page was opened with."
            ),
            "not_kept": gettext(
                "This phone has not kept the screen for such a match yet: open this page once with the "
                "network, then it can start one offline."
            ),
        },
    }
