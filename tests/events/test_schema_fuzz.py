"""schemathesis on the events API: generated requests to every events operation, signed in as the
director and anonymous, on PostgreSQL; any 5xx, undocumented status or response that breaks the schema
fails. Half the cases are aimed at an event that exists, with a published round."""

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

from games.events.services import entry_add, round_pair
from tests.api.test_schema_fuzz import CHECKS
from tests.events.helpers import make_room, swiss

schema = schemathesis.openapi.from_wsgi("/api/schema/", WSGIHandler()).include(path_regex="events")
EXAMPLES = 5


@pytest.fixture(autouse=True)
def _keep_test_db_connection() -> Iterator[None]:
    """A raw WSGI call ends with ``close_old_connections``, which would close pytest-django's
    in-transaction connection (tests/api/test_schema_fuzz.py)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world() -> dict[str, Any]:
    room = make_room(3)
    event = swiss(room)
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    round_pair(event=event, by=room.director)
    token, _ = Token.objects.get_or_create(user=room.director)
    ids = {"events": event.pk, "clubs": room.club.pk, "player": room.guests[0].pk}
    return {"token": token.key, "ids": ids}


def _aim(case: Any, ids: dict[str, int]) -> None:
    parameters = case.path_parameters or {}
    if "id" in parameters and hash(repr(case.body)) % 2 == 0:
        parameters["id"] = ids[case.path.split("/")[3]]
        for name, value in (("number", 1), ("table", 1), ("player", ids["player"])):
            if name in parameters:
                parameters[name] = value


@pytest.mark.postgres
@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@pytest.mark.parametrize("signed_in", [True, False], ids=["director", "anonymous"])
def test_the_events_api_conforms_to_its_schema(case: Any, world: dict[str, Any], signed_in: bool) -> None:
    _aim(case, world["ids"])
    headers = {"Authorization": f"Token {world['token']}"} if signed_in else {}
    # Uncompressed: the checks read the body as the app wrote it (GZipMiddleware compresses otherwise).
    case.call_and_validate(headers={**headers, "Accept-Encoding": "identity"}, checks=CHECKS)
