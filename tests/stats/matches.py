"""Finished club matches recorded through the services, for the statistics tests.

A Tamlin match to 5 points finishes after one hand entered as a quick summary: the side given
``WINNING`` scores 11 (most cards 3, 10♦ 2, 2♠ 1, three aces, two tamlins; docs/rules/tamlin.md T14), the
other 1.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.contrib.auth.models import User

from games.matches.replay import hand_report_now, table_of
from games.matches.services.demo import demo_match_play, random_play, random_setup
from games.matches.services.hands import hand_close, hand_correct, hand_start, hand_summary_record
from games.matches.services.plays import hand_challenge_record, hand_play_record
from games.models import Club, Hand, Match, Player, Season
from games.rules.registry import find_game
from tests.factories import MatchFactory

WINNING = {
    "cards": 30,
    "spades": 7,
    "ten_diamonds": 1,
    "two_spades": 1,
    "aces": 3,
    "tamlins": 2,
    "jack_penalties": 0,
}
LOSING = {
    "cards": 22,
    "spades": 6,
    "ten_diamonds": 0,
    "two_spades": 0,
    "aces": 1,
    "tamlins": 0,
    "jack_penalties": 0,
}
TABLE = ["2H", "3H", "4H", "5H"]


def entries(winner: int) -> list[dict[str, int]]:
    return [WINNING if side == winner else LOSING for side in range(2)]


def tamlin_match(
    club: Club,
    players: Sequence[Player],
    *,
    winner: int = 0,
    season: Season | None = None,
    by: User | None = None,
) -> Match:
    """A finished Tamlin match of ``club``: two players, or four as pairs; side ``winner`` wins 11-1."""
    match = MatchFactory.create(
        game="tamlin",
        players=list(players),
        teams=len(players) == 4,
        club=club,
        season=season,
        created_by=by or club.created_by,
        options={"target": 5},
    )
    hand = hand_start(match=match, table=TABLE)
    hand_summary_record(hand=hand, entries=entries(winner))
    match.refresh_from_db()
    return match


def flip_winner(match: Match) -> Match:
    """Correct the match's only hand so that the other side wins."""
    hand = Hand.objects.get(match=match, number=1)
    hand_correct(hand=hand, summary=entries(1 - match.winner if match.winner is not None else 0))
    match.refresh_from_db()
    return match


def escoba_match_with_a_caught_capture(club: Club, players: Sequence[Player], rng: random.Random) -> Match:
    """A finished Escoba match (``manual_capture``) whose first hand has one illegal trail, caught by
    the next seat's challenge (docs/rules/escoba.md 3.2(g)); every other play is a random legal one."""
    match = MatchFactory.create(
        game="escoba",
        players=list(players),
        club=club,
        created_by=club.created_by,
        options={"manual_capture": True, "target": 1},
    )
    setup = random_setup("escoba", 1, rng)
    hand = hand_start(match=match, **setup)
    seen = {*setup["table"], *setup["set_aside"]}
    report, caught = hand_report_now(hand, table_of(match)), False
    while not report.complete and report.next_seat is not None:
        unseen = [card for card in find_game("escoba").deck if str(card) not in seen]
        card, taken = random_play("escoba", [str(c) for c in report.table], unseen, match.options, rng)
        trail = taken and not caught  # the card could take something: leaving it is illegal
        played = hand_play_record(
            hand=hand,
            seat=report.next_seat,
            card=str(card),
            taken=[] if trail else taken,
            expected_seq=hand.next_seq,
        )
        hand.next_seq, report = played.next_seq, played.report
        if trail:
            challenger = (played.row.seat + 1) % len(players)
            report = hand_challenge_record(
                hand=hand, seat=challenger, play_seq=played.row.seq, expected_seq=played.next_seq
            ).report
            caught = True
        seen.add(str(card))
    hand_close(hand=hand)
    return demo_match_play(match=match, rng=rng)
