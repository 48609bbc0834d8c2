"""Standings and ratings timings for ``make bench``: a club with 5,000 finished matches and 40
players, rebuilt from scratch, then one more match refreshed incrementally.

Runs in a throwaway database (``bench_<name>`` on PostgreSQL, in memory on SQLite), migrated here; the
matches are written as rows (seats, hands, score lines) with a fixed seed, outside the timed part.
Goals: a full rebuild under 5 s on 2 cores, an incremental update after one match under 50 ms.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from time import perf_counter
from typing import Any, TypeVar

from benchmarks._django import django_setup, throwaway_database

MATCHES = 5_000
PLAYERS = 40
SEED = 8
GAMES = ("escoba", "tamlin")
SEASONS = 4
T = TypeVar("T")


def _timed(label: str, action: Callable[[], T], goal_ms: float | None = None) -> T:
    start = perf_counter()
    value = action()
    elapsed = 1000 * (perf_counter() - start)
    goal = f"  (goal < {goal_ms:,.0f} ms: {'met' if elapsed < goal_ms else 'MISSED'})" if goal_ms else ""
    print(f"  {label:<52} {elapsed:9.1f} ms{goal}")
    return value


def _seating(rng: random.Random, players: list[Any]) -> tuple[str, list[list[Any]]]:
    """A game and its sides: Escoba for 2-4 singles, Tamlin for singles or two pairs."""
    game = rng.choice(GAMES)
    count = rng.choice((2, 2, 3, 4))
    seated = rng.sample(players, count)
    if game == "tamlin" and count == 4:
        return game, [[seated[0], seated[2]], [seated[1], seated[3]]]
    return game, [[player] for player in seated]


def _club_with_matches(rng: random.Random, matches: int) -> Any:
    from django.contrib.auth.models import User

    from games.models import Club, Player, Season

    owner = User.objects.create(username="bench")
    club = Club.objects.create(name="Bench club", created_by=owner)
    seasons = Season.objects.bulk_create(Season(club=club, name=f"Season {n}") for n in range(1, SEASONS + 1))
    players = Player.objects.bulk_create(Player(name=f"Player {n:02}") for n in range(1, PLAYERS + 1))
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for first in range(0, matches, 500):
        _write_matches(rng, club, seasons, players, owner, start, range(first, min(first + 500, matches)))
    return club


def _write_matches(
    rng: random.Random,
    club: Any,
    seasons: list[Any],
    players: list[Any],
    owner: Any,
    start: datetime,
    numbers: range,
) -> list[Any]:
    """Finished matches as rows: each side's hand totals add up to its match total; the top total wins."""
    from games.models import Hand, HandScore, Match, Seat, Side

    plans = []
    for number in numbers:
        game, sides = _seating(rng, players)
        hands = [[rng.randrange(0, 6) for _ in sides] for _ in range(rng.randrange(3, 9))]
        totals = [sum(hand[side] for hand in hands) + side for side in range(len(sides))]  # no ties
        plans.append((number, game, sides, hands, totals))
    rows = Match.objects.bulk_create(
        Match(
            game=game,
            player_count=sum(map(len, sides)),
            teams=len(sides[0]) == 2,
            club=club,
            season=seasons[number * SEASONS // MATCHES % SEASONS],
            status=Match.Status.FINISHED,
            created_by=owner,
            finished_at=start + timedelta(hours=number),
            totals=totals,
            winner=totals.index(max(totals)),
        )
        for number, game, sides, hands, totals in plans
    )
    side_rows = Side.objects.bulk_create(
        Side(match=match, index=index)
        for match, plan in zip(rows, plans, strict=True)
        for index in range(len(plan[2]))
    )
    by_side = iter(side_rows)
    seats = []
    for match, (_, _, sides, _, _) in zip(rows, plans, strict=True):
        for index, side in enumerate(sides):
            row = next(by_side)
            seats += [
                Seat(match=match, side=row, number=index + len(sides) * place, player=player)
                for place, player in enumerate(side)
            ]
    Seat.objects.bulk_create(seats)
    hand_rows = Hand.objects.bulk_create(
        Hand(match=match, number=number, dealer=0, closed_at=match.finished_at)
        for match, plan in zip(rows, plans, strict=True)
        for number in range(1, len(plan[3]) + 1)
    )
    lines = iter(hand_rows)
    HandScore.objects.bulk_create(
        HandScore(hand=hand, side=side, total=points, sweeps=points % 2)
        for _, _, _, hands, _ in plans
        for scores in hands
        for hand in [next(lines)]
        for side, points in enumerate(scores)
    )
    return rows


def _bench() -> None:
    from django.core.cache import cache

    from games.models import Player
    from games.stats.players import head_to_head_get, player_stats
    from games.stats.selectors import standings_for, standings_warm
    from games.stats.services import ratings_refresh, stats_rebuild

    rng = random.Random(SEED)
    club = _timed(
        f"write {MATCHES:,} matches, {PLAYERS} players (setup)", lambda: _club_with_matches(rng, MATCHES)
    )
    cache.clear()
    report = _timed(
        "rebuild: every rating and every cached table", lambda: stats_rebuild(club_ids=[club.pk]), 5000
    )
    print(f"  {'':<52} {report.snapshots:,} snapshots, {report.tables} tables")
    _timed(
        "standings of a season and game, from the cache",
        lambda: standings_for(club_id=club.pk, game="tamlin"),
    )
    cache.clear()
    _timed(
        "standings of a season and game, cache cold", lambda: standings_for(club_id=club.pk, game="tamlin")
    )
    players = list(Player.objects.all()[:2])
    _timed("player stats (all games)", lambda: player_stats(player_id=players[0].pk, club_ids=[club.pk]))
    _timed(
        "head-to-head of two players",
        lambda: head_to_head_get(club_ids=[club.pk], a=players[0].pk, b=players[1].pk),
    )
    from games.models import Season

    seasons = list(Season.objects.filter(club=club))
    start = datetime(2026, 1, 1, tzinfo=UTC)
    [match] = _write_matches(
        rng, club, seasons, list(Player.objects.all()), club.created_by, start, range(MATCHES, MATCHES + 1)
    )
    _timed(
        "incremental: one more match rated",
        lambda: ratings_refresh(club_id=club.pk, game=match.game, changed=[match.pk]),
        50,
    )
    _timed("incremental: every cached table recomputed (worker)", lambda: standings_warm(club_id=club.pk))


def main() -> None:
    django_setup()
    from django.db import connection

    print(f"Standings and ratings ({connection.vendor}, cache: {_cache_backend()}):")
    with throwaway_database():
        _bench()


def _cache_backend() -> str:
    from django.conf import settings

    return str(settings.CACHES["default"]["BACKEND"]).rsplit(".", 1)[-1]


if __name__ == "__main__":
    main()
