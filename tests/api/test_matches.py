"""/api/v1/matches/: start (checked by the engine), list (filtered, paginated, bounded queries), detail."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import override_settings

from games.matches.services.matches import match_abandon
from games.models import Match, Player
from tests.factories import (
    ClubFactory,
    MatchFactory,
    Personas,
    PlayerFactory,
    SeasonFactory,
    api_client,
    make_personas,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> Personas:
    return make_personas()


def test_starting_a_match_returns_it_with_every_option(people: Personas) -> None:
    players = PlayerFactory.create_batch(4, created_by=people.owner)
    body = {"game": "escoba", "players": [p.pk for p in players], "teams": True, "options": {"target": 21}}
    response = api_client(people.owner).post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201
    match = response.json()
    assert (match["game"], match["status"], match["teams"], match["target"]) == (
        "escoba",
        "in_progress",
        True,
        21,
    )
    assert match["options"]["capture"] == "pair"  # the default filled in (docs/rules/shared.md A2)
    assert match["sides"] == [[0, 2], [1, 3]]  # docs/rules/shared.md A4
    assert [seat["player"] for seat in match["seats"]] == [p.pk for p in players]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        pytest.param({"game": "tablo", "options": {"jokers": 1}}, "options.unknown", id="A2-unknown-option"),
        pytest.param(
            {"game": "tablo", "options": {"direction": "up"}}, "options.bad_value", id="A2-bad-value"
        ),
        pytest.param({"game": "twenty", "players": 3}, "players.bad_count", id="W1-two-players"),
        pytest.param({"game": "chess"}, "request.invalid", id="unknown-game"),
    ],
)
def test_a_bad_start_is_400_and_nothing_is_written(people: Personas, body: dict[str, Any], code: str) -> None:
    before = Match.objects.count()
    players = [p.pk for p in PlayerFactory.create_batch(body.pop("players", 2), created_by=people.owner)]
    response = api_client(people.owner).post("/api/v1/matches/", {**body, "players": players}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, code)
    assert Match.objects.count() == before


def test_a_match_in_someone_elses_club_is_refused(people: Personas) -> None:
    players = [p.pk for p in PlayerFactory.create_batch(2, created_by=people.outsider)]
    body = {"game": "tablo", "players": players, "club": people.club.pk}
    response = api_client(people.outsider).post("/api/v1/matches/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (403, "auth.forbidden")
    assert Match.objects.count() == 1


def test_anonymous_visitors_cannot_start_a_match() -> None:
    players = [p.pk for p in PlayerFactory.create_batch(2)]
    response = api_client().post("/api/v1/matches/", {"game": "tablo", "players": players}, format="json")
    assert (response.status_code, response.json()["code"]) == (401, "auth.required")
    assert not Match.objects.exists()


def test_the_list_shows_the_matches_i_may_read(people: Personas) -> None:
    MatchFactory.create()  # someone else's, elsewhere
    for who in ("owner", "player", "member"):
        assert [
            m["id"] for m in api_client(getattr(people, who)).get("/api/v1/matches/").json()["results"]
        ] == [people.match.pk]
    assert api_client(people.outsider).get("/api/v1/matches/").json()["results"] == []


def test_the_list_filters_by_club_season_player_game_and_status(people: Personas) -> None:
    season = SeasonFactory.create(club=people.club)
    seasonal = MatchFactory.create(game="twenty", created_by=people.owner, club=people.club, season=season)
    other_club = ClubFactory.create(created_by=people.owner)
    elsewhere = match_abandon(match=MatchFactory.create(created_by=people.owner, club=other_club))
    ana = people.match.seats.get(number=0).player
    cases = {
        f"club={people.club.pk}": {people.match.pk, seasonal.pk},
        f"season={season.pk}": {seasonal.pk},
        f"player={ana.pk}": {people.match.pk},
        "game=twenty": {seasonal.pk},
        "status=abandoned": {elsewhere.pk},
        "status=in_progress&game=tablo": {people.match.pk},
    }
    client = api_client(people.owner)
    for query, expected in cases.items():
        assert {m["id"] for m in client.get(f"/api/v1/matches/?{query}").json()["results"]} == expected, query


def test_the_list_is_paginated(people: Personas) -> None:
    MatchFactory.create_batch(3, created_by=people.owner)
    body = api_client(people.owner).get("/api/v1/matches/?limit=2").json()
    assert (body["count"], len(body["results"])) == (4, 2)
    assert body["next"] is not None


def test_the_list_takes_a_bounded_number_of_queries(
    people: Personas, django_assert_max_num_queries: Callable[..., Any]
) -> None:
    client = api_client(people.owner)
    MatchFactory.create_batch(2, created_by=people.owner, players=4)
    with django_assert_max_num_queries(4) as few:
        client.get("/api/v1/matches/")
    MatchFactory.create_batch(20, created_by=people.owner, players=3)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(client.get("/api/v1/matches/").json()["results"]) == 23


def test_the_detail_shows_the_share_token_to_writers_only(people: Personas) -> None:
    api_client(people.owner).post(f"/api/v1/matches/{people.match.pk}/share/")
    url = f"/api/v1/matches/{people.match.pk}/"
    assert api_client(people.player).get(url).json()["share_token"]
    assert api_client(people.member).get(url).json()["share_token"] is None


def test_abandoning_ends_the_match_and_a_second_time_is_a_conflict(people: Personas) -> None:
    client = api_client(people.owner)
    response = client.post(f"/api/v1/matches/{people.match.pk}/abandon/")
    assert (response.status_code, response.json()["status"]) == (200, "abandoned")
    again = client.post(f"/api/v1/matches/{people.match.pk}/abandon/")
    assert (again.status_code, again.json()["code"]) == (409, "match.not_in_progress")


def test_a_match_started_by_names_seats_what_each_name_means(people: Personas) -> None:
    """As the web form's seats: a club member picked by handle seats their player; a typed name, even
    the member's, seats the caller's guest of that name (a new one here)."""
    mia = PlayerFactory.create(name="Mia", user=people.member)
    handle = f"Mia @{people.member.username}"
    body = {"game": "tablo", "names": [handle, "Zed", "mia"], "club": people.club.pk}
    response = api_client(people.owner).post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    seats = response.json()["seats"]
    assert seats[0]["player"] == mia.pk
    guests = [Player.objects.get(pk=seat["player"]) for seat in seats[1:]]
    assert [(guest.name, guest.created_by, guest.user) for guest in guests] == [
        ("Zed", people.owner, None),
        ("mia", people.owner, None),
    ]


def test_each_seat_may_have_an_emoji(people: Personas) -> None:
    body = {"game": "tablo", "names": ["Zed", "Ana", "Bo"], "emojis": ["🦊", "", "🇷🇸"]}
    response = api_client(people.owner).post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    assert [seat["emoji"] for seat in response.json()["seats"]] == ["🦊", "", "🇷🇸"]
    detail = api_client(people.owner).get(f"/api/v1/matches/{response.json()['id']}/").json()
    assert [(seat["name"], seat["emoji"]) for seat in detail["seats"]] == [
        ("Zed", "🦊"),
        ("Ana", ""),
        ("Bo", "🇷🇸"),
    ]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        pytest.param({"game": "tablo", "names": ["Zed"]}, "players.bad_count", id="one-name"),
        pytest.param(
            {"game": "tablo", "names": ["Zed", "Y"], "emojis": ["🦊🦊"]}, "request.invalid", id="two-emojis"
        ),
        pytest.param(
            {"game": "tablo", "names": ["Zed", "Y"], "emojis": ["🦊", "", "🐻"]},
            "request.invalid",
            id="emojis-past-the-seats",
        ),
        pytest.param({"game": "tablo", "names": ["Zed", "zed"]}, "players.seated_twice", id="same-name"),
        pytest.param({"game": "tablo", "names": ["Zed", " "]}, "request.invalid", id="blank-name"),
        pytest.param(
            {"game": "tablo", "names": ["Zed", "Y"], "players": [1, 2]}, "request.invalid", id="both"
        ),
        pytest.param({"game": "tablo"}, "request.invalid", id="neither"),
    ],
)
def test_a_bad_start_by_names_is_400_and_writes_nothing(
    people: Personas, body: dict[str, Any], code: str
) -> None:
    before = (Match.objects.count(), Player.objects.count())
    response = api_client(people.owner).post("/api/v1/matches/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, code), response.json()
    assert (Match.objects.count(), Player.objects.count()) == before


def test_a_share_link_is_built_on_the_public_address_when_one_is_set(people: Personas) -> None:
    """A laptop at the table: the director makes the link at 127.0.0.1, the phones open it on the
    laptop's network address (README, PUBLIC_URL)."""
    client = api_client(people.owner)
    share = f"/api/v1/matches/{people.match.pk}/share/"
    assert client.post(share, HTTP_HOST="127.0.0.1").json()["scoreboard"].startswith("http://127.0.0.1/")
    with override_settings(PUBLIC_URL="http://192.168.1.20:8000"):
        link = client.post(share, HTTP_HOST="127.0.0.1").json()["scoreboard"]
    assert link.startswith(f"http://192.168.1.20:8000/api/v1/matches/{people.match.pk}/scoreboard/?share=")
