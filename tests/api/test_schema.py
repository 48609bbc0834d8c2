"""The OpenAPI schema is generated, valid and warning-free; the docs are served without a CDN."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client


def test_schema_builds_without_warnings(tmp_path: pytest.TempPathFactory) -> None:
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))  # type: ignore[operator]


def test_schema_and_docs_are_served(client: Client) -> None:
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"cdn" not in docs.content.lower()
