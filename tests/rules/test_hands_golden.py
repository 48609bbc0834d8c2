"""Golden Tablo hands (``tests/rules/hands/tablo-*.json``): whole hands and their score sheets.

Each file holds a hand as the replay API takes it (``request``, with ``tablos_before`` from earlier
hands of the match) and the score sheet it gives (``response``). The hands were dealt and played at
random by a separate naive simulator (brute-force capture legality over every subset, the table and
piles kept by hand, B10 leftovers, B3/B9/B11 scoring written out again), which also wrote the sheets:
the engine never produced them. ``rules`` lists what each hand exercises.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.rules.cards import Card, parse_cards
from games.rules.game import HandReport, HandSetup, LogEntry
from games.rules.registry import find_game

HANDS = sorted((Path(__file__).parent / "hands").glob("tablo-*.json"))


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
    }


@pytest.mark.parametrize("path", [pytest.param(path, id=path.stem) for path in HANDS])
def test_golden_tablo_hand_replays_to_its_score_sheet(path: Path) -> None:
    hand = json.loads(path.read_text())
    request = hand["request"]
    setup = HandSetup(
        players=request["players"],
        teams=request["teams"],
        dealer=request["dealer"],
        table=parse_cards(request["table"]),
        sweeps_before=tuple(request["tablos_before"]),
    )
    log = [
        LogEntry(seat=entry["seat"], card=Card.parse(entry["card"]), taken=parse_cards(entry["taken"]))
        for entry in request["plays"]
    ]
    report = find_game(hand["game"]).replay_hand(setup, log, request["options"])
    assert sheet(report) == hand["response"]


def test_golden_hands_cover_every_table_size_and_pairs() -> None:
    requests = [json.loads(path.read_text())["request"] for path in HANDS]
    assert {(request["players"], request["teams"]) for request in requests} >= {
        (2, False),
        (3, False),
        (4, True),
    }
