"""GET /api/v1/matches/{id}/scoreboard/: per side total, per-hand lines, tablo tally marks, progress to the
target, leader; finished and winner (docs/rules/tablo.md B9, B11, B12)."""

from __future__ import annotations

import pytest

from games.matches.services.hands import hand_start, hand_summary_record
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db
TABLE = ["2C", "3D", "4H", "5S"]


def _hand(match: object, entries: list[dict[str, int]]) -> None:
    hand_summary_record(hand=hand_start(match=match, table=TABLE), entries=entries)  # type: ignore[arg-type]


def test_the_scoreboard_adds_up_the_hands_and_shows_the_tally() -> None:
    people = make_personas("tablo", target=40)
    _hand(
        people.match,
        [{"cards": 30, "point_cards": 12, "tablos": 5}, {"cards": 22, "point_cards": 10, "tablos": 1}],
    )
    _hand(
        people.match,
        [{"cards": 20, "point_cards": 8, "tablos": 1}, {"cards": 32, "point_cards": 14, "tablos": 0}],
    )
    board = api_client(people.member).get(f"/api/v1/matches/{people.match.pk}/scoreboard/").json()
    first, second = board["sides"]
    # hand 1: 12 + 3 (30 cards) + 1 (the 5th tablo); hand 2: 8 + 0; side 1: 10 + 0, then 14 + 3
    assert [line["total"] for line in first["hands"]] == [16, 8]
    assert [line["total"] for line in second["hands"]] == [10, 17]
    assert (first["total"], second["total"]) == (24, 27)
    assert first["points"] == {"point_cards": 20, "card_bonus": 3, "tablo_points": 1}
    assert (first["sweeps"], first["extra"]["marks"]) == (6, {"fives": 1, "ones": 1})  # B9: tally strokes
    assert (second["to_target"], second["progress_pct"]) == (13, 67)
    assert (board["leader"], second["leader"], first["leader"]) == (1, True, False)
    assert (board["finished"], board["winner"], board["hands_closed"]) == (False, None, 2)
    assert second["players"] == ["Bo"]


def test_the_scoreboard_names_the_winner_once_the_target_is_reached() -> None:
    people = make_personas("tablo", target=20)
    _hand(
        people.match,
        [{"cards": 30, "point_cards": 20, "tablos": 0}, {"cards": 22, "point_cards": 2, "tablos": 0}],
    )
    board = api_client(people.owner).get(f"/api/v1/matches/{people.match.pk}/scoreboard/").json()
    assert (board["status"], board["finished"], board["winner"]) == ("finished", True, 0)
    assert board["sides"][0]["progress_pct"] == 100
