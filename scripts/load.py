"""``make load``: many whole random matches played at once by phones, then every score checked.

It migrates a throwaway PostgreSQL database, starts gunicorn on loopback, and for each concurrency level
(20 and 100 tables by default) runs that many tables for a bounded time. A table is a group of phones
(``--phones``, 3 by default) around one match: every phone polls the match screen every 3 s as the
browser does (``load_phones.py``), and one of them plays: it starts matches of every game (players and
matches through the API) and plays them hand by hand with random legal plays (the engine's capture
lists) through the match screen's forms, or through the API with ``--api-writes``; each play carries an
idempotency key, and now and then a play is resent as a phone on a bad connection would. Before each
write a table pauses ``--think`` seconds on average (exponentially distributed): 3 s by default, a brisk
pace for people who play a card, then tap it and its captures in. A last level (``--capacity``, 100
tables by default) pauses 0 s: each answer triggers the next request, a closed loop that measures the
server's capacity. Afterwards it checks, in this process, that every play the
server acknowledged is stored exactly once and that every stored score equals the engine's replay of
the stored log (``match_audit``), then prints plays per second, write p50/p95/p99 and poll p50/p99
latency per level, and the share of one core that this process (the phones) took from the server's
machine. ``--profile`` also profiles one gunicorn worker with pyinstrument.

    make load                                  # 20 and 100 tables at 3 s, then 100 at 0 s; 60 s each
    make load LOAD_ARGS="--tables 20 --think 0 --capacity 0 --seconds 10"
    make load LOAD_ARGS="--api-writes --phones 0"   # the API alone, without the phones' requests
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
from load_phones import ApiWriter, Phone, WebWriter, phone_sessions, poll

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
THINK = 3.0  # seconds between a table's writes: a brisk human pace


@dataclass
class Level:
    """What the tables of one concurrency level saw."""

    tables: int
    think: float
    latencies: list[float] = field(default_factory=list)  # seconds, one per play request answered
    polls: list[float] = field(default_factory=list)  # seconds, one per poll answered
    poll_answers: dict[int, int] = field(default_factory=dict)  # status -> count
    acked: set[tuple[int, int, int]] = field(default_factory=set)  # (match, hand, seq) answered 201
    matches: set[int] = field(default_factory=set)
    finished: int = 0
    resent: int = 0
    replayed: int = 0
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    client_cpu: float = 0.0  # seconds of CPU this process (the phones) took from the same cores


def main() -> None:
    args = _arguments()
    os.environ.update(_server_env(args.database))
    sys.path.insert(0, str(ROOT))
    _prepare_database(args.database)
    import django

    django.setup()
    plan = [(tables, args.think) for tables in args.tables] + (
        [(args.capacity, 0.0)] if args.capacity else []
    )
    accounts = _accounts(max(tables for tables, _ in plan), args.phones)
    with _gunicorn(args.port, args.workers, args.threads, args.profile):
        levels = [asyncio.run(_run_level(args, tables, think, accounts)) for tables, think in plan]
    _report(levels, _verify(levels), args)


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, nargs="+", default=[20, 100], help="concurrency levels")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long each level plays")
    parser.add_argument(
        "--think",
        type=float,
        default=THINK,
        help="mean pause in seconds between a table's requests (0: each answer triggers the next request)",
    )
    parser.add_argument(
        "--capacity", type=int, default=100, help="tables of a last level at think 0 (0: no such level)"
    )
    parser.add_argument("--database", default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_DB))
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers (2 x cores + 1)")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (1: sync workers)")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--phones", type=int, default=3, help="phones per table polling the match screen")
    parser.add_argument(
        "--api-writes", action="store_true", help="play through the API instead of the match screen's forms"
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        default="",
        help="profile one gunicorn worker with pyinstrument into FILE",
    )
    args = parser.parse_args()
    if not args.api_writes and args.phones < 1:
        parser.error("the web UI's writes need a phone: --phones 1 or more, or --api-writes")
    return args


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
    """Create the database if needed (empty it if it exists), migrate it, and collect the static files."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    # The static files too: the pages' are hashed and compressed, as production serves them (WhiteNoise).
    for command in ("migrate", "collectstatic"):
        subprocess.run([sys.executable, "manage.py", command, "--no-input", "-v", "0"], cwd=ROOT, check=True)


def _accounts(count: int, phones: int) -> list[tuple[str, list[Phone]]]:
    """One account per table: its API token, and a signed-in session for each of its phones."""
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    users = [User.objects.create_user(f"table{n}") for n in range(count)]
    return [(Token.objects.create(user=user).key, phone_sessions(user, phones)) for user in users]


class _gunicorn:
    """gunicorn serving the app on loopback for the duration of the ``with`` block."""

    def __init__(self, port: int, workers: int, threads: int, profile: str = "") -> None:
        self.port, self.workers, self.threads, self.profile = port, workers, threads, profile
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
        if self.profile:  # gunicorn_profile.py's hooks profile the first worker
            command.append(f"--config={Path(__file__).with_name('gunicorn_profile.py')}")
        env = os.environ | ({"LOAD_PROFILE": self.profile} if self.profile else {})
        self.process = subprocess.Popen(command, cwd=ROOT, env=env)
        deadline = time.monotonic() + 180  # a busy machine imports the app slowly
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                httpx.get(f"http://127.0.0.1:{self.port}/healthz", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.2)
        self.__exit__()
        raise RuntimeError("gunicorn did not start")

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)


async def _run_level(
    args: argparse.Namespace, tables: int, think: float, accounts: list[tuple[str, list[Phone]]]
) -> Level:
    level = Level(tables=tables, think=think)
    connections = tables * (1 + args.phones)
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{args.port}", limits=limits, timeout=60
    ) as client:
        stop = time.monotonic() + args.seconds
        started, cpu = time.monotonic(), time.process_time()
        runs = []
        for n in range(tables):
            token, phones = accounts[n]
            table = _Table(client, token, phones, random.Random(args.seed * 1000 + n), stop, level, think)
            table.writer = ApiWriter(table.call) if args.api_writes else WebWriter(table.call)
            runs.append(table.run())
            runs += [
                poll(client, phone, table.current, stop, level.polls, level.poll_answers) for phone in phones
            ]
        await asyncio.gather(*runs)
        level.seconds, level.client_cpu = time.monotonic() - started, time.process_time() - cpu
    return level


class _Failure(Exception):
    """An answer the table did not expect (it then starts a new match)."""


class _Stop(Exception):
    """Time is up (a match may be left mid-hand: that is fine, it is checked all the same)."""


@dataclass
class _Table:
    """One table: the phone that starts matches of every game and plays them out, play after play."""

    client: httpx.AsyncClient
    token: str
    phones: list[Phone]
    rng: random.Random
    stop: float
    level: Level
    think: float
    writer: ApiWriter | WebWriter | None = None
    match_id: int = 0

    def current(self) -> int:
        """The match the table plays now (0: none yet), which its phones' screens show."""
        return self.match_id

    async def run(self) -> None:
        while time.monotonic() < self.stop:
            try:
                await self.match(*self.rng.choice(GAMES))
            except _Stop:
                return
            except _Failure as failure:
                self.level.errors.append(str(failure))

    async def call(
        self, method: str, url: str, body: Any = None, key: str = "", *, timed: bool = False
    ) -> Any:
        """One request: the API's with the token and JSON, the web UI's as the writing phone's htmx form.
        Pauses first, as a person would, unless ``think`` is 0; plays (``timed``) are timed."""
        if time.monotonic() >= self.stop:
            raise _Stop
        if self.think:
            await asyncio.sleep(self.rng.expovariate(1 / self.think))
            if time.monotonic() >= self.stop:
                raise _Stop
        api = url.startswith("/api/")
        if api:
            headers = {"Authorization": f"Token {self.token}"} | ({"Idempotency-Key": key} if key else {})
            request = {"json": body}
        else:
            headers, request = {"HX-Request": "true"} | self.phones[0].headers(), {"data": body}
        started = time.perf_counter()
        response = await self.client.request(method, url, headers=headers, **request)
        if timed:
            self.level.latencies.append(time.perf_counter() - started)
        if response.status_code == 409:
            self.level.conflicts += 1
        if response.status_code >= 300:
            raise _Failure(f"{method} {url}: {response.status_code} {response.text[:300]}")
        return response.json() if api else response.text

    async def match(self, game: str, players: int, options: dict[str, Any]) -> None:
        names = [
            (await self.call("POST", "/api/v1/players/", {"name": f"P{seat}"}))["id"]
            for seat in range(players)
        ]
        body = {"game": game, "players": names, "options": options}
        match = await self.call("POST", "/api/v1/matches/", body)
        self.level.matches.add(match["id"])
        self.match_id = match["id"]
        assert self.writer is not None
        for number in range(1, 40):
            await self.hand(match, number)
            if await self.writer.close(match["id"], number):
                self.level.finished += 1
                return

    async def hand(self, match: dict[str, Any], number: int) -> None:
        """Start hand ``number`` and play it out; now and then a play is sent twice with its key."""
        from games.rules.registry import find_game
        from games.services.demo import random_play, random_setup

        assert self.writer is not None
        setup = random_setup(match["game"], number, self.rng)
        state = await self.writer.start_hand(match["id"], number, setup)
        deck = find_game(match["game"]).deck
        seen, seq = {*setup["table"], *setup["set_aside"]}, 0
        while not state["complete"]:
            unseen = [card for card in deck if str(card) not in seen]
            card, taken = random_play(match["game"], state["table"], unseen, match["options"], self.rng)
            body = {"seat": state["next_seat"], "card": str(card), "taken": taken, "expected_seq": seq}
            key = f"{match['id']}-{number}-{seq}"
            acked, state = await self.writer.play(match["id"], number, body, key)
            self.level.acked.add((match["id"], number, acked))
            if self.rng.random() < RESEND:
                again, after = await self.writer.play(match["id"], number, body, key)
                self.level.resent += 1
                self.level.replayed += again == acked and after["next_seq"] == state["next_seq"]
            seq = state["next_seq"]
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


def _report(levels: list[Level], checks: dict[str, Any], args: argparse.Namespace) -> None:
    columns = ["tables", "think s", "seconds", "plays", "plays/s", "p50 ms", "p95 ms", "p99 ms"]
    columns += ["polls", "204 %", "poll p50", "poll p99", "matches", "finished", "resent", "409", "errors"]
    columns += ["phones CPU"]
    through = "the API" if args.api_writes else "the match screen (htmx)"
    print(
        f"\nPlays through {through}, {args.phones} phones a table polling every 3 s (gunicorn + PostgreSQL)"
    )
    print(" ".join(f"{column:>8}" for column in columns))
    for level in levels:
        cuts, polls = _percentiles(level.latencies), _percentiles(level.polls)
        row = [level.tables, level.think, f"{level.seconds:.1f}", len(level.acked)]
        row += [f"{len(level.acked) / level.seconds:.1f}", *(f"{cuts[n] * 1000:.1f}" for n in (49, 94, 98))]
        unchanged = 100 * level.poll_answers.get(204, 0) / max(1, len(level.polls))
        row += [len(level.polls), f"{unchanged:.0f}", *(f"{polls[n] * 1000:.1f}" for n in (49, 98))]
        row += [len(level.matches), level.finished, level.resent, level.conflicts, len(level.errors)]
        row += [f"{100 * level.client_cpu / level.seconds:.0f} %"]
        print(" ".join(f"{value:>8}" for value in row))
        for error in level.errors[:3]:
            print(f"    error: {error}")
        odd = {status: count for status, count in level.poll_answers.items() if status not in {200, 204}}
        if odd:
            print(f"    polls answered otherwise: {odd}")
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
        or any(set(level.poll_answers) - {200, 204} for level in levels)
    )
    print(
        "\nFAILED" if failed else "\nOK: no lost or doubled plays; every score equals the replay of its log"
    )
    if failed:
        sys.exit(1)


def _percentiles(latencies: list[float]) -> list[float]:
    return statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99


if __name__ == "__main__":
    main()
