"""``make load``: many whole random matches played at once through the API, then every score checked.

It migrates a throwaway PostgreSQL database, starts gunicorn on loopback, and for each concurrency level
(20 and 100 tables by default) runs that many tables for a bounded time. A table is an async httpx
client that starts matches of every game and plays them hand by hand with random legal plays (the
engine's capture lists), sending each play with an ``Idempotency-Key``; now and then it resends a play
as a phone on a bad connection would. Before each request a table pauses ``--think`` seconds on
average (exponentially distributed; 0 makes it a closed loop that measures the server's capacity).
Afterwards it checks, in this process, that every play the server acknowledged is stored exactly
once and that every stored score equals the engine's replay of the stored log (``match_audit``), then
prints plays per second and p50/p95/p99 latency per level.

    make load                                  # 20 and 100 tables, 30 s each, 0.5 s think time
    make load LOAD_ARGS="--tables 20 --think 0 --seconds 10"
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/scorekeeper_load"
GAMES = [  # (game, players, options): short matches, so that many finish within the run
    ("tablo", 2, {"target": 30}),
    ("escoba", 2, {"target": 6}),
    ("tamlin", 2, {"target": 12}),
    ("twenty", 2, {}),
    ("tablo", 4, {"target": 30}),
]
RESEND = 0.03  # share of plays sent twice, as a phone that lost the answer would
THINK = 0.5  # a table entering two cards a second: several times faster than people play


@dataclass
class Level:
    """What the tables of one concurrency level saw."""

    tables: int
    think: float
    latencies: list[float] = field(default_factory=list)  # seconds, one per play request answered
    acked: set[tuple[int, int, int]] = field(default_factory=set)  # (match, hand, seq) answered 201
    matches: set[int] = field(default_factory=set)
    finished: int = 0
    resent: int = 0
    replayed: int = 0
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0


def main() -> None:
    args = _arguments()
    os.environ.update(_server_env(args.database))
    sys.path.insert(0, str(ROOT))
    _prepare_database(args.database)
    import django

    django.setup()
    tokens = _accounts(max(args.tables))
    with _gunicorn(args.port, args.workers, args.threads):
        levels = [asyncio.run(_run_level(args, tables, tokens)) for tables in args.tables]
    _report(levels, _verify(levels))


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, nargs="+", default=[20, 100], help="concurrency levels")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each level plays")
    parser.add_argument(
        "--think",
        type=float,
        default=THINK,
        help="mean pause in seconds between a table's requests (0: each answer triggers the next request)",
    )
    parser.add_argument("--database", default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_DB))
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers (2 x cores + 1)")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (1: sync workers)")
    parser.add_argument("--seed", type=int, default=6)
    return parser.parse_args()


def _server_env(database: str) -> dict[str, str]:
    return {
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DATABASE_URL": database,
        "DEBUG": "false",
        "SECRET_KEY": "load-test-only",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",  # plain HTTP on loopback
        "LOG_LEVEL": "ERROR",
        "REDIS_URL": os.environ.get("LOAD_REDIS_URL", ""),  # empty: follow-ups run eagerly in-process
    }


def _prepare_database(url: str) -> None:
    """Create the database if needed (empty it if it exists) and migrate it."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], cwd=ROOT, check=True)


def _accounts(count: int) -> list[str]:
    """One account (with an API token) per table."""
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    users = [User.objects.create_user(f"table{n}") for n in range(count)]
    return [Token.objects.create(user=user).key for user in users]


class _gunicorn:
    """gunicorn serving the app on loopback for the duration of the ``with`` block."""

    def __init__(self, port: int, workers: int, threads: int) -> None:
        self.port, self.workers, self.threads = port, workers, threads
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> None:
        command = [
            str(Path(sys.executable).with_name("gunicorn")),
            "scorekeeper.wsgi",
            f"--bind=127.0.0.1:{self.port}",
            f"--workers={self.workers}",
            f"--threads={self.threads}",
            "--worker-class=" + ("sync" if self.threads == 1 else "gthread"),
            # The app imported once before the workers fork: they are up at once, instead of spending
            # ~2 CPU-seconds each importing it while the first level is already being measured.
            "--preload",
            "--log-level=warning",
        ]
        self.process = subprocess.Popen(command, cwd=ROOT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                httpx.get(f"http://127.0.0.1:{self.port}/healthz", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not start")

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)


async def _run_level(args: argparse.Namespace, tables: int, tokens: list[str]) -> Level:
    level = Level(tables=tables, think=args.think)
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    base = f"http://127.0.0.1:{args.port}/api/v1"
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        stop = time.monotonic() + args.seconds
        started = time.monotonic()
        await asyncio.gather(
            *(
                _Table(client, tokens[n], random.Random(args.seed * 1000 + n), stop, level, args.think).run()
                for n in range(tables)
            )
        )
        level.seconds = time.monotonic() - started
    return level


class _Failure(Exception):
    """An answer the table did not expect (it then starts a new match)."""


class _Stop(Exception):
    """Time is up (a match may be left mid-hand: that is fine, it is checked all the same)."""


@dataclass
class _Table:
    """One table: a phone that starts matches of every game and plays them out, play after play."""

    client: httpx.AsyncClient
    token: str
    rng: random.Random
    stop: float
    level: Level
    think: float

    async def run(self) -> None:
        while time.monotonic() < self.stop:
            try:
                await self.match(*self.rng.choice(GAMES))
            except _Stop:
                return
            except _Failure as failure:
                self.level.errors.append(str(failure))

    async def call(self, method: str, url: str, body: Any = None, key: str = "") -> Any:
        """One request; plays are timed. Pauses first, as a person would, unless ``think`` is 0."""
        if time.monotonic() >= self.stop:
            raise _Stop
        if self.think:
            await asyncio.sleep(self.rng.expovariate(1 / self.think))
        headers = {"Authorization": f"Token {self.token}"} | ({"Idempotency-Key": key} if key else {})
        started = time.perf_counter()
        response = await self.client.request(method, url, headers=headers, json=body)
        if url.endswith("/plays/"):
            self.level.latencies.append(time.perf_counter() - started)
        if response.status_code == 409:
            self.level.conflicts += 1
        if response.status_code >= 300:
            raise _Failure(f"{method} {url}: {response.status_code} {response.text[:300]}")
        return response.json()

    async def match(self, game: str, players: int, options: dict[str, Any]) -> None:
        seats = [
            (await self.call("POST", "/players/", {"name": f"P{seat}"}))["id"] for seat in range(players)
        ]
        match = await self.call("POST", "/matches/", {"game": game, "players": seats, "options": options})
        self.level.matches.add(match["id"])
        for number in range(1, 40):
            await self.hand(match, number)
            result = await self.call("POST", f"/matches/{match['id']}/hands/{number}/close/")
            if result["match"]["status"] != "in_progress":
                self.level.finished += 1
                return

    async def hand(self, match: dict[str, Any], number: int) -> None:
        """Start hand ``number`` and play it out; now and then a play is sent twice with its key."""
        from games.rules.registry import find_game
        from games.services.demo import random_play, random_setup

        url = f"/matches/{match['id']}/hands/"
        setup = random_setup(match["game"], number, self.rng)
        state = (await self.call("POST", url, setup))["state"]
        deck = find_game(match["game"]).deck
        seen, seq = {*setup["table"], *setup["set_aside"]}, 0
        while not state["complete"]:
            unseen = [card for card in deck if str(card) not in seen]
            card, taken = random_play(match["game"], state["table"], unseen, match["options"], self.rng)
            body = {"seat": state["next_seat"], "card": str(card), "taken": taken, "expected_seq": seq}
            key = f"{match['id']}-{number}-{seq}"
            answer = await self.call("POST", f"{url}{number}/plays/", body, key)
            self.level.acked.add((match["id"], number, answer["play"]["seq"]))
            if self.rng.random() < RESEND:
                again = await self.call("POST", f"{url}{number}/plays/", body, key)
                self.level.resent += 1
                self.level.replayed += again["replayed"] and again["play"] == answer["play"]
            state, seq = answer["hand"], answer["hand"]["next_seq"]
            seen.add(str(card))


def _verify(levels: list[Level]) -> dict[str, Any]:
    """Every acknowledged play stored exactly once; every stored score equal to the logs' replay."""
    from django.db.models import Count

    from games.models import Match, Play
    from games.selectors import match_audit

    acked = set().union(*(level.acked for level in levels))
    live = Play.objects.filter(undone_at__isnull=True)
    stored = set(live.values_list("match_id", "hand__number", "seq"))
    doubled = live.values("hand_id", "seq").annotate(n=Count("pk")).filter(n__gt=1).count()
    problems = [
        f"match {match.pk}: {problem}" for match in Match.objects.all() for problem in match_audit(match)
    ]
    return {
        "acknowledged plays": len(acked),
        "stored plays": len(stored),
        "lost (acknowledged, not stored)": len(acked - stored),
        "unacknowledged but stored": len(stored - acked),
        "doubled": doubled,
        "matches audited": Match.objects.count(),
        "score mismatches": problems,
    }


def _report(levels: list[Level], checks: dict[str, Any]) -> None:
    columns = ["tables", "think s", "seconds", "plays", "plays/s", "p50 ms", "p95 ms", "p99 ms"]
    columns += ["matches", "finished", "resent", "409", "errors"]
    print("\nPlays recorded through POST .../plays/ (gunicorn + PostgreSQL on loopback)")
    print(" ".join(f"{column:>8}" for column in columns))
    for level in levels:
        cuts = statistics.quantiles(level.latencies, n=100) if len(level.latencies) > 1 else [0.0] * 99
        row = [level.tables, level.think, f"{level.seconds:.1f}", len(level.acked)]
        row += [f"{len(level.acked) / level.seconds:.1f}", *(f"{cuts[n] * 1000:.1f}" for n in (49, 94, 98))]
        row += [len(level.matches), level.finished, level.resent, level.conflicts, len(level.errors)]
        print(" ".join(f"{value:>8}" for value in row))
        for error in level.errors[:3]:
            print(f"    error: {error}")
    print()
    for name, value in checks.items():
        shown = len(value) if isinstance(value, list) else value
        print(f"{name:>32}: {shown}")
    for problem in checks["score mismatches"][:5]:
        print(f"    {problem}")
    failed = checks["lost (acknowledged, not stored)"] or checks["doubled"] or checks["score mismatches"]
    failed = (
        failed
        or any(level.errors for level in levels)
        or any(level.replayed != level.resent for level in levels)
    )
    print(
        "\nFAILED" if failed else "\nOK: no lost or doubled plays; every score equals the replay of its log"
    )
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
