"""match_start: the engine checks the game, the options and the player count; nothing is written on error."""

from __future__ import annotations

import pytest

from games.errors import PlayerSeatedTwice, SeasonOfOtherClub
from games.matches.services.matches import match_start
from games.models import Match, Seat
from games.rules.errors import (
    BadOptionValue,
    BadPlayerCount,
    RuleViolation,
    TeamsNotAllowed,
    UnknownGame,
    UnknownOption,
)
from tests.factories import ClubFactory, PlayerFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_match_stores_resolved_options_sides_and_seats() -> None:
    by = UserFactory.create()
    players = PlayerFactory.create_batch(4, created_by=by)
    match = match_start(game="tablo", players=players, by=by, options={"target": 101}, teams=True)
    assert match.options["target"] == 101
    assert match.options["tablo_points"] == "per_five"  # the default filled in (docs/rules/shared.md A2)
    assert match.target == 101
    assert match.totals == [0, 0]  # one total per side (pairs), before the first hand
    assert match.result_extra["tablos"] == [0, 0]
    seats = {seat.number: (seat.side.index, seat.player) for seat in Seat.objects.filter(match=match)}
    assert seats == {0: (0, players[0]), 1: (1, players[1]), 2: (0, players[2]), 3: (1, players[3])}  # A4


def test_the_time_limit_comes_from_the_options() -> None:
    by = UserFactory.create()
    match = match_start(
        game="tamlin",
        players=PlayerFactory.create_batch(2, created_by=by),
        by=by,
        options={"time_limit_minutes": 45},
    )
    assert (match.target, match.time_limit_minutes) == (21, 45)


@pytest.mark.parametrize(
    ("game", "count", "options", "teams", "error"),
    [
        pytest.param("poker", 2, {}, False, UnknownGame, id="unknown-game"),
        pytest.param("tablo", 2, {"jokers": True}, False, UnknownOption, id="A2-unknown-option"),
        pytest.param("tablo", 2, {"target": 0}, False, BadOptionValue, id="B12-target-positive"),
        pytest.param("tablo", 5, {}, False, BadPlayerCount, id="B1-two-to-four"),
        pytest.param("twenty", 3, {}, False, BadPlayerCount, id="W1-exactly-two"),
        pytest.param("tablo", 3, {}, True, TeamsNotAllowed, id="A4-pairs-need-an-even-count"),
    ],
)
def test_a_bad_start_is_refused_and_nothing_is_written(
    game: str, count: int, options: dict[str, object], teams: bool, error: type[RuleViolation]
) -> None:
    with pytest.raises(error):
        match_start(
            game=game,
            players=PlayerFactory.create_batch(count),
            by=UserFactory.create(),
            options=options,
            teams=teams,
        )
    assert not Match.objects.exists()


def test_a_player_cannot_sit_twice() -> None:
    player = PlayerFactory.create()
    with pytest.raises(PlayerSeatedTwice):
        match_start(game="tablo", players=[player, player], by=UserFactory.create())
    assert not Match.objects.exists()


def test_a_season_must_belong_to_the_matchs_club() -> None:
    owner = UserFactory.create()
    club, season = ClubFactory.create(created_by=owner), SeasonFactory.create()
    with pytest.raises(SeasonOfOtherClub):
        match_start(game="tablo", players=PlayerFactory.create_batch(2), by=owner, club=club, season=season)


def test_a_season_brings_its_club() -> None:
    season = SeasonFactory.create()
    by = season.club.created_by
    match = match_start(
        game="tablo", players=PlayerFactory.create_batch(2, created_by=by), by=by, season=season
    )
    assert match.club == season.club


def test_only_members_start_a_clubs_matches() -> None:
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        match_start(
            game="tablo",
            players=PlayerFactory.create_batch(2),
            by=UserFactory.create(),
            club=ClubFactory.create(),
        )
    assert not Match.objects.exists()
