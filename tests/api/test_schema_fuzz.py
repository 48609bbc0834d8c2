"""Schemathesis generates requests for every operation of the live OpenAPI schema,
signed in and anonymous, on PostgreSQL; any 5xx, undocumented status or response that breaks the
schema fails. Bounded (``max_examples``) so the whole run stays well under two minutes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from games.services.hands import hand_start
from tests.factories import make_personas

# Django's handler, not scorekeeper.wsgi: that module also sets the web statement timeout for the process.
schema = schemathesis.openapi.from_wsgi("/api/schema/", WSGIHandler())
CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_schema_conformance,
]
EXAMPLES = 5  # per operation and persona: about 370 requests


@pytest.fixture(autouse=True)
def _keep_test_db_connection() -> Iterator[None]:
    """A raw WSGI call ends with ``close_old_connections``, which would close pytest-django's
    in-transaction connection; Django's test client disconnects it the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world() -> dict[str, Any]:
    """A match with an open hand, and the owner's token, so generated ids sometimes hit real rows."""
    people = make_personas()
    hand_start(match=people.match, dealer=0, table=["2C", "3D", "4H", "5S"])
    token, _ = Token.objects.get_or_create(user=people.owner)
    player = people.match.seats.values_list("player_id", flat=True)[0]
    ids = {"matches": people.match.pk, "clubs": people.club.pk, "players": player}
    return {"token": token.key, "ids": ids}


def _aim(case: Any, ids: dict[str, int]) -> None:
    """Point every other generated case at the rows that exist, so writes reach the services."""
    parameters = case.path_parameters or {}
    if "id" in parameters and hash(repr(case.body)) % 2 == 0:
        resource = case.path.split("/")[3]  # /api/v1/<resource>/{id}/...
        parameters["id"] = ids.get(resource, parameters["id"])
        if "number" in parameters:
            parameters["number"] = 1


@pytest.mark.postgres
@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@pytest.mark.parametrize("signed_in", [True, False], ids=["signed-in", "anonymous"])
def test_the_api_conforms_to_its_schema(case: Any, world: dict[str, Any], signed_in: bool) -> None:
    _aim(case, world["ids"])
    headers = {"Authorization": f"Token {world['token']}"} if signed_in else {}
    # Uncompressed: the checks read the body as the app wrote it (GZipMiddleware compresses otherwise).
    case.call_and_validate(headers={**headers, "Accept-Encoding": "identity"}, checks=CHECKS)
