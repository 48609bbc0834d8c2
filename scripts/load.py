"""``make load``: many whole random matches played at once by phones, then every score checked.

It migrates a throwaway PostgreSQL database and starts, on loopback as in production (README):
gunicorn for the pages and the API, uvicorn for the push streams (the phones reach each directly, as
the proxy would route them), a Celery worker for the follow-ups, and Redis (``LOAD_REDIS_URL``) between
them. A table is a group of phones (``--phones``, 3 by default) around one match; one of them plays:
it starts matches of every game (players and matches through the API) and plays them hand by hand
with random legal plays (the engine's capture lists) through the match screen's forms (or through the
API with ``--api-writes``); each play carries an idempotency key, and now and then a play is resent as
a phone on a bad connection would. The phones' engines are ready: a play's answer is the play alone,
which the writer's engine draws, as the others draw it from their push streams; each phone but the
writer asks for the live region once per other new version, as ``static/js/push.js`` does
(``load_phones.py``); ``--poll``: every phone polls it every 3 s instead, the way before push. Before
each write a table pauses ``--think`` seconds on average (exponentially distributed), or not at all.

The levels, each counted for ``--seconds`` after a ``--ramp`` it plays uncounted (its tables start their
matches at once, their phones open their screens: a burst no steady table makes), after an unreported
warm-up of both ways (``--warmup``): the capacity,
at think 0 (each answer triggers the next request), of ``--capacity`` tables (100) written through the
API alone, then of the same tables with their phones watching, the two in turn ``--rounds`` times (3:
the machine's other work and the database's growth weigh on both alike, and the ratio's spread shows),
the watched level first in every other round (the first level after the warm-up ran fastest);
then each of ``--tables`` (100) at the human pace (``--think``, 3 s: a brisk pace for people who play a
card, then tap it and its captures in). It prints, per level, plays per second, write latency, update
latency (from just before a play's request until every other phone of its table has drawn its version,
or a later one), pushes and region requests per second; the CPU a play took in each part (this process,
the phones, shares the cores with the server), all counted after the ramp; then the capacity ratio of
each round, their median and all rounds pooled, the same with the ramps counted too, and the same of
the server's CPU a play alone; the SQL queries per play and per
region answered (counted in every gunicorn worker, ``load_hooks.py``), and the checks: every play the
server acknowledged is stored exactly once and every stored score equals the engine's replay of the
stored log (``match_audit``). ``--profile`` also profiles one gunicorn worker with pyinstrument.

    make load                                         # about 8 minutes
    make load LOAD_ARGS="--poll"                      # the same, phones polling every 3 s as before push
    make load LOAD_ARGS="--tables 20 --capacity 0 --seconds 10"
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx
from load_phones import (
    MOVED,
    ApiWriter,
    Heard,
    Phone,
    Screen,
    Watched,
    WebWriter,
    phone_sessions,
    poll,
    watch,
)
from push_latency import fresh_database, uvicorn_argv, wait_answering

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/scorekeeper_load"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
GAMES = [  # (game, players, options): short matches, so that many finish within the run
    ("tablo", 2, {"target": 30}),
    ("escoba", 2, {"target": 6}),
    ("tamlin", 2, {"target": 12}),
    ("twenty", 2, {}),
    ("tablo", 4, {"target": 30}),
]
RESEND = 0.03  # share of plays sent twice, as a phone that lost the answer would
THINK = 3.0  # seconds between a table's writes: a brisk human pace


@dataclass(frozen=True)
class Plan:
    """One level: ``tables`` tables pausing ``think`` s on average before each write, with ``phones``
    phones each (0: the API alone, no screen open), writing through the API (``api``) or the forms."""

    name: str
    tables: int
    think: float
    phones: int
    api: bool
    seconds: float
    shown: bool = True  # reported (the warm-up is not)


@dataclass
class Level:
    """What the tables of one level saw."""

    plan: Plan
    latencies: list[float] = field(default_factory=list)  # seconds, one per play request answered
    updates: list[float] = field(default_factory=list)  # seconds, one per play every other phone drew
    unshown: int = 0  # plays some other phone had not drawn when the level ended
    watched: Watched = field(default_factory=Watched)
    acked: set[tuple[int, int, int]] = field(default_factory=set)  # (match, hand, seq) answered 201
    matches: set[int] = field(default_factory=set)
    finished: int = 0
    resent: int = 0
    replayed: int = 0
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)
    counted_from: float = 0.0  # when the level's ramp ended (monotonic): plays sent since are counted
    counted: int = 0  # plays answered 201 that were sent since ``counted_from``
    ramp: tuple[int, int] = (0, 0)  # the phones' pushes and region asks before ``counted_from``
    seconds: float = 0.0  # counted (after the ramp)
    whole: float = 0.0  # seconds, the ramp included
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds by part (``_cpu``), counted
    load: float = 0.0  # the machine's load average (1 min) as the level ended


def _cpu(roots: dict[str, int]) -> dict[str, float]:
    """CPU seconds used so far: by each of ``roots``'s process trees (name -> pid), PostgreSQL's
    (the whole server's) and Redis's processes, this process (the phones), and the whole machine
    ("all", from /proc/stat). Each process counts with its ended children (its cutime and cstime)."""
    tick = os.sysconf("SC_CLK_TCK")
    stats = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                text = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            comm, rest = text[text.index("(") + 1 : text.rindex(")")], text[text.rindex(")") + 2 :].split()
            stats[int(entry.name)] = (comm, int(rest[1]), sum(int(n) for n in rest[11:15]) / tick)
    children: dict[int, list[int]] = {}
    for pid, (_, parent, _) in stats.items():
        children.setdefault(parent, []).append(pid)
    used = {"postgres": 0.0, "redis": 0.0}
    for name, root in roots.items():
        tree, used[name] = [root], 0.0
        while tree:
            pid = tree.pop()
            used[name] += stats[pid][2] if pid in stats else 0.0
            tree += children.get(pid, [])
    for comm, _, seconds in stats.values():
        kind = "postgres" if comm == "postgres" else "redis" if comm.startswith("redis-server") else ""
        if kind:
            used[kind] += seconds
    used["phones"] = time.process_time()
    busy = [int(n) for n in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    used["all"] = (sum(busy) - busy[3] - busy[4]) / tick  # all but idle and iowait
    return used


def main() -> None:
    args = _arguments()
    os.environ.update(_server_env(args.database, args.redis, args.port))
    sys.path.insert(0, str(ROOT))
    fresh_database(args.database, ("migrate", "collectstatic"))  # the pages' static files, hashed
    import django

    django.setup()
    plan = _plan(args)
    accounts = _accounts(max(level.tables for level in plan), args.phones)
    with tempfile.TemporaryDirectory() as counts:
        with _servers(args, counts) as roots:
            levels = [asyncio.run(_run_level(args, level, accounts, roots)) for level in plan]
        queries = _queries(Path(counts))
    _report(levels, _verify(levels), queries, args)


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--tables", type=int, nargs="*", default=[100], help="levels at the human pace (--think)"
    )
    parser.add_argument("--seconds", type=float, default=45.0, help="how long each level is counted")
    parser.add_argument(
        "--ramp",
        type=float,
        default=10.0,
        help="seconds each level plays first, not counted (its tables start their matches together)",
    )
    parser.add_argument(
        "--warmup", type=float, default=20.0, help="seconds of unreported play first, half of them watched"
    )
    parser.add_argument(
        "--think", type=float, default=THINK, help="mean pause in seconds before each of a table's writes"
    )
    parser.add_argument(
        "--capacity",
        type=int,
        default=100,
        help="tables of the two levels at think 0, API alone and watched (0: no such levels)",
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="times the two levels at think 0 are played, in turn"
    )
    parser.add_argument("--database", default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_DB))
    parser.add_argument("--redis", default=os.environ.get("LOAD_REDIS_URL", DEFAULT_REDIS))
    parser.add_argument("--port", type=int, default=8765, help="gunicorn's")
    parser.add_argument("--push-port", type=int, default=8766, help="uvicorn's")
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers (2 x cores + 1)")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (1: sync workers)")
    parser.add_argument("--push-workers", type=int, default=1, help="uvicorn workers")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--phones", type=int, default=3, help="phones per table watching the match screen")
    parser.add_argument("--poll", action="store_true", help="phones poll every 3 s (the way before push)")
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
    if not args.redis:
        parser.error("the push goes through Redis: --redis or LOAD_REDIS_URL")
    return args


def _plan(args: argparse.Namespace) -> list[Plan]:
    way = "polling" if args.poll else "watching"
    levels = []
    if args.capacity:
        alone = Plan("API alone", args.capacity, 0.0, 0, True, args.seconds)
        watched = Plan(
            f"{args.phones} phones {way}", args.capacity, 0.0, args.phones, args.api_writes, args.seconds
        )
        # Both ways warmed up: each gunicorn worker compiles the match screen's templates on its first
        # web play (the first watched level, warmed by the API alone, ran 0.1 slower than the next ones).
        half = args.warmup / 2
        levels += [replace(way, seconds=half, shown=False) for way in (alone, watched) if half]
        for n in range(1, args.rounds + 1):  # in every other round the watched level first: an order
            tag = f", {n} of {args.rounds}" if args.rounds > 1 else ""  # effect cancels over the rounds
            pair = [replace(way, name=way.name + tag) for way in (alone, watched)]
            levels += pair if n % 2 else pair[::-1]
    human = Plan(f"human pace, {way}", 0, args.think, args.phones, args.api_writes, args.seconds)
    return levels + [replace(human, tables=tables) for tables in args.tables]


def _server_env(database: str, redis: str, port: int) -> dict[str, str]:
    """Production's settings on loopback. ``PUBLIC_URL`` as production sets it: the phones reach gunicorn
    and uvicorn at two ports here, where a proxy gives them one address (a region names it, and the
    one a play's answer renders is the one its push carries only if both name the same)."""
    return {
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DATABASE_URL": database,
        "DEBUG": "false",
        "SECRET_KEY": "load-test-only",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",  # plain HTTP on loopback
        "LOG_LEVEL": "ERROR",
        "REDIS_URL": redis,
        "PUBLIC_URL": f"http://127.0.0.1:{port}",
    }


def _accounts(count: int, phones: int) -> list[tuple[str, list[Phone]]]:
    """One account per table: its API token, and a signed-in session for each of its phones."""
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    users = [User.objects.create_user(f"table{n}") for n in range(count)]
    return [(Token.objects.create(user=user).key, phone_sessions(user, phones)) for user in users]


@contextmanager
def _servers(args: argparse.Namespace, counts: str) -> Iterator[dict[str, int]]:
    """gunicorn (the pages and the API; each worker counts its queries into ``counts``), uvicorn (the
    push streams) and a Celery worker (the follow-ups), until the block ends; their process ids."""
    gunicorn = [sys.executable, "-m", "gunicorn", "scorekeeper.wsgi", f"--bind=127.0.0.1:{args.port}"]
    gunicorn += [
        f"--workers={args.workers}",
        f"--threads={args.threads}",
        "--worker-class=" + ("sync" if args.threads == 1 else "gthread"),
        # The app imported once before the workers fork: they are up at once, instead of spending
        # ~2 CPU-seconds each importing it while the first level is already being measured.
        "--preload",
        "--log-level=warning",
        f"--config={Path(__file__).with_name('load_hooks.py')}",
    ]
    # --purge: the tasks an earlier run left in Redis are dropped, not run against this run's database.
    celery = [sys.executable, "-W", "ignore::UserWarning", "-m", "celery", "-A", "scorekeeper", "worker"]
    celery += ["--concurrency=1", "--purge"]  # (the warning: Celery run as root, as in a container)
    celery += ["--without-gossip", "--without-mingle", "--loglevel=warning"]
    env = os.environ | {"LOAD_QUERIES": counts} | ({"LOAD_PROFILE": args.profile} if args.profile else {})
    push = f"127.0.0.1:{args.push_port}"
    processes = {
        "gunicorn": subprocess.Popen(gunicorn, cwd=ROOT, env=env),
        "uvicorn": subprocess.Popen(uvicorn_argv(push, args.push_workers), cwd=ROOT, env=env),
        "celery": subprocess.Popen(celery, cwd=ROOT, env=env, stdout=subprocess.DEVNULL),
    }
    try:
        wait_answering(f"http://127.0.0.1:{args.port}/livez")
        wait_answering(f"http://{push}/livez")
        yield {name: process.pid for name, process in processes.items()}
    finally:
        for process in processes.values():
            process.send_signal(signal.SIGTERM)
        for process in processes.values():
            process.wait(timeout=30)


async def _run_level(
    args: argparse.Namespace, plan: Plan, accounts: list[tuple[str, list[Phone]]], roots: dict[str, int]
) -> Level:
    level = Level(plan=plan)
    counted = f"{args.ramp:.0f} + {plan.seconds:.0f} s"
    print(f"{plan.name}: {plan.tables} tables for {counted}", file=sys.stderr, flush=True)
    phones = plan.tables * plan.phones
    limits = httpx.Limits(
        max_connections=plan.tables + phones, max_keepalive_connections=plan.tables + phones
    )
    push = ("127.0.0.1", args.push_port)  # the streams' (load_phones.py reads them itself)
    server = f"http://127.0.0.1:{args.port}"
    async with httpx.AsyncClient(base_url=server, limits=limits, timeout=60) as client:
        started = time.monotonic()
        level.counted_from = started + args.ramp
        stop = level.counted_from + plan.seconds
        tables, runs = [], []
        for n in range(plan.tables):
            token, sessions = accounts[n]
            screens = [Screen(phone) for phone in sessions[: plan.phones]]
            table = _Table(
                client, token, screens, random.Random(args.seed * 1000 + n), stop, level, plan.think
            )
            table.writer = ApiWriter(table.call) if plan.api else WebWriter(table.call)
            tables.append(table)
            runs.append(table.run())
            for number, screen in enumerate(screens):
                if args.poll:
                    runs.append(poll(client, screen, table.current, stop, level.watched))
                    continue
                inbox: asyncio.Queue[Heard] = asyncio.Queue()
                table.inboxes.append(inbox)
                runs.append(
                    watch(client, push, screen, table.current, inbox, stop, level.watched, asks=number > 0)
                )
        counting = asyncio.create_task(_counting(level, roots))
        await asyncio.gather(*runs)
        cpu = await counting
        ended = time.monotonic()
        level.seconds, level.whole = ended - level.counted_from, ended - started
        level.cpu = {part: seconds - cpu[part] for part, seconds in _cpu(roots).items()}
    level.load = os.getloadavg()[0]
    for table in tables:
        table.updates()
    return level


async def _counting(level: Level, roots: dict[str, int]) -> dict[str, float]:
    """At the end of the level's ramp: the CPU used so far (``_cpu``), and the phones' pushes and
    region asks so far kept in the level."""
    await asyncio.sleep(max(0.0, level.counted_from - time.monotonic()))
    level.ramp = (level.watched.pushes, len(level.watched.fetches))
    return _cpu(roots)


class _Failure(Exception):
    """An answer the table did not expect (it then starts a new match)."""


class _Stop(Exception):
    """Time is up (a match may be left mid-hand: that is fine, it is checked all the same)."""


@dataclass
class _Table:
    """One table: the phone that starts matches of every game and plays them out, play after play."""

    client: httpx.AsyncClient
    token: str
    screens: list[Screen]  # its phones' (the writer's first)
    rng: random.Random
    stop: float
    level: Level
    think: float
    writer: ApiWriter | WebWriter | None = None
    match_id: int = 0
    inboxes: list[asyncio.Queue[Heard]] = field(default_factory=list)  # its watching phones'
    plays: list[tuple[float, int, int]] = field(default_factory=list)  # (sent, match, version drawn)
    sent: float = 0.0  # when the last play's request left (monotonic)

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
            headers, request = {"HX-Request": "true"} | self.screens[0].phone.headers(), {"data": body}
            if timed:  # a play, which its engine draws
                headers["X-SK-Draws"] = "1"
        self.sent, started = time.monotonic(), time.perf_counter()
        response = await self.client.request(method, url, headers=headers, **request)
        if timed and self.sent >= self.level.counted_from:
            self.level.latencies.append(time.perf_counter() - started)
        if response.status_code == 409:
            self.level.conflicts += 1
        if response.status_code >= 300:
            raise _Failure(f"{method} {url}: {response.status_code} {response.text[:300]}")
        return response.json() if api else self.drawn(response)

    def drawn(self, response: httpx.Response) -> dict[str, Any] | str:
        """A web write's answer drawn on the writer's screen: the region, or the play alone, drawn by
        the engine (then the play, with its version)."""
        if change := response.headers.get("X-SK-Change"):
            version = int(response.headers["X-SK-Version"])
            self.screens[0].took(self.match_id, version)
            return dict(json.loads(change)) | {"version": version}
        self.screens[0].draw(self.match_id, response.text)
        return response.text

    async def match(self, game: str, players: int, options: dict[str, Any]) -> None:
        names = [
            (await self.call("POST", "/api/v1/players/", {"name": f"P{seat}"}))["id"]
            for seat in range(players)
        ]
        body = {"game": game, "players": names, "options": options}
        match = await self.call("POST", "/api/v1/matches/", body)
        self.level.matches.add(match["id"])
        self.match_id = match["id"]
        for inbox in self.inboxes:  # the phones open its screen
            inbox.put_nowait(MOVED)
        assert self.writer is not None
        for number in range(1, 40):
            await self.hand(match, number)
            if await self.writer.close(match["id"], number):
                self.level.finished += 1
                return

    async def hand(self, match: dict[str, Any], number: int) -> None:
        """Start hand ``number`` and play it out; now and then a play is sent twice with its key."""
        from games.matches.services.demo import random_play, random_setup
        from games.rules.registry import find_game

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
            self.level.counted += self.sent >= self.level.counted_from
            if state.get("version") is not None:
                self.plays.append((self.sent, match["id"], state["version"]))
            if self.rng.random() < RESEND:
                again, after = await self.writer.play(match["id"], number, body, key)
                self.level.resent += 1
                self.level.replayed += again == acked and after["next_seq"] == state["next_seq"]
            seq = state["next_seq"]
            seen.add(str(card))

    def updates(self) -> None:
        """Each play's update latency, into the level: from just before its request until every other
        phone has drawn its version or a later one (a play some phone had not drawn yet is counted
        apart)."""
        others = self.screens[1:]
        for sent, match, version in self.plays if others else []:
            if sent < self.level.counted_from:
                continue
            drawn = [
                next((at for at, shown, seen in screen.drawn if shown == match and seen >= version), None)
                for screen in others
            ]
            if None in drawn:
                self.level.unshown += 1
            else:
                self.level.updates.append(max(at for at in drawn if at is not None) - sent)


def _verify(levels: list[Level]) -> dict[str, Any]:
    """Every acknowledged play stored exactly once; every stored score equal to the logs' replay."""
    from django.db.models import Count

    from games.matches.selectors.matches import match_audit
    from games.models import Match, Play

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


def _queries(folder: Path) -> dict[str, Counter[int]]:
    """The gunicorn workers' query counts, summed: kind -> {queries: requests}."""
    total: dict[str, Counter[int]] = {}
    for path in folder.glob("*.json"):
        for kind, counts in json.loads(path.read_text()).items():
            total.setdefault(kind, Counter()).update({int(queries): n for queries, n in counts.items()})
    return total


def _report(
    levels: list[Level], checks: dict[str, Any], queries: dict[str, Counter[int]], args: argparse.Namespace
) -> None:
    shown = [level for level in levels if level.plan.shown]
    _figures(shown, args)
    capacity = [level for level in shown if level.plan.think == 0]
    if capacity:
        alone = [level for level in capacity if not level.plan.phones]
        _capacity(list(zip(alone, [level for level in capacity if level.plan.phones], strict=True)))
    print("\nSQL queries a request, in gunicorn (the whole run): the mean, then the commonest counts")
    for kind, counts in sorted(queries.items()):
        requests = counts.total()
        mean = sum(queries * n for queries, n in counts.items()) / requests
        common = ", ".join(f"{queries}: {100 * n / requests:.0f} %" for queries, n in counts.most_common(3))
        print(f"{kind:>32}: {mean:.1f} ({requests} requests; {common})")
    print()
    for name, value in checks.items():
        print(f"{name:>32}: {len(value) if isinstance(value, list) else value}")
    for problem in checks["score mismatches"][:5]:
        print(f"    {problem}")
    failed = checks["lost (acknowledged, not stored)"] or checks["doubled"] or checks["score mismatches"]
    failed = (
        failed
        or any(level.errors for level in levels)
        or any(level.replayed != level.resent for level in levels)
        or any(set(level.watched.answers) - {200, 204} for level in levels)
    )
    print(
        "\nFAILED" if failed else "\nOK: no lost or doubled plays; every score equals the replay of its log"
    )
    if failed:
        sys.exit(1)


def _capacity(rounds: list[tuple[Level, Level]]) -> None:
    """Each round's capacity ratio (plays/s watched over plays/s through the API alone), their median and
    all rounds pooled; then the same of the server's CPU a play (all but the phones), the other way up."""
    alone, watched = ([pair[side] for pair in rounds] for side in (0, 1))

    def rate(levels: list[Level]) -> float:
        return sum(level.counted for level in levels) / sum(level.seconds for level in levels)

    def whole(levels: list[Level]) -> float:  # plays/s, the ramps included
        return sum(len(level.acked) for level in levels) / sum(level.whole for level in levels)

    def cost(levels: list[Level]) -> float:  # ms of the server's CPU a play
        used = sum(level.cpu["all"] - level.cpu["phones"] for level in levels)
        return 1000 * used / max(1, sum(level.counted for level in levels))

    for title, figure, over, under, unit in [
        ("Capacity, plays/s watched / through the API alone", rate, watched, alone, ""),
        ("The same, the ramps included", whole, watched, alone, ""),
        ("The server's CPU a play (all but the phones), API alone / watched", cost, alone, watched, " ms"),
    ]:
        cells = [(figure([x]), figure([y])) for x, y in zip(over, under, strict=True)]
        print(f"\n{title}: " + ", ".join(f"{x:.1f} / {y:.1f}{unit} = {x / y:.2f}" for x, y in cells))
        x, y = figure(over), figure(under)
        median = statistics.median(x / y for x, y in cells)
        print(f"    median {median:.2f}; all rounds pooled {x:.1f} / {y:.1f}{unit} = {x / y:.2f}")


def _figures(levels: list[Level], args: argparse.Namespace) -> None:
    """The levels' figures as a Markdown table, then what went wrong."""
    through = "the API" if args.api_writes else "the match screen's forms (htmx)"
    print(f"\nPlays through {through}; gunicorn ({args.workers} workers), uvicorn, Celery, PostgreSQL, Redis")
    columns = ["level", "tables", "think s", "plays/s", "write p50/p95/p99 ms", "update p50/p95/p99 ms"]
    columns += ["pushes/s", "region asks/s (204 %)", "errors", "load"]
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for level in levels:
        watched, seconds = level.watched, level.seconds
        unchanged = 100 * watched.answers.get(204, 0) / max(1, len(watched.fetches))
        row = [
            level.plan.name,
            level.plan.tables,
            f"{level.plan.think:g}",
            f"{level.counted / seconds:.1f}",
        ]
        row += [_cuts(level.latencies), _cuts(level.updates) if level.updates else "-"]
        row += [
            f"{(watched.pushes - level.ramp[0]) / seconds:.0f}",
            f"{(len(watched.fetches) - level.ramp[1]) / seconds:.0f} ({unchanged:.0f} %)",
        ]
        row += [len(level.errors), f"{level.load:.1f}"]
        print("| " + " | ".join(str(value) for value in row) + " |")
    parts = ["gunicorn", "uvicorn", "celery", "postgres", "redis", "phones"]
    print("\nCPU a play, ms (the phones: this process, on the same cores), and the cores' use")
    print("| level | " + " | ".join(parts) + " | other | all | cores busy |")
    print("|" + "---|" * (len(parts) + 4))
    for level in levels:
        plays, cpu = max(1, level.counted), level.cpu
        cells = [level.plan.name, *(f"{1000 * cpu[part] / plays:.1f}" for part in parts)]
        cells += [f"{1000 * (cpu['all'] - sum(cpu[part] for part in parts)) / plays:.1f}"]
        cells += [f"{1000 * cpu['all'] / plays:.1f}", f"{cpu['all'] / level.seconds:.2f} of {os.cpu_count()}"]
        print("| " + " | ".join(cells) + " |")
    for level in levels:
        name = level.plan.name
        for error in level.errors[:3]:
            print(f"    {name}: error: {error}")
        odd = {status: count for status, count in level.watched.answers.items() if status not in {200, 204}}
        if odd:
            print(f"    {name}: regions answered otherwise: {odd}")
        if level.unshown:
            print(f"    {name}: {level.unshown} plays some phone had not drawn yet as the level ended")


def _cuts(latencies: list[float]) -> str:
    """p50/p95/p99 in ms."""
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return " / ".join(f"{cuts[n] * 1000:.0f}" for n in (49, 94, 98))


if __name__ == "__main__":
    main()
