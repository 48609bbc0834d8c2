"""Golden Escoba and Tamlin hands (``tests/rules/hands/escoba-*.json``, ``tamlin-*.json``).

Each file holds a whole hand as the replay API takes it (``request``) and the score sheet it gives
(``response``). The hands were dealt and played at random, then every expected sheet was checked
against a separate naive simulator (table, piles, brute-force legality, items, muerto, rulings).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.rules.cards import Card, parse_cards
from games.rules.game import HandReport, HandSetup, LogEntry
from games.rules.registry import find_game

HANDS = sorted(
    path
    for pattern in ("escoba-*.json", "tamlin-*.json")
    for path in (Path(__file__).parent / "hands").glob(pattern)
)


def log_entry(entry: dict[str, Any]) -> LogEntry:
    if "challenge" in entry:
        return LogEntry(seat=entry["challenge"]["by"], challenge_of=entry["challenge"]["play_index"])
    return LogEntry(seat=entry["seat"], card=Card.parse(entry["card"]), taken=parse_cards(entry["taken"]))


def sheet(report: HandReport) -> dict[str, Any]:
    rulings = report.extra.get("rulings", [])
    assert isinstance(rulings, list)
    return {
        "complete": report.complete,
        "table": [str(card) for card in report.table],
        "next_seat": report.next_seat,
        "sides": [
            {
                "seats": list(side.seats),
                "cards": side.cards,
                "sweeps": side.sweeps,
                "points": dict(side.points),
                "total": side.total,
            }
            for side in report.sides
        ],
        "leftovers": {"cards": [str(card) for card in report.leftovers], "side": report.leftover_side},
        "rulings": rulings,
    }


@pytest.mark.parametrize("path", [pytest.param(path, id=path.stem) for path in HANDS])
def test_golden_hand_replays_to_its_score_sheet(path: Path) -> None:
    hand = json.loads(path.read_text())
    request = hand["request"]
    setup = HandSetup(
        players=request["players"],
        teams=request["teams"],
        dealer=request["dealer"],
        table=parse_cards(request["table"]),
        set_aside=parse_cards(request["set_aside"]),
    )
    game = find_game(hand["game"])
    report = game.replay_hand(setup, [log_entry(entry) for entry in request["plays"]], request["options"])
    assert sheet(report) == hand["response"]


def test_golden_hands_cover_both_games() -> None:
    assert {path.name.split("-")[0] for path in HANDS} == {"escoba", "tamlin"}
