"""Tablo scoring: point cards, the card bonus, tablo points and the match end (docs/rules/tablo.md B3, B9,
B11, B12).

``points`` keys of a side: ``point_cards`` (B3, 22 in a hand), ``card_bonus`` (B11) and
``tablo_points`` (B9).

>>> card_bonus((27, 25), "graded"), card_bonus((20, 20, 12), "graded"), card_bonus((28, 24), "majority3")
((1, 0), (1, 1, 0), (3, 0))
>>> tablo_points(3, before=4, rule="per_five"), tablo_points(3, before=4, rule="per_tablo")
(1, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.rules.cards import ACE, JACK, KING, QUEEN, Card, Suit
from games.rules.items import item_points

POINT_CARDS_TOTAL = 22
TABLOS_PER_POINT = 5
GRADED_TWO_SIDES = {27: 1, 28: 2}  # 29 and more: 3 (B11)
TEN_DIAMONDS = Card(10, Suit.DIAMONDS)
TWO_CLUBS = Card(2, Suit.CLUBS)


def card_points(card: Card) -> int:
    """B3: J Q K A and the 10s 1 each, the 10♦ 2, the 2♣ 1; 22 in the pack."""
    if card == TEN_DIAMONDS:
        return 2
    return int(card.rank in (ACE, 10, JACK, QUEEN, KING) or card == TWO_CLUBS)


def point_cards(cards: Iterable[Card]) -> int:
    """The point-card value of a pile (B3)."""
    return sum(map(card_points, cards))


def card_bonus(cards: Sequence[int], rule: str) -> tuple[int, ...]:
    """Each side's bonus for cards captured (B11).

    ``majority3``: 3 to the side with strictly most. ``graded``: with two sides 27 → 1, 28 → 2,
    29 or more → 3; with three or four, places pay 2/1/0 or 3/2/1/0 and a tied group gets the bonus
    of the lowest place it spans (TB-16..TB-18).
    """
    if rule == "majority3":
        return item_points(cards, 3)
    if len(cards) == 2:
        return tuple(3 if count >= 29 else GRADED_TWO_SIDES.get(count, 0) for count in cards)
    return tuple(len(cards) - sum(other >= count for other in cards) for count in cards)


def tablo_points(tablos: int, *, before: int, rule: str) -> int:
    """Points for a hand's ``tablos`` (B9): one each (``per_tablo``), or one at every 5th tablo of the
    match (``per_five``), counting the ``before`` tablos of earlier hands (TB-19)."""
    if rule == "per_tablo":
        return tablos
    return (before + tablos) // TABLOS_PER_POINT - before // TABLOS_PER_POINT


def side_points(
    cards: Sequence[int],
    points: Sequence[int],
    tablos: Sequence[int],
    before: Sequence[int],
    *,
    bonus: str,
    rule: str,
) -> list[dict[str, int]]:
    """Every side's points for a finished hand (B11): point cards, card bonus, tablo points."""
    bonuses = card_bonus(cards, bonus)
    return [
        {
            "point_cards": points[side],
            "card_bonus": bonuses[side],
            "tablo_points": tablo_points(tablos[side], before=before[side], rule=rule),
        }
        for side in range(len(cards))
    ]


def tablo_winner(totals: Sequence[int], target: int) -> int | None:
    """B12: once a side has reached ``target``, the sole highest total wins; equal top totals play on."""
    top = max(totals, default=0)
    if top < target or list(totals).count(top) > 1:
        return None
    return list(totals).index(top)


def tally_marks(tablos: int) -> dict[str, int]:
    """Tablos as scored on paper (B9): strokes, every fifth crossing four: full groups and loose strokes."""
    return {"fives": tablos // TABLOS_PER_POINT, "ones": tablos % TABLOS_PER_POINT}
