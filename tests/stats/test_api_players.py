"""GET /api/v1/players/{id}/stats/ and /ratings/: a player's statistics per game and rating history."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.models import Challenge, Play, Seat
from tests.factories import ClubFactory, MembershipFactory
from tests.stats.conftest import ClubWorld, client_for
from tests.stats.matches import escoba_match_with_a_caught_capture, tamlin_match

pytestmark = pytest.mark.django_db(transaction=True)  # the follow-up task runs on commit


def get(world: ClubWorld, url: str, **query: str | int) -> Any:
    response = client_for(world.member).get(url, query)
    assert response.status_code == 200, response.json()
    return response.json()


def test_a_players_stats_per_game_count_results_captures_and_caught_illegal_captures(
    world: ClubWorld,
) -> None:
    match = escoba_match_with_a_caught_capture(world.club, [world.ana, world.bo], random.Random(7))
    tamlin_match(world.club, [world.ana, world.bo])
    body = get(world, f"/api/v1/players/{world.bo.pk}/stats/")
    assert body["player"] == {"id": world.bo.pk, "name": "Bo"}
    escoba, tamlin = body["games"]
    bo_seat = Seat.objects.get(match=match, player=world.bo).number
    captures = (
        Play.objects.filter(match=match, seat=bo_seat, undone_at__isnull=True).exclude(taken=[]).count()
    )
    assert (escoba["game"], escoba["record"]["played"], escoba["captures"]) == ("escoba", 1, captures)
    challenger = Challenge.objects.get(match=match).seat
    assert escoba["caught"] == (1 if bo_seat == challenger else 0)
    ana_escoba = get(world, f"/api/v1/players/{world.ana.pk}/stats/")["games"][0]
    assert escoba["caught"] + ana_escoba["caught"] == 1
    assert escoba["record"]["best_hand_match"] == match.pk
    assert (tamlin["record"]["lost"], tamlin["record"]["sweeps"], tamlin["captures"]) == (1, 0, 0)
    assert [rating["club"] for rating in tamlin["ratings"]] == ["Thursday Club"]
    assert tamlin["ratings"][0]["rating"] < 1500


def test_stats_of_one_club_leave_the_other_clubs_out(world: ClubWorld) -> None:
    other = ClubFactory.create(created_by=world.owner)
    MembershipFactory.create(club=other, user=world.member)
    tamlin_match(world.club, [world.ana, world.bo])
    tamlin_match(other, [world.ana, world.bo])
    everywhere = get(world, f"/api/v1/players/{world.ana.pk}/stats/")
    here = get(world, f"/api/v1/players/{world.ana.pk}/stats/", club=world.club.pk)
    assert everywhere["games"][0]["record"]["played"] == 2
    assert len(everywhere["games"][0]["ratings"]) == 2
    assert here["games"][0]["record"]["played"] == 1


def test_a_rating_history_has_one_point_per_match_with_its_change(world: ClubWorld) -> None:
    first = tamlin_match(world.club, [world.ana, world.bo])
    second = tamlin_match(world.club, [world.ana, world.bo], winner=1)
    body = get(world, f"/api/v1/players/{world.ana.pk}/ratings/", club=world.club.pk, game="tamlin")
    points = body["points"]
    assert [point["match_id"] for point in points] == [first.pk, second.pk]
    assert [point["rank"] for point in points] == [0, 1]
    assert points[0]["change"] == points[0]["rating"] - 1500 > 0
    assert points[1]["change"] == points[1]["rating"] - points[0]["rating"] < 0


@pytest.mark.parametrize(
    ("who", "path", "query", "status", "code"),
    [
        pytest.param("outsider", "stats", {"club": "{club}"}, 404, "resource.not_found", id="stats-not-mine"),
        pytest.param(
            "outsider",
            "ratings",
            {"club": "{club}", "game": "tamlin"},
            404,
            "resource.not_found",
            id="ratings-not-mine",
        ),
        pytest.param(
            "outsider", "ratings", {"club": "{club}"}, 404, "resource.not_found", id="404-before-a-bad-query"
        ),
        pytest.param(
            "owner", "ratings", {"club": "{club}"}, 400, "request.invalid", id="ratings-need-a-game"
        ),
    ],
)
def test_an_outsider_or_a_bad_query_is_refused(
    world: ClubWorld, who: str, path: str, query: dict[str, str], status: int, code: str
) -> None:
    filled = {key: value.format(club=world.club.pk) for key, value in query.items()}
    response = client_for(getattr(world, who)).get(f"/api/v1/players/{world.ana.pk}/{path}/", filled)
    assert (response.status_code, response.json()["code"]) == (status, code)


def test_an_outsider_does_not_learn_that_a_player_exists(world: ClubWorld) -> None:
    tamlin_match(world.club, [world.ana, world.bo])
    response = client_for(world.outsider).get(f"/api/v1/players/{world.ana.pk}/stats/")
    assert (response.status_code, response.json()["code"]) == (404, "resource.not_found")
