"""The OpenAPI schema is generated, valid and warning-free, documents pages and errors; the
docs are served without a CDN."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from api.pagination import MAX_LIMIT, MAX_OFFSET
from api.schema import ENVELOPE
from games.rules.registry import GAMES
from scorekeeper.errors import unavailable_body


@pytest.mark.slow
def test_schema_builds_without_warnings(tmp_path: pytest.TempPathFactory) -> None:
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))  # type: ignore[operator]


@pytest.mark.slow
def test_schema_and_docs_are_served(client: Client) -> None:
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"cdn" not in docs.content.lower()


def _schema() -> dict[str, Any]:  # Any: the OpenAPI document
    schema: dict[str, Any] = SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-untyped-call]
    return schema


def test_lists_document_their_pages() -> None:
    operation = _schema()["paths"]["/api/v1/players/"]["get"]
    parameters = {parameter["name"]: parameter["schema"] for parameter in operation["parameters"]}
    assert parameters["limit"]["maximum"] == MAX_LIMIT
    assert parameters["offset"]["maximum"] == MAX_OFFSET
    page = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert set(_schema()["components"]["schemas"][page.rsplit("/", 1)[1]]["properties"]) == {
        "count",
        "next",
        "previous",
        "results",
    }


def test_every_operation_documents_its_errors_in_the_envelope() -> None:
    schema = _schema()
    envelope = {"$ref": "#/components/schemas/ErrorEnvelope"}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            expected = {"400", "401", "403", "404", "429", "500", "503"} | (
                {"409", "413"} if method != "get" else set()
            )
            documented = {
                status
                for status, response in operation["responses"].items()
                if response.get("content", {}).get("application/json", {}).get("schema") == envelope
            }
            assert expected <= documented, (method, path)


def test_a_game_in_a_path_is_one_of_the_registered_games_and_401_names_its_scheme() -> None:
    games = 0
    for operations in _schema()["paths"].values():
        for operation in operations.values():
            assert "WWW-Authenticate" in operation["responses"]["401"]["headers"]
            for parameter in operation.get("parameters", []):
                if parameter["name"] == "game" and parameter["in"] == "path":
                    games += 1
                    assert parameter["schema"] == {"type": "string", "enum": sorted(GAMES)}
    assert games >= 6  # the rules API's {game} operations


def test_the_503_of_a_failed_part_is_documented_in_its_envelope_with_retry_after() -> None:
    for path, operations in _schema()["paths"].items():
        for method, operation in operations.items():
            unavailable = operation["responses"]["503"]
            assert "service.unavailable" in unavailable["description"], (method, path)
            assert unavailable["headers"]["Retry-After"]["schema"] == {"type": "integer"}, (method, path)
    body = unavailable_body()
    assert set(body) == set(ENVELOPE["properties"]) == set(ENVELOPE["required"])
    assert body["code"] == "service.unavailable"
