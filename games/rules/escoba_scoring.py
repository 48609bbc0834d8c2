"""Escoba scoring: the four round items, sweeps, muerto, challenges and the match end (docs/rules/escoba.md
E7-E10, 3.2).

``points`` keys of a side: ``most_cards``, ``most_diamonds``, ``most_sevens`` (``primera`` instead
under ``sevens: primera``), ``seven_diamonds``, ``sweeps`` (the sweeps that score) and, under
``manual_capture``, ``challenges``. Under ``muerto``, ``points`` is what the side earned itself and
``total`` what it is credited once the points are passed on; challenge points are never passed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.rules.cards import Card, Suit
from games.rules.game import CURRENT_EDITION
from games.rules.items import item_points, passed_on, winner_by_margin
from games.rules.summaries import SummaryShape

SEVEN_DIAMONDS = Card(7, Suit.DIAMONDS)

# Standard primiera values (docs/rules/escoba.md 3.2(c), PARLETT-136); 8, 9, 10 stand for the Italian court
# cards.
PRIMERA_VALUES = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
PRIMERA_MAX = 4 * PRIMERA_VALUES[7]


@dataclass(frozen=True, slots=True, kw_only=True)
class EscobaCounts:
    """What one side holds at the end of a round: the facts the items are scored from."""

    cards: int = 0
    diamonds: int = 0
    sevens: int = 0
    seven_diamonds: int = 0  # 1 when the side holds the 7♦
    sweeps: int = 0  # the sweeps that score (docs/rules/escoba.md E7)
    primera: int = 0

    @classmethod
    def of(cls, cards: Iterable[Card], sweeps: int, *, all_suits: bool = True) -> EscobaCounts:
        """Count a side's captured ``cards`` (``all_suits``: as :func:`primera`)."""
        pile = tuple(cards)
        return cls(
            cards=len(pile),
            diamonds=sum(1 for card in pile if card.suit is Suit.DIAMONDS),
            sevens=sum(1 for card in pile if card.rank == 7),
            seven_diamonds=int(SEVEN_DIAMONDS in pile),
            sweeps=sweeps,
            primera=primera(pile, all_suits=all_suits),
        )


def primera(cards: Iterable[Card], *, all_suits: bool = True) -> int:
    """The best primiera value in each suit, summed; 0 for a side that lacks a suit, which cannot win
    the point (docs/rules/escoba.md 3.2(c)). Edition 1 (``all_suits=False``) let a missing suit add 0.

    >>> spades_hearts = [Card(7, Suit.DIAMONDS), Card(1, Suit.DIAMONDS), Card(6, Suit.SPADES)]
    >>> primera(spades_hearts), primera(spades_hearts, all_suits=False)
    (0, 39)
    """
    best: dict[Suit, int] = {}
    for card in cards:
        best[card.suit] = max(best.get(card.suit, 0), PRIMERA_VALUES[card.rank])
    if all_suits and len(best) < len(Suit):
        return 0
    return sum(best.values())


def escoba_points(
    counts: Sequence[EscobaCounts], *, sevens: str, complete: bool = True
) -> tuple[dict[str, int], ...]:
    """Each side's points: 1 per item to the sole side with the most, sweeps +1 each (docs/rules/escoba.md
    E9, E7).

    Until the round is ``complete`` only the sweeps score (they score at once).
    """
    sevens_key, sevens_counts = (
        ("primera", [side.primera for side in counts])
        if sevens == "primera"
        else ("most_sevens", [side.sevens for side in counts])
    )
    items = {
        "most_cards": [side.cards for side in counts],
        "most_diamonds": [side.diamonds for side in counts],
        sevens_key: sevens_counts,
    }
    columns = {key: item_points(values, int(complete)) for key, values in items.items()}
    columns["seven_diamonds"] = tuple(side.seven_diamonds * complete for side in counts)
    columns["sweeps"] = tuple(side.sweeps for side in counts)
    return tuple({key: column[side] for key, column in columns.items()} for side in range(len(counts)))


def credited(points: Sequence[Mapping[str, int]], *, muerto: bool) -> tuple[int, ...]:
    """Each side's total for the round: under muerto every point is passed on (docs/rules/escoba.md 3.2(d)).

    Challenge points (key ``challenges``) stay with the challenger's side in every case.
    """
    earned = [sum(value for key, value in side.items() if key != "challenges") for side in points]
    totals = passed_on(earned) if muerto else tuple(earned)
    return tuple(total + side.get("challenges", 0) for total, side in zip(totals, points, strict=True))


def escoba_winner(totals: Sequence[int], target: int) -> int | None:
    """The side that has reached ``target`` and leads every other by 2 or more (docs/rules/escoba.md E10,
    EB-7)."""
    return winner_by_margin(totals, target, 2)


def _least_cards(row: Mapping[str, int]) -> int:
    """A sweep takes the played card and at least one more; the 7♦ is both a diamond and a seven."""
    return max(row["diamonds"] + row["sevens"] - row["seven_diamonds"], 2 * row["sweeps"])


def _least_cards_all_suits(row: Mapping[str, int]) -> int:
    """As :func:`_least_cards`; a primera above 0 needs a card of each of the four suits."""
    return max(_least_cards(row), len(Suit) * (row["primera"] > 0))


def summary_shape(*, sevens: str, edition: int = CURRENT_EDITION) -> SummaryShape:
    """The Escoba end-of-hand summary: per side ``cards diamonds sevens seven_diamonds sweeps``
    (plus ``primera`` under ``sevens: primera``: 0 for a side that lacks a suit, edition 2)."""
    with_primera = sevens == "primera"
    all_suits = with_primera and edition > 1
    return SummaryShape(
        keys=("cards", "diamonds", "sevens", "seven_diamonds", "sweeps") + (("primera",) * with_primera),
        features=(
            ("diamonds", lambda card: card.suit is Suit.DIAMONDS),
            ("sevens", lambda card: card.rank == 7),
            ("seven_diamonds", lambda card: card == SEVEN_DIAMONDS),
        ),
        limits=(("seven_diamonds", 1),) + ((("primera", PRIMERA_MAX),) * with_primera),
        requires=(("seven_diamonds", "7D", "diamonds"), ("seven_diamonds", "7D", "sevens")),
        least_cards=_least_cards_all_suits if all_suits else _least_cards,
        held=("diamonds", "sevens", "seven_diamonds") + (("primera",) * with_primera),
    )
