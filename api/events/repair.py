"""The director's repairs of the last round (docs/events.md, "Repairing a round"): withdraw it, swap two
players, pair its unstarted tables again, and bring a dropped player back."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.events.base import EventsApi
from api.events.entries import EventEntryOutput
from api.events.rounds import EventRoundOutput, round_body
from api.idempotency import idempotent
from api.inputs import valid
from api.records.base import ID_MAX
from games.access import signed_in
from games.events.models import Entry, Event, Round
from games.events.repair import Repaired, entry_return, round_repair, round_swap, round_withdraw

PAIR = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2)


class RoundRepairedOutput(EventRoundOutput):
    """The repaired round, the tables it kept and the rematches it made."""

    kept = serializers.ListField(
        child=serializers.IntegerField(), help_text="The tables the repair left as they were."
    )
    new_rematches = serializers.ListField(
        child=PAIR, help_text="Pairs that meet (or partner) again because of the repair."
    )


class RoundWithdrawnOutput(serializers.Serializer[Any]):
    """A withdrawn round: the matches deleted with it and the entries it moved."""

    number = serializers.IntegerField()
    matches = serializers.ListField(
        child=serializers.IntegerField(), help_text="The round's matches, deleted with it."
    )
    entries_moved = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Players entered or dropped while the round was out: they count from it again.",
    )


def _repaired(event: Event, repaired: Repaired) -> Response:
    body = {
        **round_body(event, repaired.number),
        "kept": list(repaired.kept),
        "new_rematches": [list(pair) for pair in repaired.new_rematches],
    }
    return Response(RoundRepairedOutput(body).data)


class RoundWithdrawApi(EventsApi):
    """Withdraw the last round while none of its tables has a hand or a director's result."""

    @idempotent
    @extend_schema(operation_id="events_rounds_withdraw", request=None, responses=RoundWithdrawnOutput)
    def post(self, request: Request, pk: int, number: int) -> Response:
        event = self.event(request, pk)
        try:
            withdrawn = round_withdraw(event=event, number=number, by=signed_in(request))
        except Round.DoesNotExist:
            raise Http404 from None
        body = {
            "number": withdrawn.number,
            "matches": list(withdrawn.matches),
            "entries_moved": list(withdrawn.entries),
        }
        return Response(RoundWithdrawnOutput(body).data)


class RoundSwapApi(EventsApi):
    """Swap two players of the last round's unstarted tables (or a table's player and a bye)."""

    @extend_schema_serializer(component_name="EventRoundSwapInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The two players to swap between tables."""

        players = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
            min_length=2,
            max_length=2,
            help_text="The two players' ids.",
        )

        def validate_players(self, players: list[int]) -> list[int]:
            """Refuse a player swapped with themselves."""
            if players[0] == players[1]:
                raise serializers.ValidationError(gettext("Choose two different players."))
            return players

    @idempotent
    @extend_schema(operation_id="events_rounds_swap", request=InputSerializer, responses=RoundRepairedOutput)
    def post(self, request: Request, pk: int, number: int) -> Response:
        event = self.event(request, pk)
        players = valid(self.InputSerializer, request.data)["players"]
        try:
            repaired = round_swap(event=event, number=number, players=players, by=signed_in(request))
        except Round.DoesNotExist:
            raise Http404 from None
        return _repaired(event, repaired)


class RoundRepairApi(EventsApi):
    """Pair the last round's tables without a hand again, on the standings as they are now."""

    @idempotent
    @extend_schema(operation_id="events_rounds_repair", request=None, responses=RoundRepairedOutput)
    def post(self, request: Request, pk: int, number: int) -> Response:
        event = self.event(request, pk)
        try:
            repaired = round_repair(event=event, number=number, by=signed_in(request))
        except Round.DoesNotExist:
            raise Http404 from None
        return _repaired(event, repaired)


class EntryReturnApi(EventsApi):
    """A dropped player back in the event, paired again from the next round."""

    @idempotent
    @extend_schema(operation_id="events_entries_return", request=None, responses=EventEntryOutput)
    def post(self, request: Request, pk: int, player: int) -> Response:
        event = self.event(request, pk)
        try:
            entry = entry_return(event=event, player_id=player, by=signed_in(request))
        except Entry.DoesNotExist:
            raise Http404 from None
        return Response(EventEntryOutput(entry).data)
