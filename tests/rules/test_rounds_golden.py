"""Golden Maltese Twenty rounds (``tests/rules/rounds/*.json``), replayed to their awards and totals.

Each file holds a round as ``POST /api/v1/rules/twenty/rounds/replay/`` takes it (``request``) and its
answer (``response``). The cards were dealt from a shuffled pack and played by a naive greedy player
(an exact 20 when it can, else a card that stays under 20); the awards were then counted by hand from
docs/rules/twenty.md, card by card (``count``: the tally after each card), never by the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules.cards import parse_cards
from games.rules.twenty import replay_round
from games.rules.twenty_round import parse_plays

ROUNDS = sorted((Path(__file__).parent / "rounds").glob("*.json"))


@pytest.mark.parametrize("path", [pytest.param(path, id=path.stem) for path in ROUNDS])
def test_golden_round_replays_to_its_hand_count(path: Path) -> None:
    golden = json.loads(path.read_text())
    request = golden["request"]
    report = replay_round(
        starter=request["starter"],
        bonus_cards=parse_cards(request["bonus_cards"]),
        plays=parse_plays((play["seat"], play["card"]) for play in request["plays"]),
        options=request["options"],
        number=request["round"],
    )
    assert report.as_dict() == golden["response"]


def test_there_is_a_golden_twenty_round() -> None:
    assert [json.loads(path.read_text())["game"] for path in ROUNDS] == ["twenty"]
