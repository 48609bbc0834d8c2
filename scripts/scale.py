"""``make scale-test``: two app nodes, two workers and one beat behind HAProxy, proven on one machine.

It starts the throwaway deployment of ``scripts/scale_stack.py`` (PostgreSQL behind PgBouncer, Redis
with a replica and Sentinels, two gunicorn nodes on 127.0.0.2 and 127.0.0.3, HAProxy in front), runs the
cross-node scenarios, then keeps phones recording Tamlin matches through the proxy (every create sent
with an ``Idempotency-Key`` and retried on a 5xx or a broken connection, as a phone would) while it kills
a node, restarts both one by one, kills a worker mid-task, fails Redis over, takes Redis away, and
restarts PgBouncer. Each phone keeps a ledger of what the server acknowledged; afterwards the ledger is
audited against the database (0 lost, 0 doubled), every score against the engine's replay, and every
club's standings against a full rebuild. Everything is torn down on exit.

Without HAProxy, PgBouncer, Redis or PostgreSQL it prints what to install and skips; with ``CI=true`` a
missing part fails.
"""

from __future__ import annotations

import json
import os
import queue
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import httpx
from scale_stack import NODES, PROXY, PUSH, REDIS_PORTS, ROOT, Stack, missing_parts, wait_for

sys.path.insert(0, str(ROOT))  # the project, for Django

PHONES = 4
DEADLINE = 600  # seconds: the whole run, start-up and teardown included
WINNING = {"cards": 30, "spades": 7, "ten_diamonds": 1, "two_spades": 1, "aces": 3, "tamlins": 2}
LOSING = {"cards": 22, "spades": 6, "ten_diamonds": 0, "two_spades": 0, "aces": 1, "tamlins": 0}
TABLE = ["2H", "3H", "4H", "5H"]
HOST = {"Host": "localhost"}


def summary(winner: int) -> dict[str, Any]:
    """A Tamlin hand entered as counts: the winner scores 11, the other 1 (docs/rules/tamlin.md T14)."""
    sides = [{**(WINNING if side == winner else LOSING), "jack_penalties": 0} for side in range(2)]
    return {"sides": sides}


class Failure(Exception):
    """An answer a phone did not expect (a 4xx), or a request that never got an answer."""


@dataclass
class Ledger:
    """What the server acknowledged, and how the requests went in each phase."""

    players: set[int] = field(default_factory=set)
    matches: set[int] = field(default_factory=set)
    hands: set[tuple[int, int]] = field(default_factory=set)
    summaries: set[tuple[int, int]] = field(default_factory=set)
    finished: int = 0
    phase: str = "steady"
    counts: dict[str, Counter[str]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self, what: str) -> None:
        with self.lock:
            self.counts.setdefault(self.phase, Counter())[what] += 1


@dataclass(eq=False)
class Phone(threading.Thread):
    """A phone at one table: starts Tamlin matches in its club and enters each hand as a summary."""

    number: int
    token: str
    ledger: Ledger
    stop: threading.Event
    rng: random.Random

    def __post_init__(self) -> None:
        super().__init__(daemon=True)
        self.client = httpx.Client(base_url=f"http://{PROXY}/api/v1", timeout=30)
        self.sent = 0

    def send(self, path: str, body: dict[str, Any]) -> Any:
        """POST with a fresh key; retried with the same key until it gets an answer (2 minutes)."""
        self.sent += 1
        headers = {
            "Authorization": f"Token {self.token}",
            "Idempotency-Key": f"phone{self.number}-{self.sent}",
        }
        give_up = time.monotonic() + 120
        while time.monotonic() < give_up:
            try:
                response = self.client.post(path, json=body, headers=headers)
            except httpx.TransportError:
                self.ledger.count("retried: no answer")
                time.sleep(0.2)
                continue
            if response.status_code >= 500:
                self.ledger.count(f"retried: {response.status_code}")
                time.sleep(0.2)
                continue
            if response.status_code >= 300:
                raise Failure(f"POST {path}: {response.status_code} {response.text[:300]}")
            self.ledger.count("acknowledged")
            return response.json()
        raise Failure(f"POST {path}: no answer in 2 minutes")

    def run(self) -> None:
        try:
            club = self.send("/clubs/", {"name": f"Table {self.number}"})["id"]
            while not self.stop.is_set():
                self.match(club)
        except Failure as failure:
            self.ledger.failures.append(str(failure))

    def match(self, club: int) -> None:
        seats = [self.send("/players/", {"name": f"P{self.number}-{self.sent}"})["id"] for _ in range(2)]
        self.ledger.players.update(seats)
        body = {"game": "tamlin", "players": seats, "club": club, "options": {"target": 25}}
        match = self.send("/matches/", body)["id"]
        self.ledger.matches.add(match)
        for number in range(1, 10):
            if self.stop.is_set():
                return
            self.send(f"/matches/{match}/hands/", {"table": TABLE})
            self.ledger.hands.add((match, number))
            result = self.send(f"/matches/{match}/hands/{number}/summary/", summary(self.rng.randrange(2)))
            self.ledger.summaries.add((match, number))
            if result["match"]["status"] != "in_progress":
                self.ledger.finished += 1
                return


class Listener(threading.Thread):
    """A phone's push stream (server-sent events) at ``url``: every ``data:`` line with its arrival time,
    connected again half a second after it ends, as a browser's EventSource does."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.messages: queue.Queue[tuple[float, str]] = queue.Queue()
        self.connections = 0
        self.stop = threading.Event()
        self.start()

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                with httpx.stream(
                    "GET", self.url, headers=HOST, timeout=httpx.Timeout(5, read=30)
                ) as response:
                    self.connections += 1
                    for line in response.iter_lines():
                        if line.startswith("data: "):
                            self.messages.put((time.monotonic(), line.removeprefix("data: ")))
            except httpx.HTTPError:
                pass
            time.sleep(0.5)

    def next(self, seconds: float) -> tuple[float, str]:
        try:
            return self.messages.get(timeout=seconds)
        except queue.Empty:
            return (time.monotonic(), "none")


class Run:
    """The scenarios, their figures, and the audit."""

    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.figures: dict[str, dict[str, Any]] = {}
        self.problems: list[str] = []
        self.ledger = Ledger()

    def expect(self, scenario: str, ok: bool, problem: str) -> None:
        if not ok:
            self.problems.append(f"{scenario}: {problem}")

    # -- accounts ----------------------------------------------------------------------------------

    def accounts(self) -> tuple[str, list[str]]:
        """The web user ``lead`` (password ``scale-test``) and one API token per phone."""
        from django.contrib.auth.models import User
        from rest_framework.authtoken.models import Token

        User.objects.create_user("lead", password="scale-test", is_staff=True)  # sees /healthz in full
        lead = Token.objects.create(user=User.objects.get(username="lead")).key
        return lead, [
            Token.objects.create(user=User.objects.create_user(f"phone{n}")).key for n in range(PHONES)
        ]

    # -- scenarios without background traffic -----------------------------------------------------

    def health(self) -> None:
        """Through Sentinel, ``/healthz`` sees the database, Redis and both workers (their names: staff)."""
        started = time.monotonic()
        with httpx.Client(base_url=f"http://{PROXY}", timeout=30) as browser:
            self._sign_in(browser)
            response = browser.get("/healthz")
            while response.status_code != 200 and time.monotonic() - started < 60:  # workers still starting
                time.sleep(1)
                response = browser.get("/healthz")
        body = response.json()
        self.figures["health"] = {
            "/healthz": response.status_code,
            "after s": round(time.monotonic() - started, 1),
            "workers": body.get("workers"),
        }
        answered = body.get("workers", {}).get("answered", [])
        self.expect("health", response.status_code == 200, f"healthz {response.status_code}: {body}")
        self.expect("health", answered == ["w1@scale", "w2@scale"], f"workers answered: {answered}")

    @staticmethod
    def _sign_in(browser: httpx.Client) -> httpx.Response:
        page = browser.get("/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        assert token is not None, page.text[:500]
        form = {"username": "lead", "password": "scale-test", "csrfmiddlewaretoken": token.group(1)}
        return browser.post("/accounts/login/", data=form)

    def no_sticky_sessions(self) -> None:
        """Sign in once through the proxy; every later page, from either node, knows who it is."""
        with httpx.Client(base_url=f"http://{PROXY}", timeout=30) as browser:
            signed_in = self._sign_in(browser)
            nodes: Counter[str] = Counter()
            statuses: Counter[int] = Counter()
            for _ in range(20):
                response = browser.get("/clubs/")
                nodes[response.headers.get("X-Node", "?")] += 1
                statuses[response.status_code] += 1
        self.figures["no sticky sessions"] = {
            "sign-in": signed_in.status_code,
            "pages": 20,
            "by node": dict(nodes),
            "statuses": dict(statuses),
        }
        self.expect("sessions", signed_in.status_code == 302, f"sign-in answered {signed_in.status_code}")
        self.expect("sessions", statuses == Counter({200: 20}), f"pages answered {dict(statuses)}")
        self.expect("sessions", set(nodes) == set(NODES), f"served by {dict(nodes)}")

    def write_here_read_there(self, token: str) -> None:
        """A player created on one node is read at once from the other, both ways."""
        auth = {"Authorization": f"Token {token}", **HOST}
        mismatches = 0
        for n in range(20):
            write, read = ("a", "b") if n % 2 == 0 else ("b", "a")
            created = httpx.post(
                f"http://{NODES[write]}/api/v1/players/", json={"name": f"X{n}"}, headers=auth
            )
            seen = httpx.get(f"http://{NODES[read]}/api/v1/players/{created.json()['id']}/", headers=auth)
            mismatches += seen.status_code != 200 or seen.json() != created.json()
        self.figures["write on one node, read on the other"] = {"pairs": 20, "mismatches": mismatches}
        self.expect("write/read", mismatches == 0, f"{mismatches} reads differed")

    def standings_after_a_correction(self, token: str) -> None:
        """A club match finished and corrected on node A; node B's standings show each state at once."""
        auth = {"Authorization": f"Token {token}", **HOST}

        def on(node: str, path: str, body: dict[str, Any] | None = None) -> Any:
            url = f"http://{NODES[node]}/api/v1{path}"
            response = (
                httpx.post(url, json=body, headers=auth, timeout=30)
                if body is not None
                else httpx.get(url, headers=auth, timeout=30)
            )
            assert response.status_code < 300, (url, response.status_code, response.text[:300])
            return response.json()

        club = on("a", "/clubs/", {"name": "Correction club"})["id"]
        ana, bo = (on("a", "/players/", {"name": name})["id"] for name in ("Ana", "Bo"))
        match = on(
            "a", "/matches/", {"game": "tamlin", "players": [ana, bo], "club": club, "options": {"target": 5}}
        )["id"]
        on("a", f"/matches/{match}/hands/", {"table": TABLE})
        on("a", f"/matches/{match}/hands/1/summary/", summary(0))

        def winners() -> list[tuple[str, int]]:
            rows = on("b", f"/clubs/{club}/standings/")["rows"]
            return [(row["player"]["name"], row["won"]) for row in rows]

        before = winners()
        on("a", f"/matches/{match}/hands/1/correct/", {"summary": summary(1)["sides"]})
        after = winners()
        self.figures["standings after a correction"] = {"node B before": before, "node B right after": after}
        self.expect("correction", before == [("Ana", 1), ("Bo", 0)], f"before: {before}")
        self.expect("correction", after == [("Bo", 1), ("Ana", 0)], f"after: {after}")

    def push_across_nodes(self, token: str) -> None:
        """A phone listening on node B hears of each write made through node A at once; a stream through
        HAProxy is served by a uvicorn; node B's uvicorn killed and started again, the phone's stream
        connects again and its first message is the version now, a write made meanwhile included."""
        from games.models import Match

        auth = {"Authorization": f"Token {token}", **HOST}

        def on_a(path: str, body: dict[str, Any]) -> Any:
            response = httpx.post(f"http://{NODES['a']}/api/v1{path}", json=body, headers=auth, timeout=30)
            assert response.status_code < 300, (path, response.status_code, response.text[:300])
            return response.json()

        players = [on_a("/players/", {"name": name})["id"] for name in ("Push A", "Push B")]
        match = on_a("/matches/", {"game": "tamlin", "players": players, "options": {"target": 61}})["id"]
        share = on_a(f"/matches/{match}/share/", {})["share_token"]
        phone = Listener(f"http://{PUSH['b']}/shared/{share}/push/")
        now = phone.next(10)[1]
        heard: list[float] = []
        late: list[str] = []
        for hand in range(1, 6):
            for path, body in (
                (f"/matches/{match}/hands/", {"table": TABLE}),
                (f"/matches/{match}/hands/{hand}/summary/", summary(hand % 2)),
            ):
                sent = time.monotonic()
                on_a(path, body)
                arrived = sent
                version = str(Match.objects.get(pk=match).screen_version)
                while now != version:
                    arrived, now = phone.next(2)
                    if now == "none":
                        late.append(version)
                        break
                heard.append(arrived - sent)
        with httpx.stream("GET", f"http://{PROXY}/shared/{share}/push/", headers=HOST, timeout=10) as proxied:
            through = (proxied.status_code, proxied.headers.get("Content-Type"), next(proxied.iter_lines()))
        self.stack.kill("push-b")
        on_a(f"/matches/{match}/hands/", {"table": TABLE})  # while node B's uvicorn is away
        self.stack.start_push("b")
        back = round(self.stack.wait_push("b"), 1)
        version = str(Match.objects.get(pk=match).screen_version)
        caught = phone.next(30)[1]
        phone.stop.set()
        cuts = statistics.quantiles(heard, n=20, method="inclusive")
        self.figures["push: a write on node A heard on node B"] = {
            "writes": len(heard),
            "ms p50 / p95 / max": [round(value * 1000, 1) for value in (cuts[9], cuts[18], max(heard))],
            "not heard within 2 s": late,
            "through HAProxy": through,
            "node B's uvicorn back after s": back,
            "connections": phone.connections,
            "first message after it, version now": (caught, version),
        }
        self.expect("push", not late and max(heard) < 1.0, f"late: {late}, slowest {max(heard):.3f} s")
        self.expect("push", through[:2] == (200, "text/event-stream"), f"through HAProxy: {through}")
        self.expect(
            "push", (caught, phone.connections) == (version, 2), f"after the restart: {caught} {version}"
        )

    def throttle_across_nodes(self) -> None:
        """20 rules requests with made-up X-Forwarded-For addresses at 10 a minute: 10 pass, on any node."""
        statuses: Counter[int] = Counter()
        nodes: Counter[str] = Counter()
        with httpx.Client(base_url=f"http://{PROXY}", timeout=30) as client:
            for n in range(20):
                response = client.get("/api/v1/rules/", headers={"X-Forwarded-For": f"203.0.113.{n}"})
                statuses[response.status_code] += 1
                nodes[response.headers.get("X-Node", "?")] += 1
        self.figures["throttle shared across nodes, spoofed addresses"] = {
            "requests": 20,
            "limit": "10/minute",
            "statuses": dict(statuses),
            "by node": dict(nodes),
        }
        self.expect("throttle", statuses == Counter({200: 10, 429: 10}), f"statuses {dict(statuses)}")

    # -- scenarios under traffic -------------------------------------------------------------------

    @contextmanager
    def phase(self, name: str) -> Iterator[dict[str, Any]]:
        self.ledger.phase = name
        figures: dict[str, Any] = {}
        started = time.monotonic()
        yield figures
        self.ledger.phase = "steady"
        figures["seconds"] = round(time.monotonic() - started, 1)
        figures |= dict(self.ledger.counts.get(name, Counter()))
        self.figures[name] = figures

    def node_killed_mid_burst(self) -> None:
        with self.phase("node killed mid-burst") as figures:
            time.sleep(2)
            self.stack.kill("node-a")
            time.sleep(4)
            self.stack.start_node("a")
            figures["node a back after s"] = round(self.stack.wait_node("a"), 1)
            time.sleep(2)

    def rolling_restart(self) -> None:
        with self.phase("rolling restart") as figures:
            for node in NODES:
                self.stack.kill(f"node-{node}", signal.SIGTERM)  # graceful: answers what it has started
                self.stack.start_node(node)
                self.stack.wait_node(node)
                figures[f"node {node} back in the pool after s"] = round(
                    wait_for("pool", partial(self.stack.in_pool, node)), 1
                )

    def worker_killed_mid_task(self) -> None:
        """Worker 2 paused, worker 1 killed holding a task: worker 2 runs it once it is visible again."""
        import redis

        with self.phase("worker killed mid-task") as figures:
            self.stack.kill("w2", signal.SIGSTOP)
            master = redis.Redis(port=self.stack.master_port())

            def unacked() -> set[str]:
                return {json.loads(raw)[0]["headers"]["id"] for raw in master.hvals("unacked")}

            paused_with = unacked()  # worker 2's, if it was busy
            held: set[str] = set()

            def w1_holds_a_task() -> bool:
                held.clear()
                held.update(unacked() - paused_with)
                return bool(held)

            wait_for("a task held by worker 1", w1_holds_a_task, seconds=60)
            self.stack.kill("w1")
            # A task worker 1 finished just before the kill is done; only the others must run again.
            killed_log = self.stack.log("w1")
            unfinished = [task for task in held if f"[{task}] succeeded" not in killed_log]
            self.stack.kill("w2", signal.SIGCONT)
            started = time.monotonic()
            wait_for(
                "worker 2 to run the killed worker's task",
                lambda: all(f"[{task}] succeeded" in self.stack.log("w2") for task in unfinished),
                seconds=60,
            )
            figures |= {
                "tasks held by the killed worker": len(held),
                "of which it had not finished": len(unfinished),
                "run again by worker 2 after s": round(time.monotonic() - started, 1),
            }
            self.stack.start_worker("w1")

    def redis_failover(self) -> None:
        with self.phase("Redis failover") as figures:
            old = self.stack.master_port()
            name = next(name for name, port in REDIS_PORTS.items() if port == old)
            self.stack.kill(name)
            started = time.monotonic()
            wait_for("Sentinel failover", lambda: self.stack.master_port() != old, seconds=30)
            figures["new master after s"] = round(time.monotonic() - started, 1)
            self.stack.start_redis(name, replica_of=self.stack.master_port())
            time.sleep(3)

    def redis_outage(self) -> None:
        with self.phase("Redis outage") as figures:
            master = self.stack.master_port()
            for name in REDIS_PORTS:
                self.stack.kill(name)
            time.sleep(3)  # HAProxy has checked the nodes several times by now
            with httpx.Client(base_url=f"http://{PROXY}", timeout=30) as client:
                rules = Counter(client.get("/api/v1/rules/").status_code for _ in range(6))
                health = client.get("/healthz")
            livez = {
                node: httpx.get(f"http://{address}/livez", headers=HOST).status_code
                for node, address in NODES.items()
            }
            pool = self.stack.proxy_servers_up()
            figures |= {
                "rules API": dict(rules),
                "/livez": livez,
                "nodes in the HAProxy pool": pool,
                "/healthz": f"{health.status_code} failed={health.json()['failed']}",
            }
            self.expect("Redis outage", set(rules) <= {200, 429}, f"rules API answered {dict(rules)}")
            self.expect("Redis outage", all(pool.values()) and len(pool) == 2, f"pool {pool}")
            self.expect("Redis outage", set(livez.values()) == {200}, f"livez {livez}")
            self.expect("Redis outage", health.status_code == 503, f"healthz {health.status_code}")
            time.sleep(3)
            first = next(name for name, port in REDIS_PORTS.items() if port == master)
            self.stack.start_redis(first, replica_of=None)
            for name in REDIS_PORTS:
                if name != first:
                    self.stack.start_redis(name, replica_of=master)
            time.sleep(3)

    def pgbouncer_restart(self) -> None:
        with self.phase("PgBouncer restart") as figures:
            self.stack.kill("pgbouncer", signal.SIGTERM)
            time.sleep(1)
            self.stack.start_bouncer()
            time.sleep(3)
            figures["restarted"] = True

    # -- audit -------------------------------------------------------------------------------------

    def settle(self) -> None:
        """Wait for the follow-ups to be done: none pending, the queue empty, nothing held."""
        import redis

        from games.models import Match

        env = {**self.stack.env}
        subprocess.run(
            [sys.executable, "manage.py", "followups_resend"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
        master = redis.Redis(port=self.stack.master_port())

        def left() -> dict[str, int]:
            return {
                "pending matches": Match.objects.filter(pending_followups=True).count(),
                "queued": int(master.llen("celery")),
                "unacked": int(master.hlen("unacked")),
            }

        try:
            wait_for("the workers to finish", lambda: not any(left().values()), seconds=90)
        except RuntimeError as late:
            raise RuntimeError(f"{late}: {left()}") from None

    def audit(self, tokens: list[str]) -> None:
        from django.contrib.auth.models import User

        from games.matches.selectors.matches import match_audit
        from games.models import Hand, HandSummary, IdempotentRequest, Match, Player

        phones = User.objects.filter(username__startswith="phone")
        ledger = self.ledger
        stored: dict[str, set[Any]] = {
            "players": set(Player.objects.filter(created_by__in=phones).values_list("pk", flat=True)),
            "matches": set(Match.objects.filter(created_by__in=phones).values_list("pk", flat=True)),
            "hands": set(Hand.objects.filter(match__created_by__in=phones).values_list("match_id", "number")),
            "summaries": set(
                HandSummary.objects.filter(hand__match__created_by__in=phones).values_list(
                    "hand__match_id", "hand__number"
                )
            ),
        }
        acknowledged: dict[str, set[Any]] = {
            "players": ledger.players,
            "matches": ledger.matches,
            "hands": ledger.hands,
            "summaries": ledger.summaries,
        }
        lost = sum(len(acknowledged[kind] - stored[kind]) for kind in stored)
        doubled = sum(len(stored[kind] - acknowledged[kind]) for kind in stored)
        mismatches = [problem for match in Match.objects.all() for problem in match_audit(match)]
        before = self.standings(tokens)
        rebuilt = subprocess.run(
            [sys.executable, "manage.py", "rebuild_standings"],
            cwd=ROOT,
            env=self.stack.env,
            check=False,
            capture_output=True,
            text=True,
        )
        after = self.standings(tokens)
        self.figures["ledger audit"] = {
            **{f"acknowledged {kind}": len(items) for kind, items in acknowledged.items()},
            "finished matches": ledger.finished,
            "kept answers (Idempotency-Key)": IdempotentRequest.objects.count(),
            "lost": lost,
            "doubled": doubled,
            "score mismatches": len(mismatches),
            "clubs whose standings differ from a full rebuild": sum(
                before[club] != after[club] for club in before
            ),
            **self.logged_errors(),
        }
        self.expect("audit", not ledger.failures, f"phones failed: {ledger.failures[:3]}")
        self.expect("audit", lost == 0 and doubled == 0, f"lost {lost}, doubled {doubled}")
        self.expect("audit", not mismatches, f"scores: {mismatches[:3]}")
        self.expect("audit", rebuilt.returncode == 0, f"rebuild: {rebuilt.stderr[-300:]}")
        self.expect("audit", before == after, "standings differ from a full rebuild")
        self.expect("audit", ledger.finished > 0, "no match finished")

    def logged_errors(self) -> dict[str, Counter[str]]:
        """What the nodes answered with a 500 and the tasks that failed on anything but a part being
        down, by path or task and exception, from their logs (reported for a reader to follow up)."""
        unavailable = re.compile(r"OperationalError|InterfaceError|ConnectionError|TimeoutError")
        server_error = re.compile(r"Internal Server Error: (\S+)\nTraceback.*?\n(\S[^\n]*)", re.S)
        task_error = re.compile(r"Task (\S+)\[[^]]*\] raised unexpected: ([^\n]*)")
        answered: Counter[str] = Counter()
        failed: Counter[str] = Counter()
        for name in self.stack.processes:
            log = self.stack.log(name)
            for path, error in server_error.findall(log):
                answered[re.sub(r"/\d+/", "/<id>/", path) + ": " + error[:160]] += 1
            for task, error in task_error.findall(log):
                if not unavailable.search(error):
                    failed[task + ": " + error[:160]] += 1
        return {"answered 500 (nodes' logs)": answered, "tasks failed (workers' logs)": failed}

    def standings(self, tokens: list[str]) -> dict[int, Any]:
        """Every phone club's Tamlin standings (with ratings), read through the proxy."""
        from games.models import Club

        tables: dict[int, Any] = {}
        for number, token in enumerate(tokens):
            for club in Club.objects.filter(created_by__username=f"phone{number}"):
                response = httpx.get(
                    f"http://{PROXY}/api/v1/clubs/{club.pk}/standings/",
                    params={"game": "tamlin"},
                    headers={"Authorization": f"Token {token}"},
                    timeout=60,
                )
                tables[club.pk] = response.json()
        return tables


def main() -> int:
    missing = missing_parts()
    if missing:
        message = f"scale-test needs: apt-get install {' '.join(missing)}"
        if os.environ.get("CI") == "true":
            print(f"FAILED: {message}", file=sys.stderr)
            return 1
        print(f"SKIPPED: {message}")
        return 0
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(TimeoutError(f"over {DEADLINE} s")))
    signal.alarm(DEADLINE)
    stack = Stack()
    started = time.monotonic()
    try:
        stack.start_all()
        os.environ.update({**stack.env, "DATABASE_URL": stack.direct_database})
        import django

        django.setup()
        run = Run(stack)
        lead, tokens = run.accounts()
        run.health()
        run.no_sticky_sessions()
        run.write_here_read_there(lead)
        run.standings_after_a_correction(lead)
        run.push_across_nodes(lead)
        run.throttle_across_nodes()
        stop = threading.Event()
        phones = [Phone(n, token, run.ledger, stop, random.Random(n)) for n, token in enumerate(tokens)]
        for phone in phones:
            phone.start()
        with run.phase("steady") as figures:
            time.sleep(5)
            figures["phones"] = PHONES
        scenarios: list[Callable[[], None]] = [
            run.node_killed_mid_burst,
            run.rolling_restart,
            run.worker_killed_mid_task,
            run.redis_failover,
            run.redis_outage,
            run.pgbouncer_restart,
        ]
        for scenario in scenarios:
            scenario()
        stop.set()
        for phone in phones:
            phone.join(timeout=150)
        run.settle()
        run.audit(tokens)
    except BaseException:
        print(f"scale-test: logs of the failed run in {stack.state} were:", file=sys.stderr)
        for name in stack.processes:
            print(f"--- {name} (tail)\n{stack.log(name)[-1500:]}", file=sys.stderr)
        raise
    finally:
        signal.alarm(0)
        stack.close()
    report(run, time.monotonic() - started)
    return 1 if run.problems else 0


def report(run: Run, seconds: float) -> None:
    print(f"\nmake scale-test: {seconds:.0f} s, two nodes behind HAProxy, two workers, one beat\n")
    for scenario, figures in run.figures.items():
        print(f"{scenario}:")
        for name, value in figures.items():
            print(f"    {name}: {value}")
    print()
    for problem in run.problems:
        print(f"PROBLEM {problem}")
    print("FAILED" if run.problems else "OK: 0 lost, 0 doubled, standings equal to a full rebuild")


if __name__ == "__main__":
    sys.exit(main())
