"""Tamlin scoring: card items, tamlins, Jack penalties and the match end (docs/rules/tamlin.md T11-T15,
1.2(a)).

``points`` keys of a side: ``most_cards`` (3), ``ten_diamonds`` (2), ``two_spades`` (1), ``aces``
(1 each), ``most_spades`` (1, only under ``scoring: cassino``), ``tamlins`` (+1 each) and
``jack_penalties`` (-1 for each Jack played to an empty table: zero or negative).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.rules.cards import ACE, Card, Suit
from games.rules.items import item_points, sole_leader, winner_by_margin
from games.rules.summaries import SummaryShape

TEN_DIAMONDS = Card(10, Suit.DIAMONDS)
TWO_SPADES = Card(2, Suit.SPADES)


@dataclass(frozen=True, slots=True, kw_only=True)
class TamlinCounts:
    """What one side holds at the end of a hand: the facts its points come from."""

    cards: int = 0
    spades: int = 0
    ten_diamonds: int = 0  # 1 when the side holds the 10♦
    two_spades: int = 0  # 1 when the side holds the 2♠
    aces: int = 0
    tamlins: int = 0
    jack_penalties: int = 0  # how many Jacks the side played to an empty table

    @classmethod
    def of(cls, cards: Iterable[Card], *, tamlins: int, jack_penalties: int) -> TamlinCounts:
        """Count a side's captured ``cards``."""
        pile = tuple(cards)
        return cls(
            cards=len(pile),
            spades=sum(1 for card in pile if card.suit is Suit.SPADES),
            ten_diamonds=int(TEN_DIAMONDS in pile),
            two_spades=int(TWO_SPADES in pile),
            aces=sum(1 for card in pile if card.rank == ACE),
            tamlins=tamlins,
            jack_penalties=jack_penalties,
        )


def tamlin_points(
    counts: Sequence[TamlinCounts], *, scoring: str, complete: bool = True
) -> tuple[dict[str, int], ...]:
    """Each side's points (docs/rules/tamlin.md T14 as decided in 1.2(a), A2 ``scoring``, A5 spade ties).

    Until the hand is ``complete`` only tamlins and Jack penalties score (they count at once).
    """
    held = int(complete)
    columns: dict[str, Sequence[int]] = {
        "most_cards": item_points([side.cards for side in counts], 3 * held),
        "ten_diamonds": [2 * side.ten_diamonds * held for side in counts],
        "two_spades": [side.two_spades * held for side in counts],
        "aces": [side.aces * held for side in counts],
    }
    if scoring == "cassino":
        columns["most_spades"] = item_points([side.spades for side in counts], held)
    columns["tamlins"] = [side.tamlins for side in counts]
    columns["jack_penalties"] = [-side.jack_penalties for side in counts]
    return tuple({key: column[side] for key, column in columns.items()} for side in range(len(counts)))


def tamlin_winner(totals: Sequence[int], target: int, *, time_up: bool) -> int | None:
    """The winner after a finished hand, if the match is over (docs/rules/tamlin.md T15).

    The sole highest total wins once a side has reached ``target``, or at once when the time limit
    has run out; with the highest totals tied, another hand is played.
    """
    if time_up:
        return sole_leader(totals)
    return winner_by_margin(totals, target, 1)


def _least_cards(row: Mapping[str, int]) -> int:
    """Only the A♠ is both a spade and an ace; the 10♦ is neither; a tamlin takes at least 2 cards.
    Without a spade count, the 2♠ is the one spade known (it is no ace)."""
    spades = row["spades"] - min(1, row["spades"], row["aces"]) if "spades" in row else row["two_spades"]
    return max(spades + row["aces"] + row["ten_diamonds"], 2 * row["tamlins"])


_KEYS = ("cards", "spades", "ten_diamonds", "two_spades", "aces", "tamlins", "jack_penalties")


def summary_shape(*, scoring: str) -> SummaryShape:
    """The Tamlin end-of-hand summary: per side ``cards spades ten_diamonds two_spades aces tamlins
    jack_penalties`` (``jack_penalties`` counts Jacks played to an empty table, >= 0).

    ``spades`` is asked only under ``scoring: cassino``, the one that scores them (T14, A2); under
    the others it may still be given, and is then checked as before.
    """
    spades = scoring == "cassino"
    return SummaryShape(
        keys=_KEYS if spades else tuple(key for key in _KEYS if key != "spades"),
        features=(
            ("spades", lambda card: card.suit is Suit.SPADES),
            ("ten_diamonds", lambda card: card == TEN_DIAMONDS),
            ("two_spades", lambda card: card == TWO_SPADES),
            ("aces", lambda card: card.rank == ACE),
        ),
        limits=(("ten_diamonds", 1), ("two_spades", 1)),
        total_caps=(("jack_penalties", 4),),  # there are four Jacks
        requires=(("two_spades", "2S", "spades"),),
        least_cards=_least_cards,
        held=("spades", "ten_diamonds", "two_spades", "aces"),
        optional=() if spades else ("spades",),
    )
