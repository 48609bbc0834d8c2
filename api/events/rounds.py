"""Rounds: pair and publish the next one (or a draft that stores nothing), read them, and the
director's result of a table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.events.base import EventsApi
from api.idempotency import idempotent
from api.inputs import valid
from api.pagination import BoundedPagination
from api.records.base import SEATS_MAX, account
from games.events import selectors
from games.events.jobs import round_pair_start
from games.events.models import Event, PairingJob, Round, Table
from games.events.reasons import why
from games.events.services import PlannedRound, table_result_set

Names = Callable[[int], str]


class PairingReasonOutput(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="docs/events.md lists the codes.")
    players = serializers.ListField(child=serializers.IntegerField())


class EventTableResultOutput(serializers.Serializer[Any]):
    places = serializers.ListField(
        child=serializers.IntegerField(), help_text="Each side's place, 0 first; tied sides share one."
    )
    winner = serializers.IntegerField(allow_null=True, help_text="The side alone in first place.")
    kind = serializers.ChoiceField(choices=["match", "director"], help_text="Whose result counts.")
    by = serializers.CharField(allow_null=True, help_text="The director who set it (kind director).")
    at = serializers.DateTimeField(allow_null=True)


class EventTableOutput(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    match = serializers.IntegerField(allow_null=True, help_text="The table's match (null in a draft).")
    players = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids in seat order.")
    sides = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Each side's player ids, in the match's side order.",
    )
    dealer = serializers.IntegerField(help_text="The seat that deals the first hand.")
    why = serializers.CharField(help_text="Why the pairing seated this table, in words.")
    reasons = PairingReasonOutput(many=True)
    result = EventTableResultOutput(
        allow_null=True, help_text="Null until the match finishes or a director sets it."
    )


class EventRoundOutput(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    published = serializers.BooleanField(help_text="False for a draft: nothing was stored.")
    seed = serializers.IntegerField(help_text="The seed of the pairing's draw among equals.")
    tables = EventTableOutput(many=True)
    byes = serializers.ListField(child=serializers.IntegerField())
    bye_why = serializers.CharField(help_text="Why the byes went where they did, in words.")
    rematches = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        help_text="Pairs that meet (or partner) again because no pairing avoided it.",
    )


class PairingJobStartedOutput(serializers.Serializer[Any]):
    job = serializers.IntegerField(help_text="The pairing job: GET events/{id}/jobs/{job}/ follows it.")
    status = serializers.ChoiceField(choices=PairingJob.Status.choices)


def _names(event: Event) -> Names:
    names = selectors.entry_names(event=event)
    return lambda player: names.get(player, str(player))


def planned_body(plan: PlannedRound, name: Names) -> dict[str, Any]:
    return {
        "number": plan.number,
        "published": plan.published,
        "seed": plan.seed,
        "tables": [
            {
                "number": table.number,
                "match": table.match,
                "players": list(table.players),
                "sides": [list(side) for side in table.sides],
                "dealer": table.dealer,
                "why": why(table.reasons, name),
                "reasons": list(table.reasons),
                "result": None,
            }
            for table in plan.tables
        ],
        "byes": list(plan.byes),
        "bye_why": why(plan.bye_reasons, name),
        "rematches": [list(pair) for pair in plan.rematches],
    }


def _result(table: Table) -> dict[str, Any] | None:
    result = selectors.table_result(table)
    if result is None:
        return None
    override = selectors.override_of(table)
    alone = [side for side, place in enumerate(result.places) if place == 0]
    return {
        "places": list(result.places),
        "winner": alone[0] if len(alone) == 1 else None,
        "kind": "match" if override is None else "director",
        "by": getattr(getattr(override, "by", None), "username", None),
        "at": getattr(override, "at", None),
    }


def stored_body(played: Round, name: Names) -> dict[str, Any]:
    return {
        "number": played.number,
        "published": True,
        "seed": played.seed,
        "tables": [
            {
                "number": table.number,
                "match": table.match_id,
                "players": table.players,
                "sides": table.sides,
                "dealer": table.dealer,
                "why": why(table.reasons, name),
                "reasons": table.reasons,
                "result": _result(table),
            }
            for table in played.tables.all()
        ],
        "byes": [bye.player_id for bye in played.byes.all()],
        "bye_why": why(played.bye_reasons, name),
        "rematches": played.rematches,
    }


class RoundListCreateApi(EventsApi):
    """The event's rounds; the director pairs the next one (``draft``: see it first, storing nothing)."""

    @extend_schema_serializer(component_name="EventRoundCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        draft = serializers.BooleanField(default=False, help_text="Pair without storing anything (200).")

    @extend_schema(operation_id="events_rounds_list", responses=EventRoundOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        event = self.event(request, pk)
        name = _names(event)
        paginator = BoundedPagination()
        page = paginator.paginate_queryset(selectors.round_list(event=event), request, view=self) or []
        return paginator.get_paginated_response(
            EventRoundOutput([stored_body(played, name) for played in page], many=True).data
        )

    @idempotent
    @extend_schema(
        operation_id="events_rounds_create",
        request=InputSerializer,
        responses={201: EventRoundOutput, 200: EventRoundOutput, 202: PairingJobStartedOutput},
        description=(
            "A field larger than the inline limit is paired by a task: 202 with the job, to follow at"
            " `events/{id}/jobs/{job}/` (docs/events-pairing.md). Meanwhile another pairing, entry or drop"
            " is 409 `event.pairing_running`."
        ),
    )
    def post(self, request: Request, pk: int) -> Response:
        event = self.event(request, pk)
        draft = valid(self.InputSerializer, request.data)["draft"]
        plan = round_pair_start(event=event, by=account(request), draft=draft)
        if isinstance(plan, PairingJob):
            body = {"job": plan.pk, "status": plan.status}
            return Response(PairingJobStartedOutput(body).data, status=status.HTTP_202_ACCEPTED)
        code = status.HTTP_200_OK if draft else status.HTTP_201_CREATED
        return Response(EventRoundOutput(planned_body(plan, _names(event))).data, status=code)


class RoundDetailApi(EventsApi):
    @extend_schema(operation_id="events_rounds_retrieve", responses=EventRoundOutput)
    def get(self, request: Request, pk: int, number: int) -> Response:
        event = self.event(request, pk)
        try:
            played = selectors.round_get(event=event, number=number)
        except Round.DoesNotExist:
            raise Http404 from None
        return Response(EventRoundOutput(stored_body(played, _names(event))).data)


class TableResultApi(EventsApi):
    """The director enters or overrides a table's result; it counts instead of the match's."""

    @extend_schema_serializer(component_name="EventTableResultInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        winner = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=0,
            max_value=SEATS_MAX - 1,
            help_text="The winning side's index; null for a draw.",
        )
        places = serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=SEATS_MAX - 1),
            required=False,
            min_length=2,
            max_length=SEATS_MAX,
            help_text="Pods: every side index, first to last.",
        )

        def validate(self, data: Mapping[str, Any]) -> dict[str, Any]:
            if ("winner" in data) == ("places" in data):
                message = gettext("Give either the winner (null for a draw) or the places.")
                raise serializers.ValidationError(message)
            return dict(data)

    @idempotent
    @extend_schema(operation_id="events_table_result", request=InputSerializer, responses=EventTableOutput)
    def post(self, request: Request, pk: int, number: int, table: int) -> Response:
        event = self.event(request, pk)
        data = valid(self.InputSerializer, request.data)
        if (row := selectors.table_find(event=event, number=number, table=table)) is None:
            raise Http404
        table_result_set(table=row, by=account(request), **data)
        body = stored_body(selectors.round_get(event=event, number=number), _names(event))
        shown = next(each for each in body["tables"] if each["number"] == table)
        return Response(EventTableOutput(shown).data)
