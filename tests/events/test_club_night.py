"""A whole club night through the API, as a director and a table of guests see it (docs/events.md): an
8-player Swiss, a guests' table recording its own match by its code, a correction after the next round
was paired (the round goes stale, the changed table says before and after), a director's result set and
withdrawn, the stale round repaired keeping its played table, then the night played out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from games.events.services import entry_add
from games.matches.services.hands import hand_correct
from games.models import Hand
from tests.events.helpers import make_room, swiss
from tests.factories import api_client

pytestmark = pytest.mark.django_db

WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
LOSS = list(reversed(WIN))


@pytest.fixture(autouse=True)
def _fresh_counts() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def _finish(client: Any, match: int, sides: list[dict[str, int]] = WIN) -> None:
    assert (
        client.post(f"/api/v1/matches/{match}/hands/", {"mode": "summary"}, format="json").status_code == 201
    )
    response = client.post(f"/api/v1/matches/{match}/hands/1/summary/", {"sides": sides}, format="json")
    assert response.status_code == 201, response.json()


@pytest.mark.slow
def test_a_club_night_with_a_guests_table_a_correction_an_override_and_a_repair() -> None:
    room = make_room(7)
    event = swiss(room, rounds=3, options={"target": 1})
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    director = api_client(room.director)
    base = f"/api/v1/events/{event.pk}"

    # Round 1: four tables, each with its code for the director; a table of guests takes theirs.
    first = director.post(f"{base}/rounds/", {}, format="json")
    assert first.status_code == 201, first.json()
    tables = director.get(f"{base}/rounds/1/").json()["tables"]
    assert len(tables) == 4
    assert all(len(table["code"]) == 8 for table in tables)
    assert "code" not in api_client(room.member).get(f"{base}/rounds/1/").json()["tables"][0]
    opened = APIClient().post(f"/api/v1/tables/{tables[0]['code'].lower()}/session/")
    assert opened.status_code == 201
    guests = APIClient()
    guests.credentials(HTTP_AUTHORIZATION=f"Token {opened.json()['token']}")
    _finish(guests, opened.json()["match"])  # the guests' phone records its own table
    assert guests.get(f"/api/v1/matches/{tables[1]['match']}/").status_code == 404  # and nothing else
    for table in tables[1:]:
        _finish(director, table["match"])
    assert all(table["result"] for table in director.get(f"{base}/rounds/1/").json()["tables"])

    # Round 2 is paired; then a round-1 table's hand is corrected: its winner changes.
    assert director.post(f"{base}/rounds/", {}, format="json").status_code == 201
    corrected = tables[2]
    hand = Hand.objects.get(match_id=corrected["match"], number=1)
    hand_correct(hand=hand, summary=LOSS, by=room.director)
    round_1 = director.get(f"{base}/rounds/1/").json()
    changed = next(table for table in round_1["tables"] if table["number"] == corrected["number"])
    assert changed["result_changed"]["before"]["places"] == [0, 1]
    assert changed["result_changed"]["after"]["places"] == [1, 0]
    round_2 = director.get(f"{base}/rounds/2/").json()
    assert round_2["stale"] is True

    # A director's result on a round-2 table, then withdrawn: the table's result is its match's again.
    played, *unplayed = round_2["tables"]
    url = f"{base}/rounds/2/tables/{unplayed[0]['number']}/result/"
    assert director.post(url, {"winner": 1}, format="json").json()["result"]["places"] == [1, 0]
    assert director.delete(url).json()["result"] is None  # its match is not finished: no result
    _finish(director, played["match"])  # one table of round 2 plays on

    # The stale round is repaired: the played table kept, and the one a director's result touched (a
    # table once given a result stays as it is), the others paired again on today's standings.
    repaired = director.post(f"{base}/rounds/2/repair/")
    assert repaired.status_code == 200, repaired.json()
    kept = sorted([played["number"], unplayed[0]["number"]])
    assert repaired.json()["kept"] == kept
    round_2 = director.get(f"{base}/rounds/2/").json()
    assert round_2["stale"] is False
    again = [table for table in round_2["tables"] if table["number"] not in kept]
    assert {table["match"] for table in again}.isdisjoint({table["match"] for table in unplayed[1:]})
    assert all(len(table["code"]) == 8 for table in again)

    # The night plays out: round 2's tables, round 3, and the standings count every result.
    for table in [unplayed[0], *again]:
        _finish(director, table["match"])
    assert director.post(f"{base}/rounds/", {}, format="json").status_code == 201
    for table in director.get(f"{base}/rounds/3/").json()["tables"]:
        _finish(director, table["match"])
    standings = director.get(f"{base}/standings/").json()
    assert standings["count"] == 8
    assert sum(row["points"] for row in standings["rows"]) == 4 * 3 * 3  # 4 wins a round, 3 points each
    assert (
        APIClient().post(f"/api/v1/tables/{tables[0]['code']}/session/").json()["code"]
        == "table.code_expired"
    )
