"""Checks of a hand's setup shared by the games: player count, teams, cards set aside (docs/rules/shared.md
A3-A5)."""

from __future__ import annotations

from collections.abc import Collection

from games.rules.cards import Card
from games.rules.errors import BadPlayerCount, BadSetAside, CardNotInDeck, DuplicateCard, TeamsNotAllowed
from games.rules.game import Game, HandSetup, sides_of


def verify_players(
    game: Game, setup: HandSetup, team_players: Collection[int]
) -> tuple[tuple[int, ...], ...]:
    """The seats of each side (docs/rules/shared.md A4).

    Raises:
        BadPlayerCount: ``game`` is not played by that many.
        TeamsNotAllowed: teams with a player count that has none.
    """
    if setup.players not in game.players:
        allowed = ", ".join(map(str, game.players))
        raise BadPlayerCount(game=game.name, allowed=allowed, players=setup.players)
    if setup.teams and setup.players not in team_players:
        allowed = ", ".join(map(str, team_players))
        raise TeamsNotAllowed(game=game.name, allowed=allowed, players=setup.players)
    return sides_of(setup.players, setup.teams)


def verify_set_aside(game: Game, setup: HandSetup, out: int) -> None:
    """The cards given as set aside are deck cards, each once, at most ``out`` of them (docs/rules/shared.md
    A5).

    Raises:
        BadSetAside, CardNotInDeck, DuplicateCard.
    """
    if len(setup.set_aside) > out:
        raise BadSetAside(game=game.name, players=setup.players, out=out, got=len(setup.set_aside))
    seen: set[Card] = set()
    for card in setup.set_aside:
        if card not in game.deck:
            raise CardNotInDeck(card=str(card), game=game.name)
        if card in seen:
            raise DuplicateCard(card=str(card))
        seen.add(card)
