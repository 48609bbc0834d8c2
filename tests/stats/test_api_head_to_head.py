"""GET /api/v1/head-to-head/?a=..&b=..: two players against each other."""

from __future__ import annotations

import pytest

from tests.factories import PlayerFactory
from tests.stats.conftest import ClubWorld, client_for
from tests.stats.matches import tamlin_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_head_to_head_counts_matches_wins_each_and_the_average_margin(world: ClubWorld) -> None:
    cy, di = PlayerFactory.create_batch(2)
    tamlin_match(world.club, [world.ana, world.bo])
    latest = tamlin_match(world.club, [world.bo, world.ana])
    tamlin_match(world.club, [world.ana, cy, world.bo, di])  # partners: not against each other
    response = client_for(world.member).get("/api/v1/head-to-head/", {"a": world.ana.pk, "b": world.bo.pk})
    body = response.json()
    assert (body["a"]["name"], body["b"]["name"]) == ("Ana", "Bo")
    assert (body["matches"], body["wins_a"], body["wins_b"], body["draws"], body["average_margin"]) == (
        2,
        1,
        1,
        0,
        0.0,
    )
    assert body["meetings"][0]["match_id"] == latest.pk
    assert (body["meetings"][0]["score_a"], body["meetings"][0]["outcome_b"]) == (1, "W")


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        pytest.param({"a": "{ana}"}, 400, "request.invalid", id="b-missing"),
        pytest.param({"a": "{ana}", "b": "{ana}"}, 400, "request.invalid", id="same-player"),
        pytest.param({"a": "{ana}", "b": "999999"}, 404, "resource.not_found", id="unknown-player"),
        pytest.param(
            {"a": "{ana}", "b": "{bo}", "club": "{club}"}, 404, "resource.not_found", id="outsider-club"
        ),
    ],
)
def test_a_bad_head_to_head_query_is_refused(
    world: ClubWorld, query: dict[str, str], status: int, code: str
) -> None:
    ids = {"ana": world.ana.pk, "bo": world.bo.pk, "club": world.club.pk}
    filled = {key: value.format(**ids) for key, value in query.items()}
    response = client_for(world.outsider).get("/api/v1/head-to-head/", filled)
    assert (response.status_code, response.json()["code"]) == (status, code)
