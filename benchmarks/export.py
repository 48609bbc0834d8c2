"""Downloading one's data (docs/accounts.md) for ``make bench``: a player with 50 matches, each played
to its end card by card (every play stored), downloaded as JSON and as a zip of CSV files through the
whole stack (the test client, middleware included). Prints the time to the first piece and to the last,
the peak memory the download allocated (tracemalloc), the size and the number of pieces.

Goal: the peak stays flat as the history grows (pieces are sent as they are read), so a longer
history costs time, not memory: ``python -m benchmarks export`` also runs 4x the matches when
``EXPORT_BENCH_MORE`` is set.
"""

from __future__ import annotations

import os
import random
import tracemalloc
from time import perf_counter
from typing import Any

from benchmarks._django import django_setup, throwaway_database

SEED = 50
GAMES = ("tablo", "escoba", "tamlin", "twenty")


def _history(matches: int) -> Any:
    from django.contrib.auth.models import User

    from games.clubs.services.clubs import club_create, membership_create
    from games.matches.services.demo import demo_match_play
    from games.matches.services.matches import match_start
    from games.people.services.players import player_create

    rng = random.Random(SEED)
    user = User.objects.create_user("bench-export", password="bench-export-pass")
    rival = User.objects.create_user("bench-rival", password="bench-export-pass")
    club = club_create(name="Bench club", by=user)
    membership_create(club=club, user=rival)
    me = player_create(name="Bench", by=user, user=user)
    them = player_create(name="Rival", by=rival, user=rival)
    for number in range(matches):
        game = GAMES[number % len(GAMES)]
        match = match_start(game=game, players=[me, them], by=user, club=club if number % 2 else None)
        demo_match_play(match=match, rng=rng, hands=6)
    return user


def _download(user: Any, form: str) -> None:
    from django.test import Client

    client = Client()
    client.force_login(user)
    client.get("/api/v1/players/", headers={"host": "localhost"})  # the first request's imports, untimed
    tracemalloc.start()
    start = perf_counter()
    response: Any = client.get(f"/api/v1/me/export/?format={form}", headers={"host": "localhost"})
    if not response.streaming:
        raise SystemExit(f"{response.status_code}: {response.content[:300]!r}")
    pieces, size, first = 0, 0, None
    for piece in response.streaming_content:
        first = first if first is not None else perf_counter() - start
        pieces += 1
        size += len(piece)
    elapsed = perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"  {form:<4} {response.status_code}  first piece {1000 * (first or 0):7.1f} ms"
        f"  all {1000 * elapsed:8.1f} ms"
        f"  peak {peak / 2**20:6.2f} MiB  {size / 2**10:8.1f} KiB in {pieces} pieces"
    )


def main() -> None:
    django_setup()
    from games.models import Hand, Match, Play

    sizes = [int(os.environ.get("EXPORT_BENCH_MATCHES", "50"))]
    sizes += [4 * sizes[0]] if os.environ.get("EXPORT_BENCH_MORE") else []
    for matches in sizes:
        with throwaway_database():
            user = _history(matches)
            plays, hands = Play.objects.count(), Hand.objects.count()
            print(f"  {Match.objects.count()} matches, {hands} hands, {plays} plays")
            for form in ("json", "csv"):
                _download(user, form)
