"""``make push-bench``: how long a write takes to reach a phone that listens (docs/architecture.md, "Push").

It migrates a throwaway PostgreSQL database (``PUSH_DATABASE_URL``), starts gunicorn (the writes) and
uvicorn (the push streams) on loopback with Redis (``PUSH_REDIS_URL``), opens ``--listeners`` streams
on a Tamlin match's share link, and records ``--writes`` changes through the API one after another (a
hand started, then scored from its counts, and so on). For each write it measures the time from just
before its POST to the moment every listener has its ``data:`` line, and prints the percentiles, with
the same from the POST's answer (the push's own part).

    make push-bench
    make push-bench PUSH_ARGS="--writes 500 --listeners 20"
"""

from __future__ import annotations

import argparse
import os
import queue
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATABASE = os.environ.get("PUSH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/scorekeeper_push")
REDIS = os.environ.get("PUSH_REDIS_URL", "redis://127.0.0.1:6379/0")
WSGI, ASGI = "127.0.0.1:21811", "127.0.0.1:21812"
WON = {
    "cards": 30,
    "spades": 7,
    "ten_diamonds": 1,
    "two_spades": 1,
    "aces": 3,
    "tamlins": 2,
    "jack_penalties": 0,
}
LOST = {
    "cards": 22,
    "spades": 6,
    "ten_diamonds": 0,
    "two_spades": 0,
    "aces": 1,
    "tamlins": 0,
    "jack_penalties": 0,
}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--listeners", type=int, default=1, help="streams open on the match")
    args = parser.parse_args()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DATABASE_URL": DATABASE,
        "REDIS_URL": REDIS,
        "DEBUG": "false",
        "SECRET_KEY": "push-bench-only",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "ERROR",
    }
    os.environ.update(env)
    fresh_database(DATABASE)
    servers = [
        _serve([sys.executable, "-m", "gunicorn", "scorekeeper.wsgi", f"--bind={WSGI}", "--workers=2"], env),
        _serve(uvicorn_argv(ASGI), env),
    ]
    try:
        for address in (WSGI, ASGI):
            wait_answering(f"http://{address}/livez")
        _report(_measure(args.writes, args.listeners), args)
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)


def uvicorn_argv(address: str, workers: int = 1) -> list[str]:
    """uvicorn serving the app (its push streams) on ``address``, quietly; a restart ends the streams."""
    host, port = address.split(":")
    return [
        sys.executable,
        "-m",
        "uvicorn",
        "scorekeeper.asgi:application",
        f"--workers={workers}",
        "--host",
        host,
        "--port",
        port,
        "--log-level",
        "warning",
        "--no-access-log",
        "--timeout-graceful-shutdown=2",
    ]


def fresh_database(url: str, commands: tuple[str, ...] = ("migrate",)) -> None:
    """The PostgreSQL database at ``url`` dropped, created again, and ``commands`` run on it (as the
    environment names it)."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    for command in commands:
        subprocess.run([sys.executable, "manage.py", command, "--no-input", "-v", "0"], cwd=ROOT, check=True)


def _serve(argv: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(argv, cwd=ROOT, env=env)


def wait_answering(url: str, seconds: float = 180) -> None:
    """Until ``url`` answers 200 (a busy machine imports the app slowly); past ``seconds``, RuntimeError."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer")


def _token() -> str:
    import django

    django.setup()
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    return str(Token.objects.create(user=User.objects.create_user("bench")).key)


def _listen(url: str, arrivals: queue.Queue[tuple[float, str]], ready: threading.Event) -> None:
    """Put (arrival time, version) for every ``data:`` line of the stream at ``url``, until it ends."""
    try:
        with httpx.stream("GET", url, timeout=None) as response:
            for line in response.iter_lines():
                if line.startswith("data: "):
                    arrivals.put((time.monotonic(), line.removeprefix("data: ")))
                    ready.set()
    except httpx.HTTPError:  # the server stopped
        return


def _measure(writes: int, listeners: int) -> dict[str, list[float]]:
    api = httpx.Client(base_url=f"http://{WSGI}/api/v1", headers={"Authorization": f"Token {_token()}"})

    def post(path: str, body: dict[str, Any]) -> Any:
        response = api.post(path, json=body)
        assert response.status_code < 300, (path, response.status_code, response.text[:300])
        return response.json()

    def listened() -> tuple[int, list[queue.Queue[tuple[float, str]]]]:
        """A new match, shared, and ``listeners`` streams open on its link (its version now read)."""
        players = [post("/players/", {"name": name})["id"] for name in ("Ana", "Bo")]
        match = post("/matches/", {"game": "tamlin", "players": players, "options": {"target": 61}})["id"]
        token = post(f"/matches/{match}/share/", {})["share_token"]
        streams = []
        for _ in range(listeners):
            arrivals: queue.Queue[tuple[float, str]] = queue.Queue()
            ready = threading.Event()
            target = (f"http://{ASGI}/shared/{token}/push/", arrivals, ready)
            threading.Thread(target=_listen, args=target, daemon=True).start()
            assert ready.wait(10), "no stream"
            arrivals.get()  # the version now
            streams.append(arrivals)
        return match, streams

    figures: dict[str, list[float]] = {"from the POST": [], "from its answer": []}
    match, streams = listened()
    hand = 0
    for n in range(writes):
        sent = time.monotonic()
        if n % 2 == 0:
            hand += 1
            post(f"/matches/{match}/hands/", {"table": ["2H", "3H", "4H", "5H"]})
            finished = False
        else:
            scored = post(
                f"/matches/{match}/hands/{hand}/summary/", {"sides": [WON, LOST][:: 1 - 2 * (hand % 2)]}
            )
            finished = scored["match"]["status"] != "in_progress"
        answered = time.monotonic()
        last = max(stream.get(timeout=5)[0] for stream in streams)
        figures["from the POST"].append(last - sent)
        figures["from its answer"].append(last - answered)
        if finished:
            match, streams = listened()
            hand = 0
    return figures


def _report(figures: dict[str, list[float]], args: argparse.Namespace) -> None:
    print(f"\n{args.writes} writes through gunicorn, {args.listeners} stream(s) on uvicorn, Redis: ms")
    for name, values in figures.items():
        cuts = statistics.quantiles(values, n=100)
        print(
            f"  {name}: p50 {cuts[49] * 1000:.1f}  p95 {cuts[94] * 1000:.1f}  p99 {cuts[98] * 1000:.1f}"
            f"  max {max(values) * 1000:.1f}"
        )


if __name__ == "__main__":
    main()
