"""No input gives a 500 (docs/errors.md). Each probe class an attacker tried is a 4xx in the error envelope,
with a stable code, and writes nothing; lists are bounded before any per-item query."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from api.parsers import MAX_DEPTH
from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_start
from games.models import Hand, HandSummary, Match, Membership, Play, Player, Season
from tests.factories import Personas, PlayerFactory, api_client, make_personas

pytestmark = pytest.mark.django_db
TABLE = ["2C", "3D", "4H", "5S"]


@pytest.fixture
def people() -> Personas:
    return make_personas()


@pytest.fixture
def owner(people: Personas) -> APIClient:
    return api_client(people.owner)


def _rows() -> tuple[int, ...]:
    return tuple(
        model.objects.count() for model in (Player, Match, Hand, Play, HandSummary, Season, Membership)
    )


def _raw(client: APIClient, url: str, text: str) -> Any:  # Any: DRF's test response
    return client.post(url, data=text.encode(), content_type="application/json")


def _nested(depth: int) -> str:
    return '{"name": ' + "[" * depth + "]" * depth + "}"


def _assert_refused(response: Any, status: int, code: str) -> None:
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert set(response.json()) == {"code", "message", "details"}


# -- bodies: size, nesting, NUL characters, lone surrogates ------------------------------------------


def test_a_body_over_the_limit_is_413(owner: APIClient, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    before = _rows()
    response = owner.post("/api/v1/players/", {"name": "x" * 2000}, format="json")
    _assert_refused(response, 413, "request.too_large")
    assert _rows() == before


@pytest.mark.parametrize(
    ("length", "status"),
    [("²", 400), ("9" * 30, 413), ("9" * 5000, 413)],
    ids=["superscript", "beyond-a-bigint", "beyond-int"],
)
def test_a_content_length_of_odd_digits_is_no_500(owner: APIClient, length: str, status: int) -> None:
    before = _rows()
    response = owner.generic("POST", "/api/v1/players/", "{}", "application/json", CONTENT_LENGTH=length)
    assert response.status_code == status
    assert _rows() == before


def test_a_page_body_over_the_limit_is_413_too(client: Any, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post("/accounts/login/", {"username": "x" * 2000, "password": "y"})
    assert response.status_code == 413


@pytest.mark.parametrize(
    ("depth", "status"),
    [
        pytest.param(MAX_DEPTH - 2, 400, id="within-the-limit-then-invalid-name"),
        pytest.param(MAX_DEPTH + 1, 400, id="just-over-the-limit"),
        pytest.param(100_000, 400, id="deeper-than-python-recursion"),
    ],
)
def test_deeply_nested_json_is_400(owner: APIClient, depth: int, status: int) -> None:
    before = _rows()
    response = _raw(owner, "/api/v1/players/", _nested(depth))
    code = "request.invalid" if depth < MAX_DEPTH else "request.malformed"
    _assert_refused(response, status, code)
    assert _rows() == before


@pytest.mark.parametrize(
    "body",
    [
        pytest.param('{"name": "Ana\\u0000"}', id="nul-in-a-value"),
        pytest.param('{"name": "Ana", "\\u0000": 1}', id="nul-in-a-key"),
        pytest.param('{"name": "\\ud800"}', id="escaped-lone-surrogate"),
        pytest.param('{"name": "Ana", "\\udfff": 1}', id="lone-surrogate-in-a-key"),
    ],
)
def test_nul_characters_and_lone_surrogates_are_400_and_not_echoed(owner: APIClient, body: str) -> None:
    before = _rows()
    response = _raw(owner, "/api/v1/players/", body)
    _assert_refused(response, 400, "request.malformed")
    assert response.json()["message"] in {  # a fixed message: nothing of the body is echoed
        "The JSON body holds a NUL character or an unpaired surrogate.",
        "JSON parse error - Unpaired surrogate",
    }
    assert _rows() == before


def test_nul_and_surrogates_in_options_summaries_and_usernames_are_400(
    people: Personas, owner: APIClient
) -> None:
    demo_hand_play(match=people.match, rng=random.Random(2))
    match = f"/api/v1/matches/{people.match.pk}/"
    probes = [
        ("/api/v1/matches/", {"game": "tablo", "players": [1, 2], "options": {"\ud800": 1}}),
        ("/api/v1/matches/", {"game": "tablo", "players": [1, 2], "options": {"target": "\ud800"}}),
        (match + "hands/1/correct/", {"summary": [{"cards\x00": 26}, {"cards": 26}]}),
        (match + "hands/1/correct/", {"summary": [{"\udc00": 26}, {"cards": 26}]}),
        (f"/api/v1/clubs/{people.club.pk}/memberships/", {"username": "member\x00"}),
    ]
    before = _rows()
    for url, body in probes:
        response = _raw(owner, url, json.dumps(body))
        _assert_refused(response, 400, "request.malformed")
    assert _rows() == before


def test_a_body_that_is_not_json_is_415(owner: APIClient) -> None:
    response = owner.post("/api/v1/players/", {"name": "Ana"}, format="multipart")
    _assert_refused(response, 415, "request.unsupported_media_type")


# -- paths and query strings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/players/?search=%00",
        "/api/v1/matches/?game=tab%00lo",
        "/api/v1/rules/tablo%00/captures/",
    ],
)
def test_a_nul_in_the_address_is_400(owner: APIClient, url: str) -> None:
    _assert_refused(owner.get(url), 400, "request.malformed")


def test_a_nul_in_a_page_address_is_400(client: Any) -> None:
    assert client.get("/shared/%00/").status_code == 400
    assert client.get("/disputes/?game=%00").status_code == 400


def test_a_non_ascii_share_token_is_404(people: Personas, client: Any) -> None:
    response = api_client().get(f"/api/v1/matches/{people.match.pk}/scoreboard/", {"share": "жж"})
    _assert_refused(response, 404, "resource.not_found")
    assert client.get("/shared/жж/").status_code == 404


def test_an_id_beyond_any_column_is_404(owner: APIClient) -> None:
    _assert_refused(owner.get("/api/v1/matches/99999999999999999999999/"), 404, "resource.not_found")
    _assert_refused(owner.get("/api/v1/players/99999999999999999999999/"), 404, "resource.not_found")


# -- numbers beyond their column ---------------------------------------------------------------------


def test_limit_is_capped_and_an_offset_beyond_the_bound_is_400(owner: APIClient) -> None:
    assert owner.get("/api/v1/players/?limit=99999999999999999999999").status_code == 200
    response = owner.get("/api/v1/players/?offset=99999999999999999999999")
    _assert_refused(response, 400, "request.invalid")
    assert "offset" in response.json()["details"]["fields"]
    assert owner.get("/api/v1/matches/?club=99999999999999999999999").status_code == 400
    _assert_refused(owner.get("/api/v1/players/?offset=" + "9" * 5000), 400, "request.invalid")
    for odd in ("²", "٣"):  # digits int() refuses or reads: a page from the start, as DRF gives it
        assert owner.get(f"/api/v1/players/?offset={odd}").status_code == 200


@pytest.mark.parametrize(
    ("path", "body"),
    [
        pytest.param("hands/", {"table": TABLE, "starter": 2**40}, id="hand-starter"),
        pytest.param("hands/", {"table": TABLE, "dealer": 40_000}, id="hand-dealer"),
        pytest.param("hands/1/plays/", {"seat": 2**40, "card": "5H", "expected_seq": 0}, id="play-seat"),
        pytest.param("hands/1/plays/", {"seat": 1, "card": "5H", "expected_seq": 2**40}, id="expected-seq"),
        pytest.param(
            "hands/1/challenges/", {"seat": 0, "play_seq": 2**40, "expected_seq": 0}, id="challenge-play"
        ),
    ],
)
def test_numbers_beyond_their_column_are_400(
    people: Personas, owner: APIClient, path: str, body: dict[str, object]
) -> None:
    if path != "hands/":
        hand_start(match=people.match, dealer=0, table=TABLE)
    before = _rows()
    response = owner.post(f"/api/v1/matches/{people.match.pk}/{path}", body, format="json")
    _assert_refused(response, 400, "request.invalid")
    assert _rows() == before


@pytest.mark.parametrize(
    "play",
    [
        pytest.param({"seat": 40_000, "card": "5H"}, id="correction-seat"),
        pytest.param({"seat": 1, "card": "5H", "challenged_by": [2**40]}, id="correction-challenged-by"),
    ],
)
def test_correction_numbers_beyond_their_column_are_400(
    people: Personas, owner: APIClient, play: dict[str, object]
) -> None:
    demo_hand_play(match=people.match, rng=random.Random(2))
    before = _rows()
    url = f"/api/v1/matches/{people.match.pk}/hands/1/correct/"
    _assert_refused(owner.post(url, {"plays": [play]}, format="json"), 400, "request.invalid")
    assert _rows() == before


@pytest.mark.parametrize(
    ("game", "key"), [("tablo", "target"), ("tamlin", "target"), ("tamlin", "time_limit_minutes")]
)
def test_option_numbers_beyond_their_column_are_400(
    people: Personas, owner: APIClient, game: str, key: str
) -> None:
    players = [player.pk for player in PlayerFactory.create_batch(2, created_by=people.owner)]
    before = _rows()
    body = {"game": game, "players": players, "options": {key: 2**40}}
    response = owner.post("/api/v1/matches/", body, format="json")
    _assert_refused(response, 400, "options.bad_value")
    assert _rows() == before


def test_an_idempotency_key_longer_than_its_column_is_400(people: Personas, owner: APIClient) -> None:
    hand_start(match=people.match, dealer=0, table=TABLE)
    url = f"/api/v1/matches/{people.match.pk}/hands/1/plays/"
    body = {"seat": 1, "card": "5H", "taken": ["5S"], "expected_seq": 0}
    response = owner.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k" * 101)
    _assert_refused(response, 400, "request.invalid")
    assert "Idempotency-Key" in response.json()["details"]["fields"]
    assert not Play.objects.exists()
    assert owner.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k" * 100).status_code == 201


# -- duplicates ---------------------------------------------------------------------------------------


def test_a_season_name_taken_in_another_case_is_409(people: Personas, owner: APIClient) -> None:
    url = f"/api/v1/clubs/{people.club.pk}/seasons/"
    assert owner.post(url, {"name": "Winter"}, format="json").status_code == 201
    response = owner.post(url, {"name": " WINTER "}, format="json")
    _assert_refused(response, 409, "season.name_taken")
    assert Season.objects.count() == 1


def test_a_second_me_player_is_409(owner: APIClient) -> None:
    assert owner.post("/api/v1/players/", {"name": "Me", "me": True}, format="json").status_code == 201
    _assert_refused(
        owner.post("/api/v1/players/", {"name": "Me", "me": True}, format="json"), 409, "player.account_taken"
    )


# -- lists bounded before any per-item query --------------------------------------------------------------


def test_a_match_takes_at_most_six_players_checked_before_any_lookup(
    owner: APIClient, django_assert_max_num_queries: Callable[..., Any]
) -> None:
    body = {"game": "tablo", "players": list(range(1, 5001))}
    with django_assert_max_num_queries(2):  # the session's user; no player is looked up
        response = owner.post("/api/v1/matches/", body, format="json")
    _assert_refused(response, 400, "request.invalid")
    assert "players" in response.json()["details"]["fields"]


def test_players_are_looked_up_in_one_query(
    people: Personas, owner: APIClient, django_assert_max_num_queries: Callable[..., Any]
) -> None:
    known = PlayerFactory.create(created_by=people.owner)
    with django_assert_max_num_queries(3):
        response = owner.post(
            "/api/v1/matches/", {"game": "tablo", "players": [known.pk, 10**12]}, format="json"
        )
    _assert_refused(response, 400, "request.invalid")
    assert response.json()["details"]["fields"]["players"] == [f"No such players: {[10**12]}."]


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({"plays": [{"seat": 0, "card": "5H"}] * 53}, id="plays-beyond-a-deck"),
        pytest.param({"summary": [{"cards": 1}] * 7}, id="summary-beyond-six-sides"),
        pytest.param({"plays": [{"seat": 0, "card": "5H", "challenged_by": [1] * 7}]}, id="challengers"),
    ],
)
def test_correction_lists_are_bounded(people: Personas, owner: APIClient, body: dict[str, object]) -> None:
    demo_hand_play(match=people.match, rng=random.Random(2))
    url = f"/api/v1/matches/{people.match.pk}/hands/1/correct/"
    _assert_refused(owner.post(url, body, format="json"), 400, "request.invalid")


def test_summary_sides_are_bounded(people: Personas, owner: APIClient) -> None:
    hand_start(match=people.match, dealer=0, mode=Hand.Mode.SUMMARY)
    url = f"/api/v1/matches/{people.match.pk}/hands/1/summary/"
    _assert_refused(owner.post(url, {"sides": [{"cards": 1}] * 7}, format="json"), 400, "request.invalid")
    assert not HandSummary.objects.exists()
