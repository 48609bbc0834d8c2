"""Events of a club: create (its admins), list and read (its members), and the standings."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.events.base import EventsApi
from api.idempotency import idempotent
from api.inputs import valid
from api.pagination import BoundedPagination
from api.records.base import ID_MAX, paginated
from api.records.people import NAME_HELP
from games.access import signed_in
from games.events import selectors
from games.events.models import Event
from games.events.services import event_create
from games.events.standings import TIEBREAKS
from games.events.summary import event_summary
from games.models import Season
from games.rules.registry import GAMES
from scorekeeper.throttles import EventCreateThrottle, account_refusal

ROUNDS_MAX = 99
POINTS_MAX = 1000


class ClubEventOutput(serializers.Serializer[Event]):
    """An event (docs/events.md): its game and options, format, rounds and version."""

    id = serializers.IntegerField()
    club = serializers.IntegerField(source="club_id")
    season = serializers.IntegerField(source="season_id", allow_null=True)
    name = serializers.CharField()
    game = serializers.CharField()
    options = serializers.DictField(help_text="Every option of the game, defaults filled in.")
    format = serializers.ChoiceField(choices=Event.Format.choices)
    rounds = serializers.IntegerField(help_text="Planned rounds (a round robin's: set at its first round).")
    points = serializers.DictField()
    tiebreaks = serializers.ListField(child=serializers.ChoiceField(choices=TIEBREAKS))
    seed = serializers.IntegerField()
    confirm_results = serializers.BooleanField(
        help_text="A table's result counts once a second person at the table confirms it."
    )
    keep_apart = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Pairs of players the pairing keeps apart, as it avoids rematches, wherever it can.",
    )
    version = serializers.IntegerField(
        help_text=(
            "Changes whenever what the event shows does (entries, rounds, results, the round clock),"
            " not at every play: poll and compare."
        )
    )
    created_by = serializers.CharField(source="created_by.username")
    created_at = serializers.DateTimeField()

    def to_representation(self, event: Event) -> dict[str, Any]:
        """The event with its version (the one already read, else the stored one)."""
        body = super().to_representation(event)
        shown = getattr(event, "shown_version", None)
        body["version"] = shown if shown is not None else selectors.event_version(event.pk) or 0
        return body


class EventPointsInput(serializers.Serializer[dict[str, Any]]):
    """An event's match points for a win, draw, loss, bye, or per place."""

    win = serializers.IntegerField(required=False, min_value=0, max_value=POINTS_MAX)
    draw = serializers.IntegerField(required=False, min_value=0, max_value=POINTS_MAX)
    loss = serializers.IntegerField(required=False, min_value=0, max_value=POINTS_MAX)
    bye = serializers.IntegerField(required=False, min_value=0, max_value=POINTS_MAX)
    places = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=POINTS_MAX),
        required=False,
        min_length=1,
        max_length=4,
        help_text="Pods: the points of the 1st, 2nd, ... place.",
    )


class EventListCreateApi(EventsApi):
    """A club's events, newest first (members); a club admin creates one and directs it."""

    @extend_schema_serializer(component_name="EventCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """A new event: its name, game and options, format and rounds."""

        name = serializers.CharField(max_length=120, allow_blank=True, help_text=NAME_HELP)
        game = serializers.ChoiceField(choices=sorted(GAMES))
        options = serializers.DictField(required=False, default=dict)
        format = serializers.ChoiceField(choices=Event.Format.choices, default=Event.Format.SWISS)
        rounds = serializers.IntegerField(
            required=False, min_value=1, max_value=ROUNDS_MAX, help_text="Ignored for round_robin."
        )
        season = serializers.PrimaryKeyRelatedField(
            queryset=Season.objects.all(), required=False, allow_null=True
        )
        points = EventPointsInput(required=False)
        tiebreaks = serializers.ListField(
            child=serializers.ChoiceField(choices=TIEBREAKS), required=False, max_length=len(TIEBREAKS)
        )
        seed = serializers.IntegerField(required=False, min_value=0, max_value=ID_MAX)
        confirm_results = serializers.BooleanField(
            default=False,
            help_text="A table's result counts only once a second person at the table confirms it.",
        )

        def validate(self, data: dict[str, Any]) -> dict[str, Any]:
            """Rounds are required except in a round robin; each tie-break once."""
            if data["format"] != Event.Format.ROUND_ROBIN and "rounds" not in data:
                raise serializers.ValidationError({"rounds": [gettext("This field is required.")]})
            if len(set(data.get("tiebreaks", []))) != len(data.get("tiebreaks", [])):
                raise serializers.ValidationError({"tiebreaks": [gettext("Each tie-break once.")]})
            return data

    @extend_schema(operation_id="clubs_events_list", responses=ClubEventOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        club = self.club(request, pk)
        events = selectors.event_list(user=request.user, club=club.pk)
        return paginated(self, request, events, ClubEventOutput)

    @idempotent
    @extend_schema(
        operation_id="clubs_events_create", request=InputSerializer, responses={201: ClubEventOutput}
    )
    def post(self, request: Request, pk: int) -> Response:
        club = self.club(request, pk)
        data = valid(self.InputSerializer, request.data)
        if refused := account_refusal(request, EventCreateThrottle):
            raise exceptions.Throttled(wait=refused.seconds, detail=refused.text)
        event = event_create(club=club, by=signed_in(request), **data)
        return Response(ClubEventOutput(event).data, status=status.HTTP_201_CREATED)


class EventDetailApi(EventsApi):
    """An event of a club you belong to."""

    @extend_schema(operation_id="events_retrieve", responses=ClubEventOutput)
    def get(self, request: Request, pk: int) -> Response:
        return Response(ClubEventOutput(self.event(request, pk)).data)


class EventStandingsRowOutput(serializers.Serializer[Any]):
    """One player's line in an event's standings: rank, points, record, tie-breaks."""

    player = serializers.IntegerField()
    name = serializers.CharField()
    rank = serializers.IntegerField(help_text="Shared by players level on points and every tie-break.")
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    opponents = serializers.ListField(child=serializers.IntegerField(), help_text="Round by round.")
    dropped = serializers.BooleanField()
    tiebreaks = serializers.DictField(child=serializers.FloatField(), help_text="Each tie-break's value.")


class EventStandingsOutput(serializers.Serializer[Any]):
    """A page of an event's standings, best first."""

    count = serializers.IntegerField(help_text="Every row, on every page.")
    next = serializers.URLField(allow_null=True, help_text="The next page (``?limit=&offset=``), if any.")
    previous = serializers.URLField(allow_null=True)
    rows = EventStandingsRowOutput(many=True, help_text="This page's rows, best first.")


class StandingsApi(EventsApi):
    """The standings now: points, then the event's tie-breaks in order, each with its value; a page of
    them (``?limit=`` rows, 50 unless asked, at most 200, from ``?offset=``), read from the event's
    summary, which is computed once per version of the event (docs/events.md)."""

    @extend_schema(operation_id="events_standings", responses=EventStandingsOutput)
    def get(self, request: Request, pk: int) -> Response:
        event = self.event(request, pk)
        summary = event_summary(event=event)
        paginator = BoundedPagination()
        page = [
            summary.row(values)
            for values in paginator.paginate_queryset(summary.rows, request, view=self) or []
        ]
        rows = [
            {
                **asdict(row),
                "name": summary.names.get(row.player, "?"),
                "dropped": row.player in summary.dropped,
            }
            for row in page
        ]
        body = {
            "count": len(summary.rows),
            "next": paginator.get_next_link(),
            "previous": paginator.get_previous_link(),
            "rows": rows,
        }
        return Response(EventStandingsOutput(body).data)
