"""The phone words its engine's answers offline exactly as the server words them (issues 25 and 36):
refusals with their cards, seats, sides, counts and game named, a summary's every problem, a breakdown's
rows and the live events. The phone's words are the built engine's (static/engine/, the .pyc the phone
runs, ``games.rules.wording``) in Pyodide under Node, asked as the phone asks it: each call with the texts
web/offline.py puts in the page; the server's are games.messages, games.breakdowns and web.breakdowns,
in several languages."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation

from games import breakdowns
from games.messages import problem_texts, violation_text
from games.rules.errors import RuleViolation, SummaryInconsistent
from games.rules.game import HandEvent, HandSetup, resolve_options
from games.rules.records import entry_json, entry_of, report_of, setup_json
from games.rules.registry import GAMES, find_game
from tests.conftest import IN_CI
from tests.factories import MatchFactory, PlayerFactory
from tests.rules.playouts import game_hand
from web.breakdowns import event_text
from web.offline import offline_texts
from web.screens import who_of

pytestmark = pytest.mark.django_db
BASE = Path(settings.BASE_DIR)


class Phone:
    """The built engine in Pyodide under Node (scripts/engine_web/answer.mjs), one process for the module."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            ["node", str(BASE / "scripts" / "engine_web" / "answer.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.started = self._line()

    def _line(self) -> Any:  # Any: decoded JSON
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the engine under Node stopped"
        return json.loads(line)

    def call(self, name: str, texts: dict[str, Any], **payload: object) -> Any:  # Any: decoded JSON
        """The engine's answer to ``name`` with ``payload``, worded with ``texts`` (as engine.js asks)."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps([name, payload, json.dumps(texts)]) + "\n")
        self.process.stdin.flush()
        return self._line()


@pytest.fixture(scope="module")
def phone() -> Iterator[Phone]:
    if shutil.which("node") is None or not (BASE / "static" / "engine" / "manifest.json").exists():
        if IN_CI:
            pytest.fail("needs Node and static/engine/ (make engine-web)")
        pytest.skip("needs Node and static/engine/ (make engine-web)")
    started = Phone()
    # The wording the phone runs is the built engine's, as sourceless .pyc
    assert started.started["wording"].endswith("games/rules/wording.pyc")
    yield started
    started.process.kill()
    started.process.wait()


def refused_plays(
    phone: Phone, texts: dict[str, Any], game: str, options: dict[str, object], players: int
) -> list[tuple[dict[str, Any], RuleViolation]]:
    """Illegal captures, wrong seats and cards not in the deck, as the phone's engine refuses them (its
    error, worded) and the server's engine (its violation)."""
    resolved = resolve_options(find_game(game), options)
    setup, log = game_hand(game, resolved, players, random.Random(3).randrange)
    found: list[tuple[dict[str, Any], RuleViolation]] = []
    for number, entry in enumerate(log[:8]):
        before = find_game(game).replay_hand(setup, log[:number], resolved)
        card = str(entry.card)
        tries = [{"seat": entry.seat, "card": card, "taken": [str(each)]} for each in before.table[:3]]
        tries += [{"seat": (entry.seat + 1) % players, "card": card, "taken": []}]
        tries += [{"seat": entry.seat, "card": "KD" if game == "escoba" else "ZZ", "taken": []}]
        for play in tries:
            answered = phone.call(
                "play",
                texts,
                game=game,
                options=resolved,
                setup=setup_json(setup),
                log=[entry_json(e) for e in log[:number]],
                play=play,
            )
            if answered.get("accepted") is not False:
                continue
            try:
                find_game(game).replay_hand(setup, [*log[:number], entry_of(play)], resolved)
            except RuleViolation as violation:
                found.append((answered["error"], violation))
    return found


CAPTURING = [name for name, game in sorted(GAMES.items()) if game.captures is not None]
"""Every registered game whose plays take cards: its refusals are worded."""
TABLES: list[tuple[str, dict[str, object], int]] = [
    *((name, {}, min(game.players)) for name, game in sorted(GAMES.items())),
    ("tablo", {}, 3),
    ("escoba", {"muerto": True}, 2),
]
"""Each registered game's default table, and two variants whose rows and events read otherwise."""


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "ru", "sr"])
@pytest.mark.parametrize("game", CAPTURING)
def test_refusals_and_problems_read_as_the_servers(phone: Phone, language: str, game: str) -> None:
    match = MatchFactory.create(
        game=game, players=[PlayerFactory.create(name="Marija"), PlayerFactory.create(name="Dragan")]
    )
    bad = [{"cards": 60, "point_cards": 14, "tablos": 1}, {"cards": 24, "point_cards": 8}]
    with translation.override(language):
        texts, who = offline_texts(match), who_of(match)  # the names in the reader's script, as the phone's
        refusals = refused_plays(phone, texts, game, {}, 2)
        summary = phone.call(
            "summary", texts, game="tablo", options={}, setup=setup_json(HandSetup(players=2)), entries=bad
        )["error"]
        with pytest.raises(SummaryInconsistent) as raised:
            find_game("tablo").score_summary(HandSetup(players=2), bad, {})
        assert {"capture.illegal", "turn.wrong_seat"} <= {violation.code for _, violation in refusals}
        assert [error["text"] for error, _ in refusals] == [violation_text(v, who) for _, v in refusals]
        assert summary["text"] == violation_text(raised.value, who)
        assert [problem["text"] for problem in summary["problems"]] == problem_texts(raised.value, who)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize(("game", "options", "players"), TABLES)
def test_breakdown_rows_and_live_events_read_as_the_servers(
    phone: Phone, language: str, game: str, options: dict[str, object], players: int
) -> None:
    names = ["Ana", "Bo", "Cveta"][:players]
    match = MatchFactory.create(
        game=game, players=[PlayerFactory.create(name=name) for name in names], options=options
    )
    resolved = resolve_options(find_game(game), options)
    with translation.override(language):
        texts = offline_texts(match)
        for seed in range(2):
            setup, log = game_hand(game, resolved, players, random.Random(seed).randrange)
            state = phone.call(
                "hand",
                texts,
                game=game,
                options=resolved,
                setup=setup_json(setup),
                log=[entry_json(e) for e in log],
            )
            events = state["report"]["events"]
            server = breakdowns.hand_breakdown(game, resolved, report_of(state["report"]))
            assert [row["worded"] for row in state["rows"]] == server
            assert [event["text"] for event in events] == [
                event_text(HandEvent(**{k: v for k, v in event.items() if k != "text"}), names, game)
                for event in events
            ]
