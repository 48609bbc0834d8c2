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
