"""Golden hands (``tests/rules/hands/*.json``): whole hands of every capture game and their score sheets.

Each file holds a hand as the replay API takes it (``request``; Tablo's with ``tablos_before`` from
earlier hands of the match, Escoba's with challenges and set-aside cards) and the score sheet it gives
(``response``). The hands were dealt and played at random by separate naive simulators (brute-force
capture legality over every subset, the table and piles kept by hand, the scoring written out again),
which also wrote or checked the sheets: the engine never produced them. ``rules`` lists what each hand
exercises.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.rules.capture.capturing import CAPTURE_GAMES
from games.rules.cards import Card, parse_cards
from games.rules.game import HandReport, HandSetup, LogEntry
from games.rules.registry import find_game

HANDS = sorted((Path(__file__).parent / "hands").glob("*.json"))


def log_entry(entry: dict[str, Any]) -> LogEntry:
    if "challenge" in entry:
        return LogEntry(seat=entry["challenge"]["by"], challenge_of=entry["challenge"]["play_index"])
    return LogEntry(seat=entry["seat"], card=Card.parse(entry["card"]), taken=parse_cards(entry["taken"]))


def sheet(report: HandReport) -> dict[str, Any]:
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
        "rulings": report.extra.get("rulings", []),
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
        set_aside=parse_cards(request.get("set_aside", [])),
        sweeps_before=tuple(request.get("tablos_before", [])),
    )
    report = find_game(hand["game"]).replay_hand(
        setup, [log_entry(e) for e in request["plays"]], request["options"]
    )
    produced = sheet(report)
    assert {key: produced[key] for key in hand["response"]} == hand["response"]


def test_golden_hands_cover_every_capture_game() -> None:
    assert {path.name.split("-")[0] for path in HANDS} == set(CAPTURE_GAMES)
