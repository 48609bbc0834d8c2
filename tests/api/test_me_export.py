"""``GET /api/v1/me/export/?format=json|csv``: the caller's data, streamed, as one JSON document or a zip
of CSV files (docs/accounts.md, Downloading one's data); throttled per account."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.http import StreamingHttpResponse

from scorekeeper.throttles import AccountExportThrottle
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db
URL = "/api/v1/me/export/"


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def _body(response: Any) -> bytes:
    assert isinstance(response, StreamingHttpResponse)  # sent as it is read
    return b"".join(response.streaming_content)  # type: ignore[arg-type]


def test_json_holds_the_profile_players_and_matches_with_their_hands() -> None:
    people = make_personas()
    response = api_client(people.player).get(URL, {"format": "json"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="scorekeeper-data-')
    data = json.loads(_body(response))
    assert data["profile"]["username"] == "player"
    assert [player["kind"] for player in data["players"]] == ["account"]
    (match,) = data["matches"]
    assert match["id"] == people.match.pk
    assert [seat["seat"] for seat in match["seats"]] == [0, 1]
    assert set(data) >= {"memberships", "claims", "invitations", "merges", "event_entries"}


def test_json_is_json_without_format_too() -> None:
    people = make_personas()
    assert json.loads(_body(api_client(people.owner).get(URL)))["profile"]["username"] == "owner"


def test_csv_is_a_zip_of_one_table_per_kind_of_row() -> None:
    people = make_personas()
    response = api_client(people.owner).get(URL, {"format": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(_body(response)))
    assert {"profile.csv", "matches.csv", "seats.csv", "hands.csv", "plays.csv"} <= set(archive.namelist())
    seats = list(csv.DictReader(io.TextIOWrapper(archive.open("seats.csv"), encoding="utf-8")))
    assert [(row["match"], row["name"]) for row in seats] == [
        (str(people.match.pk), "Ana"),
        (str(people.match.pk), "Bo"),
    ]


def test_an_outsider_downloads_only_their_own_nothing() -> None:
    people = make_personas()
    data = json.loads(_body(api_client(people.outsider).get(URL)))
    assert data["matches"] == []
    assert data["players"] == []


def test_another_format_is_refused() -> None:
    people = make_personas()
    response = api_client(people.owner).get(URL, {"format": "xml"})
    assert response.status_code == 400
    assert response.json()["code"] == "request.invalid"


def test_signed_out_is_401() -> None:
    response = api_client().get(URL)
    assert response.status_code == 401
    assert response.json()["code"] == "auth.required"


def test_downloads_are_throttled_per_account(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AccountExportThrottle, "THROTTLE_RATES", {"account_export": "2/hour"})
    people = make_personas()
    client = api_client(people.owner)
    assert [client.get(URL).status_code for _ in range(3)] == [200, 200, 429]
    assert client.get(URL, {"format": "csv"}).json()["code"] == "request.throttled"
    assert api_client(people.player).get(URL).status_code == 200  # another account's own count
