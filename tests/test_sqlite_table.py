"""A laptop serves a table (README.md, make run): on the embedded SQLite database, four phones writing
at once never get "database is locked". Four threads (a request each, as runserver's threads are) play
whole hands of their own matches at once through the services, on a migrated SQLite file, in a process
of its own with the default settings; every write must succeed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.startup  # starts the project in a new process, on its own SQLite file

ROOT = Path(__file__).resolve().parents[1]
PHONES = 4
WRITERS = f"""
import random, threading, traceback
from django.contrib.auth.models import User
from django.db import connection
from games.people.services.players import player_create
from games.matches.services.demo import demo_hand_play
from games.matches.services.matches import match_start

owner = User.objects.create_user("laptop")
failures, plays = [], []

def phone(number):
    try:
        rng = random.Random(number)
        players = [player_create(name=f"P{{number}}-{{seat}}", by=owner) for seat in range(2)]
        match = match_start(game="tablo", players=players, by=owner)
        for _ in range(2):
            plays.append(demo_hand_play(match=match, rng=rng).plays.count())
    except Exception:
        failures.append(traceback.format_exc(limit=3))
    finally:
        connection.close()

threads = [threading.Thread(target=phone, args=(n,)) for n in range({PHONES})]
for thread in threads: thread.start()
for thread in threads: thread.join()
print("written", len(failures), sum(plays))
print("\\n".join(failures[:1]))
"""


def test_four_phones_writing_at_once_on_sqlite_all_succeed(tmp_path: Path) -> None:
    env = {
        **{key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL"}},
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DEBUG": "true",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    run = subprocess.run(
        [*manage, "shell", "-c", WRITERS], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    line = next(line for line in run.stdout.splitlines() if line.startswith("written "))
    failed, plays = map(int, line.split()[1:])
    assert failed == 0, run.stdout
    assert plays >= PHONES * 2 * 40  # every hand played out (a Tablo hand has 48 cards less the table's)
