"""What a tapped card may do in a capture game: the best captures offered, whether its trail costs a point,
the verdict on the cards ticked by hand, and the cards whose play the rules leave to one (recorded at the
tap). The match screen asks these on the server, the phone's engine offline (:mod:`games.rules.browser`).

Maltese Twenty's plays take nothing, so every card is one tap (docs/rules/twenty.md); in a capture game
a card that can take nothing trails, and where capturing is compulsory a card with one capture takes
it (docs/rules/ E6, T9, T11). Two plays still ask first: any play under Escoba's ``manual_capture`` (the
player picks the cards, and a mistake is what the others may challenge, 3.2(g)), and Tamlin's Jack onto
an empty table, which costs its side a point (T11): the button says so before the tap.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.rules.capture.capturing import CaptureList, capture_list, capturing_of
from games.rules.cards import Card
from games.rules.registry import find_game

CAPTURES_OFFERED = 8
EVERY_CARD = "all"  # a game whose every play takes nothing
TRAIL = "trail"  # the one play of a card that can take nothing


@dataclass(frozen=True, slots=True, kw_only=True)
class Choices:
    """A tapped card's legal captures, best first; ``trail_costs``: Tamlin's Jack onto an empty table
    (T11). The verdict on cards ticked by hand is :func:`~games.rules.capture.capturing.capture_check`'s."""

    captures: CaptureList
    trail_costs: bool


def card_choices(
    game: str,
    options: Mapping[str, object],
    table: Sequence[str],
    card: str,
    limit: int = CAPTURES_OFFERED,
) -> Choices:
    """The choices of ``card`` played onto ``table`` (card texts).

    Raises:
        as :func:`~games.rules.capture.capturing.capture_list`.
    """
    captures = capture_list(game, table, card, options, limit)
    capturing = capturing_of(game, options)
    trail_costs = not table and capturing is not None and capturing.takes_all(Card.parse(card))
    return Choices(captures=captures, trail_costs=trail_costs)


def one_tap_plays(
    game: str, options: Mapping[str, object], table: Sequence[Card], seen: Collection[str]
) -> str | dict[str, str]:
    """:data:`EVERY_CARD`, or each unseen card (by text) that has one play, with the capture the play
    form sends for it (:data:`TRAIL`, or the taken cards' texts)."""
    capturing = capturing_of(game, options)
    if capturing is None:
        return EVERY_CARD
    if options.get("manual_capture"):
        return {}
    cards = [
        card
        for card, text in _deck(game)
        if text not in seen and not (capturing.takes_all(card) and not table)
    ]
    forced = capturing.forced_plays(table, cards)
    return {str(card): " ".join(map(str, taken)) or TRAIL for card, taken in forced.items()}


@lru_cache(maxsize=8)
def _deck(game: str) -> tuple[tuple[Card, str], ...]:
    return tuple((card, str(card)) for card in find_game(game).deck)
