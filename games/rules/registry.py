"""The games Scorekeeper knows, by name (python-chess ``VARIANTS`` style)."""

from __future__ import annotations

from games.rules.errors import UnknownGame
from games.rules.game import Game

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (called once by each game module)."""
    GAMES[game.name] = game
    return game


def find_game(name: str) -> Game:
    """The game called ``name``.

    Raises:
        UnknownGame: no such game.
    """
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(game=name) from None


def refusal_rule(code: str | None, game: str) -> str:
    """The rule id behind an error code in ``game`` (docs/rules/ B8, E5, E6, T9, T10); A3 (what the
    engine always checks) for another capture refusal, empty for a refusal that is not about a
    capture."""
    if not (code or "").startswith("capture."):
        return ""
    found = GAMES.get(game)
    return found.refusal_rules.get(code or "", "A3") if found is not None else "A3"
