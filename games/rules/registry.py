"""The games Scorekeeper knows, by name (python-chess ``VARIANTS`` style).

A game module registers its :class:`~games.rules.game.Game`; the engine's cross-game tables (the
capture games, the reviewed games, the count labels) are read from here, so a registered game is in
all of them, and :func:`register` refuses a game whose parts do not fit together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

from games.rules.errors import UnknownGame, add_count_labels, count_label_clashes
from games.rules.game import Game, Reviewing, RoundReviewing

GAMES: dict[str, Game] = {}
Part = TypeVar("Part")


class IncompleteGame(ValueError):
    """A game :func:`register` refuses: its parts are missing or do not fit together (a mistake in its
    module, not a rule violation)."""


def register(game: Game) -> Game:
    """Add ``game`` to the registry (called once by each game module).

    Raises:
        IncompleteGame: ``game`` misses a part or its parts contradict each other (:func:`problems`).
    """
    found = problems(game)
    if found:
        raise IncompleteGame(f"{game.name}: " + "; ".join(found))
    GAMES[game.name] = game
    add_count_labels(game.count_labels)
    return game


def problems(game: Game) -> list[str]:
    """What keeps ``game`` from registering, one sentence each (none: it may)."""
    found = []
    if isinstance(game.reviewing, Reviewing) and game.captures is None:
        found.append("reviewed by its captures but has no captures")
    if isinstance(game.reviewing, RoundReviewing) and game.captures is not None:
        found.append("a capture game must be reviewed by its captures, not as a round")
    if not isinstance(game.reviewing, Reviewing | RoundReviewing):
        found.append("no reviewing (a Reviewing, or REVIEWED_AS_ROUND)")
    items = game.breakdown.items
    if not items:
        found.append("no points items in its breakdown order")
    if len(set(items)) != len(items) or set(items) & set(game.breakdown.counts):
        found.append("an item twice in its breakdown order")
    if not game.breakdown.tied <= set(items):
        found.append(f"tied items not in its breakdown order: {sorted(game.breakdown.tied - set(items))}")
    clashes = count_label_clashes(game.count_labels)
    found += [f"the count {key!r} is already labelled {label!r}" for key, label in clashes]
    return found


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


class Registered(Mapping[str, Part]):
    """A read-only view of one part of each registered game that has it (``part(game)`` is ``None``
    when it has not), by the game's name; it follows the registry."""

    __slots__ = ("_part",)

    def __init__(self, part: Callable[[Game], Part | None]) -> None:
        self._part = part

    def __getitem__(self, name: str) -> Part:
        game = GAMES.get(name)
        found = None if game is None else self._part(game)
        if found is None:
            raise KeyError(name)
        return found

    def __iter__(self) -> Iterator[str]:
        return (name for name, game in GAMES.items() if self._part(game) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"Registered({sorted(self)})"
