"""A big event written as rows (bulk inserts, no pairing, no play): entrants, rounds of two-player tables
whose matches are finished (the last round's still playing), for the page-size tests and
``benchmarks/event_pages.py``. Seconds for 800 entrants, where pairing and playing them would take minutes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.contrib.auth.models import User

from games.clubs.services.clubs import club_create
from games.events.models import Entry, Event, Round, Table
from games.events.services import event_create
from games.models import Match, Player


@dataclass(frozen=True, slots=True)
class BulkEvent:
    director: User
    event: Event
    open_matches: list[Match]  # the last round's, unfinished


def bulk_event(
    entrants: int, rounds: int = 4, *, username: str = "bulk-director", seed: int = 1
) -> BulkEvent:
    """A Tablo Swiss of ``entrants`` players (an even number) with ``rounds`` published rounds, each
    player at a random table of two each round, every match finished but the last round's."""
    rng = random.Random(seed)
    director = User.objects.create_user(username)
    club = club_create(name=f"Club of {username}", by=director)
    event = event_create(
        club=club, by=director, name="Club night", game="tablo", rounds=rounds + 1, seed=seed
    )
    players = Player.objects.bulk_create(
        Player(name=f"Player {n:04}", created_by=director) for n in range(1, entrants + 1)
    )
    Entry.objects.bulk_create(Entry(event=event, player=player, created_by=director) for player in players)
    stored = Round.objects.bulk_create(
        Round(event=event, number=number, seed=number, published_by=director)
        for number in range(1, rounds + 1)
    )
    ids = [player.pk for player in players]
    open_matches: list[Match] = []
    for played in stored:
        finished = played.number < rounds
        order = rng.sample(ids, len(ids))
        pairs = [order[at : at + 2] for at in range(0, len(order) - 1, 2)]
        totals = [[rng.randrange(0, 11), rng.randrange(11, 22)] for _ in pairs]
        matches = Match.objects.bulk_create(
            Match(
                game="tablo",
                player_count=2,
                club=club,
                created_by=director,
                status=Match.Status.FINISHED if finished else Match.Status.IN_PROGRESS,
                totals=total if finished else [],
                winner=1 if finished else None,
                screen_version=rng.randrange(1, 200),
            )
            for total in totals
        )
        Table.objects.bulk_create(
            Table(round=played, number=number, match=match, players=pair, sides=[[pair[0]], [pair[1]]])
            for number, (match, pair) in enumerate(zip(matches, pairs, strict=True), start=1)
        )
        open_matches = [] if finished else matches
    return BulkEvent(director, event, open_matches)
