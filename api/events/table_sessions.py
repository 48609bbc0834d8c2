"""Guests' tables (docs/events.md, "Guests' tables"): a table's code opens a session on its match
without an account, and whoever may record the match confirms its result where the event asks.

- ``POST tables/{code}/session/`` answers ``{"token", "match"}``: sent as ``Authorization: Token
  ...``, the token reads and records that match and nothing else (games.access, ``TableGuest``);
  refused once the event has ended (``table.code_expired``), 429 after a few wrong codes from one
  address.
- ``POST matches/{pk}/confirmation/``: the second person at the table confirms the match's result.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.records.base import RecordsApi, SignedInOrTableGuest
from games.events.confirmations import table_result_confirm
from games.events.selectors import table_of_match
from games.events.table_codes import table_of_code, table_session_open
from scorekeeper.throttles import TableCodeThrottle, wait_text


class TableSessionOutput(serializers.Serializer[Any]):
    """A table's token and its match: that match alone may be read and recorded with it."""

    token = serializers.CharField(help_text="Send as `Authorization: Token ...`: that match alone.")
    match = serializers.IntegerField(help_text="The table's match, read and recorded with the token.")


class TableSessionApi(APIView):
    """Open a session on a table's match with the code printed beside its QR, without signing in."""

    authentication_classes: list[type[Any]] = []
    permission_classes = [AllowAny]

    @extend_schema(operation_id="tables_session_create", request=None, responses={201: TableSessionOutput})
    def post(self, request: Request, code: str) -> Response:
        throttle = TableCodeThrottle()
        if (seconds := throttle.refusal(request)) is not None:
            raise exceptions.Throttled(wait=seconds, detail=wait_text(seconds))
        table = table_of_code(code)
        if table is None:
            throttle.failed(request)
            raise Http404
        token = table_session_open(table=table, web=False)
        body = {"token": token, "match": table.match_id}
        return Response(TableSessionOutput(body).data, status=201)


class ConfirmationOutput(serializers.Serializer[Any]):
    """A table's confirmed result: places, scores, and who confirmed it when."""

    places = serializers.ListField(child=serializers.IntegerField(), help_text="Each side's place, 0 first.")
    scores = serializers.ListField(child=serializers.IntegerField(), help_text="Each side's game points.")
    by = serializers.CharField(allow_null=True, help_text="The account that confirmed (null: the code).")
    at = serializers.DateTimeField()


class MatchConfirmationApi(RecordsApi):
    """Confirm the result of an event table's match, as the second person at the table."""

    permission_classes = [SignedInOrTableGuest]

    @idempotent
    @extend_schema(operation_id="matches_confirmation_create", request=None, responses=ConfirmationOutput)
    def post(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk, record=True)
        table = table_of_match(match_id=match.pk)
        if table is None:
            raise Http404
        confirmation = table_result_confirm(table=table, by=request.user)
        by = confirmation.by.get_username() if confirmation.by is not None else None
        body = {**confirmation.result, "by": by, "at": confirmation.at}
        return Response(ConfirmationOutput(body).data)
