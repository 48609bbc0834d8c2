"""Entries: the director enters club members, their own guests and walk-ins, checks them in and drops
them; members read the list."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.events.base import EventsApi
from api.events.events import ClubEventOutput
from api.idempotency import idempotent
from api.inputs import valid
from api.records.base import ID_MAX, paginated
from api.records.people import NAME_HELP
from games.access import signed_in
from games.events import selectors
from games.events.models import Entry
from games.events.services import entry_add, entry_check_in, entry_drop, event_keep_apart
from games.people.selectors.players import players_seatable
from scorekeeper.throttles import WalkInThrottle, account_refusal


class EventEntryOutput(serializers.Serializer[Entry]):
    """A player entered in an event: the rounds paired for them and their check-in."""

    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    joined_round = serializers.IntegerField(help_text="The first round paired for the player.")
    dropped_round = serializers.IntegerField(
        allow_null=True, help_text="The first round no longer paired for the player (null: still in)."
    )
    checked_in_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()


class EntryListCreateApi(EventsApi):
    """The event's entries in the order they came; the director enters a player or a walk-in."""

    @extend_schema_serializer(component_name="EventEntryCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The player to enter (a member's, or the director's own player or guest)."""

        player = serializers.IntegerField(
            required=False,
            min_value=1,
            max_value=ID_MAX,
            help_text="A club member's player, or the director's own player or guest.",
        )
        name = serializers.CharField(
            required=False, max_length=80, help_text=f"A walk-in: a new guest of the director. {NAME_HELP}"
        )

        def validate(self, data: dict[str, Any]) -> dict[str, Any]:
            """The player among those the director may seat at the club's tables: any other id gets
            the answer of an id no one has."""
            if ("player" in data) == ("name" in data):
                raise serializers.ValidationError(gettext("Give either a player or a walk-in's name."))
            if "player" not in data:
                return data
            by, club, pk = self.context["by"], self.context["club"], data["player"]
            player = players_seatable(by=by, club=club, ids=[pk]).get(pk)
            if player is None:
                message = gettext("No such players: %(ids)s.") % {"ids": [data["player"]]}
                raise serializers.ValidationError({"player": [message]})
            return {**data, "player": player}

    @extend_schema(operation_id="events_entries_list", responses=EventEntryOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        event = self.event(request, pk)
        return paginated(self, request, selectors.entry_list(event=event), EventEntryOutput)

    @idempotent
    @extend_schema(
        operation_id="events_entries_create", request=InputSerializer, responses={201: EventEntryOutput}
    )
    def post(self, request: Request, pk: int) -> Response:
        event = self.event(request, pk)
        by = signed_in(request)
        data = valid(self.InputSerializer, request.data, {"by": by, "club": event.club})
        if "name" in data and (refused := account_refusal(request, WalkInThrottle)):
            raise exceptions.Throttled(wait=refused.seconds, detail=refused.text)
        entry = entry_add(event=event, by=by, **data)
        return Response(EventEntryOutput(entry).data, status=status.HTTP_201_CREATED)


class EntryDropApi(EventsApi):
    """The player leaves the event: not paired from the next round on; the results so far stay."""

    @idempotent
    @extend_schema(operation_id="events_entries_drop", request=None, responses=EventEntryOutput)
    def post(self, request: Request, pk: int, player: int) -> Response:
        event = self.event(request, pk)
        try:
            entry = entry_drop(event=event, player_id=player, by=signed_in(request))
        except Entry.DoesNotExist:
            raise Http404 from None
        return Response(EventEntryOutput(entry).data)


class EntryCheckInApi(EventsApi):
    """The director's roll call: the player is here (``undo``: is not after all)."""

    @extend_schema_serializer(component_name="EventEntryCheckInInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """Check the player in, or undo the check-in."""

        undo = serializers.BooleanField(default=False)

    @extend_schema(
        operation_id="events_entries_check_in", request=InputSerializer, responses=EventEntryOutput
    )
    def post(self, request: Request, pk: int, player: int) -> Response:
        event = self.event(request, pk)
        undo = valid(self.InputSerializer, request.data)["undo"]
        try:
            entry = entry_check_in(event=event, player_id=player, by=signed_in(request), undo=undo)
        except Entry.DoesNotExist:
            raise Http404 from None
        return Response(EventEntryOutput(entry).data)


class KeepApartApi(EventsApi):
    """The pairs of entrants the pairing keeps apart (family, clubmates), as it avoids rematches, from the
    next round paired on; the pairs given replace those set before (an empty list: none)."""

    @extend_schema_serializer(component_name="EventKeepApartInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The pairs of players the pairing keeps apart (the whole list, replaced)."""

        pairs = serializers.ListField(
            child=serializers.ListField(
                child=serializers.IntegerField(min_value=1, max_value=ID_MAX), min_length=2, max_length=2
            ),
            max_length=500,
            help_text="Each pair: two players entered in the event.",
        )

    @extend_schema(operation_id="events_keep_apart", request=InputSerializer, responses=ClubEventOutput)
    def put(self, request: Request, pk: int) -> Response:
        event = self.event(request, pk)
        pairs = valid(self.InputSerializer, request.data)["pairs"]
        event = event_keep_apart(event=event, by=signed_in(request), pairs=pairs)
        return Response(ClubEventOutput(event).data)
