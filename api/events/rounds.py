"""Rounds: pair and publish the next one (or a draft that stores nothing), read them (whether the
standings each was paired on still hold, which results changed since), and the director's result of a
table, set or withdrawn."""

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
from api.records.base import SEATS_MAX
from games.access import signed_in
from games.events import selectors
from games.events.jobs import round_pair_start
from games.events.models import Event, PairingJob, Round, Table
from games.events.reasons import why
from games.events.result_checks import Counted, ResultsCheck, results_check, winner_of
from games.events.services import (
    PlannedRound,
    result_facts,
    table_result_set,
    table_result_withdraw,
)

Names = Callable[[int], str]


class PairingReasonOutput(serializers.Serializer[Any]):
    """Why the pairing made a choice: a code of docs/events.md and the players concerned."""

    code = serializers.CharField(help_text="docs/events.md lists the codes.")
    players = serializers.ListField(child=serializers.IntegerField())


class EventTableResultOutput(serializers.Serializer[Any]):
    """A table's result as the event counts it: the places, and the match's or the director's."""

    places = serializers.ListField(
        child=serializers.IntegerField(), help_text="Each side's place, 0 first; tied sides share one."
    )
    winner = serializers.IntegerField(allow_null=True, help_text="The side alone in first place.")
    kind = serializers.ChoiceField(choices=["match", "director"], help_text="Whose result counts.")
    by = serializers.CharField(allow_null=True, help_text="The director who set it (kind director).")
    at = serializers.DateTimeField(allow_null=True)
    scores = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Each side's game points as the match recorded them (empty before its first hand).",
    )


class CountedResultOutput(serializers.Serializer[Any]):
    """A result as a pairing counted it: places, winner, scores and whose it was."""

    places = serializers.ListField(child=serializers.IntegerField())
    winner = serializers.IntegerField(allow_null=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    kind = serializers.CharField(help_text="match or director: whose result it was.")


class ResultChangedOutput(serializers.Serializer[Any]):
    """A result that changed after a later round was paired on it."""

    before = CountedResultOutput(help_text="What the table counted when round `paired` was paired.")
    after = CountedResultOutput(allow_null=True, help_text="What it counts now (null: no result).")
    at = serializers.DateTimeField(allow_null=True, help_text="The last write to the result since.")
    paired = serializers.IntegerField(help_text="The later round paired on `before`.")


class EventTableOutput(serializers.Serializer[Any]):
    """One table of a round: its match, seats, sides and result."""

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
        allow_null=True,
        help_text="Null while the match is unfinished and no director's result stands.",
    )
    result_version = serializers.IntegerField(
        help_text="Counts the directors' writes to the result: send it as `expected_version`."
    )
    result_changed = ResultChangedOutput(
        allow_null=True, help_text="The counted result changed after a later round was paired."
    )
    confirmed = serializers.BooleanField(
        allow_null=True,
        help_text="Null unless the event asks for confirmed results; then whether the result counts"
        " (confirmed by a second person at the table, or the director's).",
    )
    awaiting_confirmation = serializers.BooleanField(
        help_text="The match is finished and its result waits for a second person to confirm it."
    )
    code = serializers.CharField(
        required=False, help_text="The table's code, printed beside its QR (the director's answer only)."
    )


class EventRoundOutput(serializers.Serializer[Any]):
    """A round of an event: its tables, byes and why, and the pairing's seed."""

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
    stale = serializers.BooleanField(
        help_text="The standings this round was paired on have changed since (a result changed)."
    )
    exact = serializers.BooleanField(help_text="The pairing is proven the best the format allows.")


class PairingJobStartedOutput(serializers.Serializer[Any]):
    """A pairing job just queued: follow it at events/{id}/jobs/{job}/."""

    job = serializers.IntegerField(help_text="The pairing job: GET events/{id}/jobs/{job}/ follows it.")
    status = serializers.ChoiceField(choices=PairingJob.Status.choices)


def _names(event: Event) -> Names:
    names = selectors.entry_names(event=event)
    return lambda player: names.get(player, str(player))


def planned_body(plan: PlannedRound, name: Names) -> dict[str, Any]:
    """A planned round as EventRoundOutput shows it, players named by ``name``."""
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
                "result_version": 0,
                "result_changed": None,
                "confirmed": None,
                "awaiting_confirmation": False,
            }
            for table in plan.tables
        ],
        "byes": list(plan.byes),
        "bye_why": why(plan.bye_reasons, name),
        "rematches": [list(pair) for pair in plan.rematches],
        "stale": False,
        "exact": plan.exact,
    }


def _result(table: Table) -> dict[str, Any] | None:
    return result_facts(table)


def _counted(counted: Counted | None) -> dict[str, Any] | None:
    if counted is None:
        return None
    return {**counted, "winner": winner_of(counted)}


def _changed(check: ResultsCheck | None, number: int, table: Table) -> dict[str, Any] | None:
    change = None if check is None else check.change_of(number, table.number)
    if change is None:
        return None
    before, after = _counted(change.before), _counted(change.after)
    return {"before": before, "after": after, "at": change.at, "paired": change.paired}


def stored_body(
    played: Round, name: Names, check: ResultsCheck | None = None, *, codes: bool = False
) -> dict[str, Any]:
    """A stored round; ``check``: the event's results check (``stale``, ``result_changed``);
    ``codes``: with the tables' codes (for the director)."""
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
                "result_version": selectors.result_version(table),
                "result_changed": _changed(check, played.number, table),
                "confirmed": selectors.table_confirmed(table),
                "awaiting_confirmation": selectors.awaiting_confirmation(table),
                **({"code": table.code} if codes else {}),
            }
            for table in played.tables.all()
        ],
        "byes": [bye.player_id for bye in played.byes.all()],
        "bye_why": why(played.bye_reasons, name),
        "rematches": played.rematches,
        "stale": check is not None and played.number in check.stale,
        "exact": played.exact,
    }


class RoundListCreateApi(EventsApi):
    """The event's rounds; the director pairs the next one (``draft``: see it first, storing nothing)."""

    @extend_schema_serializer(component_name="EventRoundCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """Pair the next round, or with ``draft`` only show what it would be."""

        draft = serializers.BooleanField(default=False, help_text="Pair without storing anything (200).")

    @extend_schema(operation_id="events_rounds_list", responses=EventRoundOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        event = self.event(request, pk)
        name = _names(event)
        paginator = BoundedPagination()
        rounds = list(selectors.round_list(event=event))
        check = results_check(event=event, rounds=rounds)
        page = paginator.paginate_queryset(rounds, request, view=self) or []
        return paginator.get_paginated_response(
            EventRoundOutput([stored_body(played, name, check) for played in page], many=True).data
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
        plan = round_pair_start(event=event, by=signed_in(request), draft=draft)
        if isinstance(plan, PairingJob):
            body = {"job": plan.pk, "status": plan.status}
            return Response(PairingJobStartedOutput(body).data, status=status.HTTP_202_ACCEPTED)
        code = status.HTTP_200_OK if draft else status.HTTP_201_CREATED
        return Response(EventRoundOutput(planned_body(plan, _names(event))).data, status=code)


class RoundDetailApi(EventsApi):
    """A round of an event; its director also sees the tables' codes."""

    @extend_schema(operation_id="events_rounds_retrieve", responses=EventRoundOutput)
    def get(self, request: Request, pk: int, number: int) -> Response:
        event, director = self.event_directed(request, pk)
        return Response(EventRoundOutput(round_body(event, number, codes=director)).data)


def round_body(event: Event, number: int, *, codes: bool = False) -> dict[str, Any]:
    """Round ``number`` as stored, with the event's results check (404 when there is none);
    ``codes``: with the tables' codes (for the director)."""
    rounds = list(selectors.round_list(event=event))
    played = next((each for each in rounds if each.number == number), None)
    if played is None:
        raise Http404
    check = results_check(event=event, rounds=rounds)
    return stored_body(played, _names(event), check, codes=codes)


def _table_body(event: Event, number: int, table: int) -> dict[str, Any]:
    body = round_body(event, number)
    return next(each for each in body["tables"] if each["number"] == table)


VERSION_HELP = (
    "The table's `result_version` as you saw it: if another write came first, nothing is written and"
    " the answer is 409 `result.out_of_sync` with the current result."
)


class WithdrawQuery(serializers.Serializer[dict[str, Any]]):
    """The event version the director saw, checked before the result is withdrawn."""

    expected_version = serializers.IntegerField(
        required=False, min_value=0, max_value=2**31 - 1, help_text=VERSION_HELP
    )


class TableResultApi(EventsApi):
    """The director enters or overrides a table's result (it counts instead of the match's), or
    withdraws it (the match's counts again)."""

    @extend_schema_serializer(component_name="EventTableResultInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """A director's result for a table: the winner (null for a draw) or the places."""

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
        expected_version = serializers.IntegerField(
            required=False, min_value=0, max_value=2**31 - 1, help_text=VERSION_HELP
        )

        def validate(self, data: Mapping[str, Any]) -> dict[str, Any]:
            """Either the winner or the places, not both and not neither."""
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
        table_result_set(table=row, by=signed_in(request), **data)
        return Response(EventTableOutput(_table_body(event, number, table)).data)

    @extend_schema(
        operation_id="events_table_result_withdraw",
        parameters=[WithdrawQuery],
        request=None,
        responses=EventTableOutput,
    )
    def delete(self, request: Request, pk: int, number: int, table: int) -> Response:
        """Withdraw the director's result that stands: the table's result is its match's again."""
        event = self.event(request, pk)
        query = valid(WithdrawQuery, request.query_params)
        if (row := selectors.table_find(event=event, number=number, table=table)) is None:
            raise Http404
        table_result_withdraw(table=row, by=signed_in(request), **query)
        return Response(EventTableOutput(_table_body(event, number, table)).data)
