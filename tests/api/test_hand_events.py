"""The score's reasons in the API: a hand's state and the scoreboard's per-hand lines carry
the events (``play_index``, ``kind``, ``side``, ``points``) and the breakdown; old fields stay."""

from __future__ import annotations

import random

import pytest

from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.plays import hand_play_record
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db


def test_a_tablo_shows_in_the_hand_state_as_an_event_of_its_play() -> None:
    people = make_personas("tablo")
    hand = hand_start(match=people.match, dealer=0, table=["10D", "2C", "7S", "5H"])
    for seq, (seat, card, taken) in enumerate(
        [(1, "7H", ["7S"]), (0, "3S", []), (1, "10H", ["10D", "2C", "5H", "3S"])]
    ):
        hand_play_record(hand=hand, seat=seat, card=card, taken=taken, expected_seq=seq)
    state = api_client(people.member).get(f"/api/v1/matches/{people.match.pk}/hands/1/").json()["state"]
    assert state["events"] == [{"play_index": 2, "kind": "tablo", "side": 1, "points": 0}]  # per_five
    assert state["breakdown"] == []  # the hand is not over
    assert state["sides"][1]["sweeps"] == 1


def test_a_challenge_is_an_event_worth_its_points() -> None:
    people = make_personas("escoba", manual_capture=True)
    hand_start(match=people.match, dealer=0, table=["2C", "3D", "4H", "6S"])
    client = api_client(people.owner)
    url = f"/api/v1/matches/{people.match.pk}/hands/1/"
    body = {"seat": 1, "card": "6H", "taken": ["2C", "3D"], "expected_seq": 0}
    assert client.post(url + "plays/", body, format="json").status_code == 201
    challenge = {"seat": 0, "play_seq": 0, "expected_seq": 1}
    assert client.post(url + "challenges/", challenge, format="json").status_code == 201
    events = client.get(url).json()["state"]["events"]
    assert {"play_index": 0, "kind": "challenge", "side": 0, "points": 2} in events


def test_the_scoreboard_gives_each_hand_its_events_and_breakdown() -> None:
    people = make_personas("tablo")
    demo_hand_play(match=people.match, rng=random.Random(11))
    client = api_client(people.member)
    state = client.get(f"/api/v1/matches/{people.match.pk}/hands/1/").json()["state"]
    board = client.get(f"/api/v1/matches/{people.match.pk}/scoreboard/").json()
    (hand,) = board["hands"]
    assert hand["events"] == state["events"]
    assert hand["breakdown"] == state["breakdown"]
    keys = [row["key"] for row in hand["breakdown"]]
    assert keys[:5] == ["cards", "tablos", "point_cards", "card_bonus", "tablo_points"]
    assert keys[-1] == "total"
    for index, side in enumerate(board["sides"]):
        (line,) = side["hands"]
        assert {"number", "total", "cards", "sweeps", "points"} <= set(line)  # the old fields stay
        assert line["events"] == [event for event in state["events"] if event["side"] == index]
        cells = {cell["key"]: cell["value"] for cell in line["breakdown"]}
        assert cells["total"] == line["total"] == state["sides"][index]["total"]
        assert cells["point_cards"] == line["points"]["point_cards"]
        assert sum(event["kind"] == "tablo" for event in line["events"]) == line["sweeps"]


def test_breakdown_labels_follow_the_request_language() -> None:
    people = make_personas("tablo")
    counts = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    hand_summary_record(hand=hand_start(match=people.match, table=["2C", "3D", "4H", "5S"]), entries=counts)
    client = api_client(people.member)
    url = f"/api/v1/matches/{people.match.pk}/scoreboard/"
    english = client.get(url).json()["hands"][0]["breakdown"]
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").json()["hands"][0]["breakdown"]
    assert [row["key"] for row in english] == [row["key"] for row in russian]
    assert {row["key"]: row["label"] for row in english}["point_cards"] == "Point cards"
    assert {row["key"]: row["label"] for row in russian}["point_cards"] == "Очковые карты"
    assert [row["values"] for row in english] == [row["values"] for row in russian]
