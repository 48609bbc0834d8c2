"""Random legal matches played through the services: the demo data, tests and ``make load`` use them.

A table that plays at random still plays legally: each card is one nobody has seen in the hand, and it
takes one of the engine's legal captures (or nothing, where the game allows it). What a phone would send
to start a hand (table cards, cards set aside, the starter) is each game's ``demo_deal``
(games/presentation/).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User

from games.matches.replay import hand_report_now, table_of
from games.matches.services.hands import hand_close, hand_start
from games.matches.services.plays import hand_play_record
from games.models import Hand, Match
from games.presentation import presentation_of
from games.rules.capture.capturing import CAPTURE_GAMES, capture_list
from games.rules.cards import JACK, Card
from games.rules.game import resolve_options
from games.rules.registry import find_game

TAKE_WHEN_OPTIONAL = 0.8  # where capture is optional, how often a random player still takes


def random_setup(game: str, number: int, rng: random.Random) -> dict[str, Any]:
    """A random start for hand ``number`` of ``game``: the keyword arguments of ``hand_start``."""
    deal = presentation_of(game).demo_deal
    pool = [card for card in find_game(game).deck if not (deal.no_jacks_on_table and card.rank == JACK)]
    cards = rng.sample(pool, deal.table + deal.set_aside)
    setup: dict[str, Any] = {
        "table": [str(card) for card in cards[: deal.table]],
        "set_aside": [str(card) for card in cards[deal.table :]],
    }
    if deal.starter_by_round:
        setup["starter"] = (number - 1) % 2
    return setup


def random_play(
    game: str, table: Sequence[str], unseen: Sequence[Card], options: dict[str, Any], rng: random.Random
) -> tuple[Card, list[str]]:
    """A legal play: a random unseen card, taking one of the engine's legal captures if it has any."""
    card = rng.choice(list(unseen))
    capturing = CAPTURE_GAMES.get(game)
    if capturing is None or not table:
        return card, []
    captures = capture_list(game, table, str(card), options, limit=4).captures
    compulsory = capturing(resolve_options(find_game(game), options)).compulsory
    if not captures or (not compulsory and rng.random() > TAKE_WHEN_OPTIONAL):
        return card, []
    return card, [str(each) for each in rng.choice(captures).cards]


def demo_hand_play(*, match: Match, rng: random.Random, by: User | None = None) -> Hand:
    """Start the match's next hand, play it out at random, and close it."""
    setup = random_setup(match.game, match.hands.count() + 1, rng)
    hand = hand_start(match=match, **setup)
    demo_plays_record(hand=hand, rng=rng, by=by)
    return hand_close(hand=hand)


def demo_plays_record(*, hand: Hand, rng: random.Random, by: User | None = None) -> None:
    """Record random legal plays until the open ``hand`` is over (it stays open)."""
    match = hand.match
    deck = find_game(match.game).deck
    seen = {*hand.table, *hand.set_aside}
    report = hand_report_now(hand, table_of(match))
    while not report.complete and report.next_seat is not None:
        unseen = [card for card in deck if str(card) not in seen]
        card, taken = random_play(match.game, [str(c) for c in report.table], unseen, match.options, rng)
        recorded = hand_play_record(
            hand=hand, seat=report.next_seat, card=str(card), taken=taken, expected_seq=hand.next_seq, by=by
        )
        hand.next_seq, report = recorded.next_seq, recorded.report
        seen.add(str(card))


def demo_match_play(*, match: Match, rng: random.Random, by: User | None = None, hands: int = 50) -> Match:
    """Play hands at random until the engine says the match is over (or ``hands`` were played)."""
    for _ in range(hands):
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            break
        demo_hand_play(match=match, rng=rng, by=by)
    match.refresh_from_db()
    return match
