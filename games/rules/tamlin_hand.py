"""Tamlin hands on the shared engine: values, the Jack, the deal (docs/rules/tamlin.md T3, T5-T13,
1.2(b)-(d)).

Tamlin is a configuration of :mod:`games.rules.hand`: Q 12, K 13, a played ace 14 and a table ace 1
(with ``ace_takes_ace`` a lone table ace also pairs with a played ace, A5), a card takes any disjoint
groups of equal cards and sums, capture is compulsory, a Jack takes the whole table (a tamlin) and a
Jack played to an empty table lies there without value (-1 to its player).
"""

from __future__ import annotations

from collections.abc import Callable

from games.rules.capture.capturing import Capturing
from games.rules.cards import ACE, JACK, Card, deck
from games.rules.errors import JackOnInitialTable
from games.rules.game import HandEvent, HandSetup
from games.rules.hand import HandRules, HandState, last_capturer, sweep_events
from games.rules.tamlin_scoring import TEN_DIAMONDS, TWO_SPADES

DECK = deck(faces=True)  # the full pack (docs/rules/tamlin.md T2)
PLAYED_ACE = 14
TABLE_SIZE = 4  # 4 to the table once, 4 to each player per deal (docs/rules/tamlin.md T5, T7)
HAND_SIZE = 4


def played_value(card: Card) -> tuple[int, ...]:
    """T3: a played ace is 14, Q 12, K 13, others pip; a Jack has no value (it takes all, T11)."""
    if card.rank == JACK:
        return ()
    return (PLAYED_ACE,) if card.rank == ACE else (card.rank,)


def table_value(ace_takes_ace: bool) -> Callable[[Card], tuple[int, ...]]:
    """T3: a table ace is 1 (also 14 as a lone group with ``ace_takes_ace``, A5); a Jack lying on the
    table has no value (1.2(b))."""
    ace = (1, PLAYED_ACE) if ace_takes_ace else (1,)

    def values(card: Card) -> tuple[int, ...]:
        if card.rank == ACE:
            return ace
        return () if card.rank == JACK else (card.rank,)

    return values


def is_jack(card: Card) -> bool:
    """Whether ``card`` is a Jack."""
    return card.rank == JACK


def rank_points(card: Card) -> int:
    """How much a card is worth for ranking captures best first (T14): 10♦ 2, 2♠ and aces 1."""
    if card == TEN_DIAMONDS:
        return 2
    return int(card == TWO_SPADES or card.rank == ACE)


def tamlin_capturing(ace_takes_ace: bool) -> Capturing:
    """Disjoint groups of equal cards and sums, compulsory; a Jack takes all (T9-T11)."""
    return Capturing(
        values=table_value(ace_takes_ace),
        targets=played_value,
        points=rank_points,
        takes_all=is_jack,
        compulsory=True,
    )


def hand_rules(players: int, ace_takes_ace: bool) -> HandRules:
    """A Tamlin hand: 4 table cards, then deals of 4 until the pack is out: 2p 6, 3p 4, 4p 3 (T5, T7)."""
    deals = (len(DECK) - TABLE_SIZE) // (HAND_SIZE * players)
    return HandRules(
        game="tamlin",
        deck=DECK,
        capturing=tamlin_capturing(ace_takes_ace),
        table_size=TABLE_SIZE,
        deals=(HAND_SIZE,) * deals,
        leftovers=last_capturer,
    )


def verify_no_jack_on_table(setup: HandSetup) -> None:
    """T6: a Jack dealt to the table is replaced, so none lies on the initial table.

    Raises:
        JackOnInitialTable.
    """
    for card in setup.table:
        if is_jack(card):
            raise JackOnInitialTable(card=str(card))


def jack_penalties(state: HandState) -> tuple[int, ...]:
    """Each side's count of Jacks played to an empty table (T11: -1 each)."""
    counts = [0] * len(state.sides)
    for turn in state.turns:
        if is_jack(turn.card) and turn.onto_empty:
            counts[state.side_of(turn.seat)] += 1
    return tuple(counts)


def tamlin_events(state: HandState) -> tuple[HandEvent, ...]:
    """A ``tamlin`` (+1) for every sweep and a ``jack_penalty`` (-1) for every Jack played to an
    empty table, in play order (T11, T12)."""
    penalties = (
        HandEvent(play_index=index, kind="jack_penalty", side=state.side_of(turn.seat), points=-1)
        for index, turn in enumerate(state.turns)
        if is_jack(turn.card) and turn.onto_empty
    )
    return tuple(sorted((*sweep_events(state, "tamlin"), *penalties), key=lambda event: event.play_index))
