"""The phone words its engine's answers offline exactly as the server words them (issue 25): refusals
with their cards, seats, sides, counts and game named, a summary's every problem, a breakdown's rows and
the live events, from the texts web/offline.py puts in the page, run through static/js/offline_words.js
in Node and compared with games.messages, games.breakdowns and web.breakdowns in several languages."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from games import breakdowns
from games.messages import problem_texts, violation_text
from games.rules.browser import answer
from games.rules.errors import RuleViolation, SummaryInconsistent
from games.rules.game import HandEvent, HandSetup, resolve_options
from games.rules.records import entry_json, entry_of, report_of, setup_json
from games.rules.registry import find_game
from tests.factories import MatchFactory, PlayerFactory
from tests.rules.playouts import game_hand
from web.breakdowns import event_text
from web.offline import offline_texts
from web.screens import who_of

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("node") is None, reason="needs Node"),
]
WORDS = Path(__file__).resolve().parents[2] / "static" / "js" / "offline_words.js"
RUN = """
const words = require(process.argv[1]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const t = input.texts;
process.stdout.write(JSON.stringify({
  refusals: input.refusals.map((error) => words.refusal(error, t)),
  problems: input.problems.map((error) => words.problems(error, t)),
  rows: input.rows.map((row) => words.row(row, t)),
  events: input.events.map((event) => words.event(event, input.names, t)),
}));
"""


def node(payload: dict[str, Any]) -> Any:  # Any: the script's decoded JSON
    done = subprocess.run(
        ["node", "-e", RUN, str(WORDS)], input=json.dumps(payload), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def call(name: str, **payload: object) -> Any:  # Any: the call's decoded JSON
    return json.loads(answer(name, json.dumps(payload)))


def refused_plays(
    game: str, options: dict[str, object], players: int
) -> list[tuple[dict[str, Any], RuleViolation]]:
    """Illegal captures, wrong seats and cards not in the deck, as the phone's engine and the server's
    engine refuse them."""
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
            answered = call(
                "play",
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


@pytest.mark.parametrize("language", ["en", "ru", "sr"])
@pytest.mark.parametrize(("game", "options"), [("tablo", {}), ("escoba", {}), ("tamlin", {})])
def test_refusals_and_problems_read_as_the_servers(
    language: str, game: str, options: dict[str, object]
) -> None:
    match = MatchFactory.create(
        game=game, players=[PlayerFactory.create(name="Marija"), PlayerFactory.create(name="Dragan")]
    )
    refusals = refused_plays(game, options, 2)
    codes = {violation.code for _, violation in refusals}
    assert {"capture.illegal", "turn.wrong_seat"} <= codes
    bad = [{"cards": 60, "point_cards": 14, "tablos": 1}, {"cards": 24, "point_cards": 8}]
    setup = setup_json(HandSetup(players=2))
    summary = call("summary", game="tablo", options={}, setup=setup, entries=bad)["error"]
    with translation.override(language):
        who = who_of(match)  # the names in the reader's script, as the phone gets them
        with pytest.raises(SummaryInconsistent) as raised:
            find_game("tablo").score_summary(HandSetup(players=2), bad, {})
        phone = node(
            {
                "texts": offline_texts(match),
                "refusals": [e for e, _ in refusals],
                "problems": [summary],
                "rows": [],
                "events": [],
                "names": [],
            }
        )
        assert phone["refusals"] == [violation_text(violation, who) for _, violation in refusals]
        assert phone["problems"] == [problem_texts(raised.value, who)]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize(
    ("game", "options", "players"),
    [("tablo", {}, 3), ("escoba", {"muerto": True}, 2), ("tamlin", {}, 2), ("twenty", {}, 2)],
)
def test_breakdown_rows_and_live_events_read_as_the_servers(
    language: str, game: str, options: dict[str, object], players: int
) -> None:
    match = MatchFactory.create(game=game, players=players, options=options)
    resolved = resolve_options(find_game(game), options)
    rows, events, expected_rows, expected_events = [], [], [], []
    names = ["Ana", "Bo", "Cveta"][:players]
    for seed in range(2):
        setup, log = game_hand(game, resolved, players, random.Random(seed).randrange)
        state = call(
            "hand", game=game, options=resolved, setup=setup_json(setup), log=[entry_json(e) for e in log]
        )
        report = report_of(state["report"])
        rows += state["rows"]
        events += state["report"]["events"]
        expected_events += [HandEvent(**event) for event in state["report"]["events"]]
        expected_rows.append(report)
    with translation.override(language):
        phone = node(
            {
                "texts": offline_texts(match),
                "refusals": [],
                "problems": [],
                "rows": rows,
                "events": events,
                "names": names,
            }
        )
        server = [
            row for report in expected_rows for row in breakdowns.hand_breakdown(game, resolved, report)
        ]
        assert phone["rows"] == server
        assert phone["events"] == [event_text(event, names, game) for event in expected_events]
