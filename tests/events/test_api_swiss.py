"""A whole club night through the API: a 12-player, 4-round Swiss of Tablo. One table's match is
played hand by hand by the club member seated at it (through the ordinary hands and plays API), the
others are finished by quick summaries or by the director's result; then a corrected hand changes the
standings downstream."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.test_whole_matches import play_hand
from tests.events.helpers import Room, make_room
from tests.factories import api_client

pytestmark = pytest.mark.django_db

WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.json()
    return response.json()


def refused(response: Any, status: int, code: str) -> None:
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()


def summary_finish(client: APIClient, match: int, sides: list[dict[str, int]]) -> int:
    """Finish a target-1 match with one quick summary through the hands API; the winning side."""
    ok(client.post(f"/api/v1/matches/{match}/hands/", {"mode": "summary"}, format="json"), 201)
    body = ok(client.post(f"/api/v1/matches/{match}/hands/1/summary/", {"sides": sides}, format="json"), 201)
    assert body["match"]["status"] == "finished"
    return int(body["match"]["winner"])


def setup_event(room: Room, director: APIClient) -> int:
    body = {
        "name": "Tuesday Tablo",
        "game": "tablo",
        "options": {"target": 1},
        "format": "swiss",
        "rounds": 4,
        "season": None,
        "points": {"win": 3, "draw": 1, "loss": 0, "bye": 3},
        "tiebreaks": ["median_buchholz", "buchholz", "points_diff"],
        "seed": 2026,
    }
    event = ok(director.post(f"/api/v1/clubs/{room.club.pk}/events/", body, format="json"), 201)
    assert (event["format"], event["rounds"], event["options"]["target"]) == ("swiss", 4, 1)
    for player in [room.member_player, *room.guests]:
        entry = ok(
            director.post(f"/api/v1/events/{event['id']}/entries/", {"player": player.pk}, format="json"), 201
        )
        assert entry["player"] == player.pk
    return int(event["id"])


@pytest.mark.slow
def test_a_twelve_player_swiss_played_through_the_api() -> None:
    room = make_room(11)
    director, member = api_client(room.director), api_client(room.member)
    event = setup_event(room, director)
    rounds = f"/api/v1/events/{event}/rounds/"
    rng = random.Random(5)
    played_by_hand = None
    for number in range(1, 5):
        draft = ok(director.post(rounds, {"draft": True}, format="json"))
        published = ok(director.post(rounds, {"draft": False}, format="json"), 201)
        assert (draft["published"], published["published"], published["number"]) == (False, True, number)
        assert [t["players"] for t in draft["tables"]] == [t["players"] for t in published["tables"]]
        assert all(t["match"] is None for t in draft["tables"])
        assert (len(published["tables"]), published["byes"], published["rematches"]) == (6, [], [])
        assert all(t["why"] for t in published["tables"])
        refused(director.post(rounds, {"draft": True}, format="json"), 409, "event.round_open")
        for table in published["tables"]:
            match = table["match"]
            if room.member_player.pk in table["players"] and played_by_hand is None:
                shown = ok(member.get(f"/api/v1/matches/{match}/"))
                assert [seat["player"] for seat in shown["seats"]] == table["players"]
                play_hand(member, shown, 1, rng, challenge=False)  # the seated member records it
                played_by_hand = (number, table["number"])
            elif table["number"] % 2:
                summary_finish(director, match, WIN if table["number"] % 4 == 1 else WIN[::-1])
            else:
                url = f"{rounds}{number}/tables/{table['number']}/result/"
                result = ok(director.post(url, {"winner": 1}, format="json"))
                assert (result["result"]["kind"], result["result"]["by"]) == ("director", "director")
        shown = ok(director.get(f"{rounds}{number}/"))
        assert all(t["result"] is not None for t in shown["tables"])
    refused(director.post(rounds, {"draft": True}, format="json"), 409, "event.finished")
    assert played_by_hand is not None
    assert played_by_hand[0] == 1

    standings = ok(member.get(f"/api/v1/events/{event}/standings/"))["rows"]
    assert len(standings) == 12
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings)
    for row in standings:
        assert row["wins"] + row["draws"] + row["losses"] + row["byes"] == 4
        assert len(set(row["opponents"])) == 4  # no rematch in four rounds of twelve
        assert row["points"] == 3 * row["wins"] + row["draws"]
        assert set(row["tiebreaks"]) == {"median_buchholz", "buchholz", "points_diff"}
    points = {row["player"]: row["points"] for row in standings}
    for row in standings:
        assert row["tiebreaks"]["buchholz"] == sum(points[o] for o in row["opponents"])
    assert sum(row["wins"] for row in standings) == sum(row["losses"] for row in standings)
    assert sum(row["draws"] for row in standings) % 2 == 0


def test_correcting_a_finished_tables_hand_recomputes_the_standings() -> None:
    room = make_room(3)
    director = api_client(room.director)
    event = setup_event(room, director)
    rounds = f"/api/v1/events/{event}/rounds/"
    first = ok(director.post(rounds, {"draft": False}, format="json"), 201)
    winners = [summary_finish(director, table["match"], WIN) for table in first["tables"]]
    second = ok(director.post(rounds, {}, format="json"), 201)
    standings = f"/api/v1/events/{event}/standings/"
    before = {row["player"]: row for row in ok(director.get(standings))["rows"]}
    table = first["tables"][0]
    winner, loser = table["players"][winners[0]], table["players"][1 - winners[0]]
    assert (before[winner]["points"], before[loser]["points"]) == (3, 0)
    corrected = {"summary": WIN[::-1]}
    ok(director.post(f"/api/v1/matches/{table['match']}/hands/1/correct/", corrected, format="json"))
    after = {row["player"]: row for row in ok(director.get(standings))["rows"]}
    assert (after[winner]["points"], after[loser]["points"]) == (0, 3)
    # downstream: each one's Buchholz is the other's points, now swapped
    assert (before[winner]["tiebreaks"]["buchholz"], after[winner]["tiebreaks"]["buchholz"]) == (0, 3)
    assert (before[loser]["tiebreaks"]["buchholz"], after[loser]["tiebreaks"]["buchholz"]) == (3, 0)
    assert second["number"] == 2
