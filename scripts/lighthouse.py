"""Lighthouse (mobile) on the home page, a match screen and the dispute page, as production serves them.

Not part of ``make test``: it needs npm. Once: ``npm ci --prefix scripts/lighthouse`` (Lighthouse
12.2.3, the last release for Node 20; about 110 MB). Then::

    .venv/bin/python scripts/lighthouse.py [--out DIR]

It builds a throwaway SQLite database with a Tablo match in play, collects the static files (hashed
and compressed by WhiteNoise), starts gunicorn on loopback with ``DEBUG=false``, and runs Lighthouse
with Debian's Chromium (``CHROME_PATH``, default ``/usr/bin/chromium``) and its default mobile preset
(a mid-range phone, slow 4G). The match screen is read signed in (the session cookie as a header).
It prints the median of ``--runs`` runs (3) of the four category scores per page, since one run on a
busy machine varies by several points, and fails if one is below the aim (docs/ui.md).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "scripts" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
PORT = 8790
ATTEMPTS = 3  # per run, when Lighthouse gives no scores
AIMS = {"accessibility": 100, "best-practices": 100, "performance": 95, "seo": 95}


def _env(state: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DATABASE_URL": f"sqlite:///{state / 'lighthouse.sqlite3'}",
        "STATIC_ROOT": str(state / "static"),
        "DEBUG": "false",
        "SECRET_KEY": "lighthouse-only",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",  # plain HTTP on loopback
        "SECURE_COOKIES": "false",
        "LOG_LEVEL": "ERROR",
        "REDIS_URL": "",
    }


def _prepare(env: dict[str, str]) -> tuple[str, str]:
    """Migrate, collect the static files, and make a match in play; its path and a session cookie."""
    for command in ("migrate", "collectstatic"):
        subprocess.run(
            [sys.executable, "manage.py", command, "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True
        )
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    from games.matches.services.demo import demo_hand_play, random_setup
    from games.matches.services.hands import hand_start
    from games.matches.services.matches import match_start
    from games.people.services.players import player_create

    owner = User.objects.create_user("marija", password="lighthouse-only-101")
    players = [player_create(name=name, by=owner) for name in ("Marija", "Dragan")]
    match = match_start(game="tablo", players=players, by=owner)
    rng = random.Random(24)
    demo_hand_play(match=match, rng=rng)
    hand_start(match=match, **random_setup("tablo", 2, rng))
    client = Client()
    client.force_login(owner)
    return (
        f"/matches/{match.pk}/",
        f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}",
    )


def _serve(env: dict[str, str]) -> subprocess.Popen[bytes]:
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    server = subprocess.Popen(
        [gunicorn, "scorekeeper.wsgi", f"--bind=127.0.0.1:{PORT}", "--workers=2"], cwd=ROOT, env=env
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and server.poll() is None:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/livez", timeout=1)
            return server
        except OSError:
            time.sleep(0.3)
    server.terminate()
    raise SystemExit("gunicorn did not start")


def _lighthouse(name: str, url: str, cookie: str, out: Path) -> dict[str, int]:
    report = out / name  # Lighthouse writes name.report.json and name.report.html
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        "--output=html",
        f"--output-path={report}",
        "--only-categories=performance,accessibility,best-practices,seo",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
    ]
    if cookie:
        command.append("--extra-headers=" + json.dumps({"Cookie": cookie}))
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    for attempt in range(1, ATTEMPTS + 1):
        # A loaded machine sometimes loses the trace's start (runtimeError NO_NAVSTART, no scores): again.
        ran = subprocess.run(command, env=env, check=False)
        found = json.loads((out / f"{name}.report.json").read_text()) if ran.returncode == 0 else {}
        categories = found.get("categories", {})
        if categories and all(category["score"] is not None for category in categories.values()):
            return {name: round(category["score"] * 100) for name, category in categories.items()}
        failure = found.get("runtimeError", {}).get("code") or f"exit {ran.returncode}"
        print(f"lighthouse {name}: {failure} (attempt {attempt} of {ATTEMPTS})", file=sys.stderr)
    raise SystemExit(f"lighthouse {name}: no scores after {ATTEMPTS} attempts")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=ROOT / "test-artifacts" / "lighthouse")
    parser.add_argument("--runs", type=int, default=3, help="runs per page; the median score is kept")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: npm ci --prefix scripts/lighthouse")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        env = _env(Path(folder))
        match_path, cookie = _prepare(env)
        server = _serve(env)
        try:
            base = f"http://127.0.0.1:{PORT}"
            pages = {
                "home": ("/", ""),
                "match": (match_path, cookie),
                "dispute": ("/disputes/?variant=tablo&table=10D&table=2C&table=7S&card=7H", ""),
            }
            missed = []
            for name, (path, session) in pages.items():
                runs = [
                    _lighthouse(f"{name}-{run}", base + path, session, args.out) for run in range(args.runs)
                ]
                scores = {
                    category: int(statistics.median(run[category] for run in runs)) for category in runs[0]
                }
                print(f"{name:8} " + "  ".join(f"{category} {score}" for category, score in scores.items()))
                missed += [
                    f"{name} {category} {scores[category]} < {aim}"
                    for category, aim in AIMS.items()
                    if scores[category] < aim
                ]
        finally:
            server.terminate()
            server.wait()
    if missed:
        raise SystemExit("Below the aim: " + "; ".join(missed))


if __name__ == "__main__":
    main()
