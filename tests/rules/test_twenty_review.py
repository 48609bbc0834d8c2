"""Maltese Twenty's review: each card rated by what it scored at once on the tally (docs/rules/twenty.md W5),
against a brute force of every card of the hand at each play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.cards import Card, deck, parse_cards
from games.rules.errors import ReviewIncomplete
from games.rules.game import HandSetup, LogEntry
from games.rules.review import review

CARDS = deck()


def worth(card: Card) -> int:
    return min(card.rank, 10)


def award(tally: list[Card], card: Card, last: int) -> int:
    """W5 from scratch: exact 20 +10, over 20 -20, 5 cards under 20 +15, each card more twice the last."""
    total, size = sum(map(worth, tally)) + worth(card), len(tally) + 1
    if total == 20:
        return 10
    if total > 20:
        return -20
    return 15 if size == 5 else 2 * last if size > 5 else 0


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(order=st.permutations(CARDS), starter=st.sampled_from([0, 1]), all_cards=st.booleans())
def test_each_play_is_rated_against_every_card_of_the_hand(
    order: list[Card], starter: int, all_cards: bool
) -> None:
    bonus, rest = order[:2], order[2:]
    plays = rest[: 50 if all_cards else 49]
    seats = [(starter + index) % 2 for index in range(len(plays))]
    setup = HandSetup(players=2, starter=starter, set_aside=tuple(bonus))
    log = [LogEntry(seat=seat, card=card) for seat, card in zip(seats, plays, strict=True)]
    options = {"round_end": "all_cards" if all_cards else "starter_out"}
    reviewed = review("twenty", setup, log, options)
    streams = {seat: [card for who, card in zip(seats, plays, strict=True) if who == seat] for seat in (0, 1)}
    hands: dict[int, list[Card]] = {0: [], 1: []}
    tally: list[Card] = []
    last = 0
    assert len(reviewed.plays) == len(plays)
    for rated, seat, card in zip(reviewed.plays, seats, plays, strict=True):
        if not hands[seat]:
            hands[seat], streams[seat] = streams[seat][:5], streams[seat][5:]
        scores = {held: award(tally, held, last) for held in hands[seat]}
        assert (rated.seat, rated.card, rated.table, rated.taken, rated.illegal) == (
            seat,
            card,
            tuple(tally),
            (),
            False,
        )
        assert rated.value.points == scores[card]
        assert rated.best_play.card in hands[seat]
        assert rated.best_play.value.points == max(scores.values())
        assert rated.missed == (scores[card] < max(scores.values()))
        assert rated.points_lost == max(scores.values()) - scores[card]
        hands[seat].remove(card)
        got = scores[card]
        if got:
            last = got
        tally = [] if got in (10, -20) else [*tally, card]
    for totals in reviewed.seats:
        mine = [rated for rated in reviewed.plays if rated.seat == totals.seat]
        assert (totals.plays, totals.best_plays, totals.points_missed, totals.illegal_plays) == (
            len(mine),
            sum(not rated.missed for rated in mine),
            sum(rated.points_lost for rated in mine),
            0,
        )


def test_an_unfinished_round_is_not_reviewed() -> None:
    cards = parse_cards(["9H", "8S", "2D", "3D"])
    setup = HandSetup(players=2, starter=0, set_aside=parse_cards(["7D", "3C"]))
    log = [LogEntry(seat=index % 2, card=card) for index, card in enumerate(cards)]
    with pytest.raises(ReviewIncomplete) as raised:
        review("twenty", setup, log, {})
    assert raised.value.facts == {"plays": 49, "played": 4}
