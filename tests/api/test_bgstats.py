"""GET /api/v1/matches/{id}/export/bgstats/ and /api/v1/players/{id}/export/bgstats/: finished matches
as Board Game Stats' "push plays" JSON, checked against the published format (bgstats_play.schema.json);
and the finished screen's button, which opens BG Stats' import with the match filled in."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import jsonschema
import pytest
from django.test import Client

from games.models import Match
from tests.factories import Personas, PlayerFactory, api_client, make_personas
from tests.stats.matches import tamlin_match

pytestmark = pytest.mark.django_db

SCHEMA = json.loads((Path(__file__).parent / "bgstats_play.schema.json").read_text())


@pytest.fixture
def people() -> Personas:
    return make_personas()


@pytest.fixture
def finished(people: Personas) -> Match:
    ana, bo = PlayerFactory.create(name="Ana", created_by=people.owner), PlayerFactory.create(name="Bo")
    return tamlin_match(people.club, [ana, bo], winner=1, by=people.owner)


def test_a_finished_match_is_one_play_in_the_published_format(people: Personas, finished: Match) -> None:
    response = api_client(people.member).get(f"/api/v1/matches/{finished.pk}/export/bgstats/")
    assert response.status_code == 200, response.json()
    play = response.json()
    jsonschema.validate(play, SCHEMA)
    assert play["game"] == {
        "name": "Tamlin",
        "sourceGameId": "tamlin",
        "highestWins": True,
        "noPoints": False,
    }
    assert (play["location"], play["sourcePlayId"], play["comments"]) == (
        people.club.name,
        str(finished.pk),
        "1 hand",
    )
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ana", finished.totals[0], 2, False),
        ("Bo", finished.totals[1], 1, True),
    ]


def test_a_match_in_progress_is_409_and_an_outsider_404(people: Personas, finished: Match) -> None:
    going = api_client(people.owner).get(f"/api/v1/matches/{people.match.pk}/export/bgstats/")
    assert (going.status_code, going.json()["code"]) == (409, "match.not_finished")
    assert "finished" in going.json()["message"]
    hidden = api_client(people.outsider).get(f"/api/v1/matches/{finished.pk}/export/bgstats/")
    assert hidden.status_code == 404


def test_a_players_history_holds_only_the_finished_matches_the_reader_may_read(people: Personas) -> None:
    ana = PlayerFactory.create(name="Ana", created_by=people.owner)
    first = tamlin_match(people.club, [ana, PlayerFactory.create(name="Bo")], by=people.owner)
    second = tamlin_match(people.club, [PlayerFactory.create(name="Cy"), ana], winner=1, by=people.owner)
    response = api_client(people.owner).get(f"/api/v1/players/{ana.pk}/export/bgstats/")
    assert response.status_code == 200
    plays = response.json()
    for play in plays:
        jsonschema.validate(play, SCHEMA)
    assert [play["sourcePlayId"] for play in plays] == [str(first.pk), str(second.pk)]
    assert all(any(p["name"] == "Ana" and p["winner"] for p in play["players"]) for play in plays)
    assert api_client(people.outsider).get(f"/api/v1/players/{ana.pk}/export/bgstats/").status_code == 404


def test_tied_sides_share_a_rank_and_neither_wins(people: Personas, finished: Match) -> None:
    Match.objects.filter(pk=finished.pk).update(totals=[7, 7], winner=None, draw=True)
    play = api_client(people.owner).get(f"/api/v1/matches/{finished.pk}/export/bgstats/").json()
    assert [(p["rank"], p["winner"]) for p in play["players"]] == [(1, False), (1, False)]


def test_the_finished_screen_sends_the_match_to_bg_stats(people: Personas, finished: Match) -> None:
    client = Client()
    client.force_login(people.owner)
    page = client.get(f"/matches/{finished.pk}/").content.decode()
    assert f'href="/matches/{finished.pk}/bgstats/"' in page
    response = client.get(f"/matches/{finished.pk}/bgstats/")
    assert response.status_code == 302
    address, data = response["Location"].split("?data=")
    assert address == "https://app.bgstatsapp.com/createPlay.html"
    jsonschema.validate(json.loads(unquote(data)), SCHEMA)
    assert client.get(f"/matches/{people.match.pk}/bgstats/").status_code == 404
