"""Finished club matches recorded through the services, for the statistics tests.

A Tamlin match to 5 points finishes after one hand entered as a quick summary: the side given
``WINNING`` scores 11 (most cards 3, 10♦ 2, 2♠ 1, three aces, two tamlins; RULES.md T14), the other 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User

from games.models import Club, Hand, Match, Player, Season
from games.services.hands import hand_correct, hand_start, hand_summary_record
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
