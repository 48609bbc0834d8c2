"""The rules reference's readings through the services and the records API: the deal passes the way
Tablo's play goes, each Twenty round has its own starter, a Twenty draw counts as a draw in the standings,
and the data migration keeps stored matches on the rules they were played under (docs/rules/shared.md A4,
A5)."""

from __future__ import annotations

import importlib
import random

import pytest
from django.apps import apps

from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_start, hand_summary_record
from games.models import Match
from games.rules.errors import WrongRoundStarter
from games.stats.selectors import standings_for
from tests.factories import ClubFactory, MatchFactory, PlayerFactory, UserFactory, api_client, make_personas

pytestmark = pytest.mark.django_db
BONUS = ["7D", "3C"]
NOTHING = [{"points": 0}, {"points": 0}]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "dealers"),
    [
        pytest.param({}, [0, 1, 2], id="A4-clockwise-passes-left"),
        pytest.param({"direction": "counterclockwise"}, [0, 2, 1], id="B7-counterclockwise-passes-right"),
        pytest.param({"direction": "counterclockwise", "edition": 1}, [0, 1, 2], id="edition-1-passed-left"),
    ],
)
def test_the_deal_passes_the_way_tablo_is_played(options: dict[str, object], dealers: list[int]) -> None:
    match = MatchFactory.create(game="tablo", players=3, options=options)
    rng = random.Random(5)
    assert [demo_hand_play(match=match, rng=rng).dealer for _ in range(3)] == dealers


def test_round_2_of_twenty_started_by_seat_0_is_refused_and_nothing_written() -> None:
    match = MatchFactory.create(game="twenty")
    hand_summary_record(hand=hand_start(match=match, starter=0, set_aside=BONUS), entries=NOTHING)
    with pytest.raises(WrongRoundStarter):
        hand_start(match=match, starter=0, set_aside=BONUS)
    assert match.hands.count() == 1
    assert hand_start(match=match, starter=1, set_aside=BONUS).number == 2


def test_round_1_started_by_seat_1_is_refused_through_the_api() -> None:
    people = make_personas("twenty")
    response = api_client(people.owner).post(
        f"/api/v1/matches/{people.match.pk}/hands/", {"starter": 1, "set_aside": BONUS}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "twenty.wrong_round_starter")
    assert response.json()["details"] == {"round": 1, "seat": 0, "starter": 1}
    assert not people.match.hands.exists()


@pytest.mark.parametrize(
    ("edition", "draw", "drawn"),
    [
        pytest.param(2, True, 1, id="A5-equal-totals-are-a-draw"),
        pytest.param(1, False, 0, id="edition-1-nobody"),
    ],
)
def test_a_twenty_draw_counts_as_a_draw_in_the_standings(edition: int, draw: bool, drawn: int) -> None:
    club = ClubFactory.create()
    ana, bo = PlayerFactory.create_batch(2)
    options = {"winner": "over_twenty", "edition": edition}
    match = MatchFactory.create(
        game="twenty", players=[ana, bo], club=club, options=options, created_by=club.created_by
    )
    for starter in (0, 1):
        hand_summary_record(hand=hand_start(match=match, starter=starter, set_aside=BONUS), entries=NOTHING)
    match.refresh_from_db()
    assert (match.status, match.winner, match.draw) == (Match.Status.FINISHED, None, draw)
    rows = {row.player_id: row for row in standings_for(club_id=club.pk).rows}
    assert [(rows[player.pk].drawn, rows[player.pk].lost) for player in (ana, bo)] == [(drawn, 1 - drawn)] * 2


def test_the_migration_marks_every_stored_match_as_edition_1() -> None:
    migration = importlib.import_module("games.migrations.0005_rules_edition")
    old = MatchFactory.create(game="tablo")
    Match.objects.filter(pk=old.pk).update(options={"leftovers": "last_card", "target": 100})
    new = MatchFactory.create(game="escoba")
    assert new.options["edition"] == 2  # new matches store the current edition with their options
    migration.mark_edition_1(apps, None)
    old.refresh_from_db()
    new.refresh_from_db()
    assert old.options == {"leftovers": "last_card", "target": 100, "edition": 1}
    assert new.options["edition"] == 2
    migration.unmark_edition_1(apps, None)
    old.refresh_from_db()
    assert old.options == {"leftovers": "last_card", "target": 100}


def test_a_match_started_with_the_catalogues_null_default_keeps_no_time_limit() -> None:
    user = UserFactory.create()
    client = api_client(user)
    seats = [player.pk for player in PlayerFactory.create_batch(2, created_by=user)]
    body = {"game": "tamlin", "players": seats, "options": {"time_limit_minutes": None}}
    response = client.post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    assert (response.json()["time_limit_minutes"], response.json()["options"]["edition"]) == (None, 2)
