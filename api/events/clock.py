"""The round clock: read it (the event's members), start, pause or take it off (its directors). It is a
deadline the server keeps, so every phone and the TV count down to the same moment (docs/events.md,
"Round clock")."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.events.base import EventsApi
from api.inputs import valid
from games.access import signed_in
from games.events.clock import (
    MINUTES_MAX,
    round_clock,
    round_clock_pause,
    round_clock_reset,
    round_clock_start,
)
from games.events.models import Event


class RoundClockOutput(serializers.Serializer[Any]):
    """An event's round clock: its length, whether it runs, and the time left."""

    minutes = serializers.IntegerField(allow_null=True, help_text="The clock's length; null: no clock.")
    running = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True, help_text="When it reaches zero, while running.")
    left = serializers.IntegerField(allow_null=True, help_text="Seconds left at `now`.")
    now = serializers.DateTimeField(help_text="The server's time, to count down from.")


def clock_body(event: Event) -> dict[str, object]:
    """The event's round clock as RoundClockOutput shows it (stopped when it has none)."""
    clock = round_clock(event)
    if clock is None:
        return {"minutes": None, "running": False, "deadline": None, "left": None, "now": timezone.now()}
    return {
        "minutes": clock.minutes,
        "running": clock.running,
        "deadline": clock.deadline,
        "left": clock.left,
        "now": clock.now,
    }


class RoundClockApi(EventsApi):
    """``GET``: the round clock. ``POST`` ``{"action": "start", "minutes": N}`` starts a clock of N
    minutes (without ``minutes``: the stopped one again, from where it stopped), ``{"action": "pause"}``
    stops it keeping what it has left, ``{"action": "reset"}`` takes it off."""

    class InputSerializer(serializers.Serializer[Any]):
        """Start the round clock (for ``minutes``, else from where it stopped), pause it or take it off."""

        action = serializers.ChoiceField(choices=("start", "pause", "reset"))
        minutes = serializers.IntegerField(min_value=1, max_value=MINUTES_MAX, required=False)

    @extend_schema(operation_id="events_clock_retrieve", responses=RoundClockOutput)
    def get(self, request: Request, pk: int) -> Response:
        return Response(RoundClockOutput(clock_body(self.event(request, pk))).data)

    @extend_schema(operation_id="events_clock_set", request=InputSerializer, responses=RoundClockOutput)
    def post(self, request: Request, pk: int) -> Response:
        event = self.event(request, pk)
        data = valid(self.InputSerializer, request.data)
        by = signed_in(request)
        if data["action"] == "start":
            event = round_clock_start(event=event, by=by, minutes=data.get("minutes"))
        elif data["action"] == "pause":
            event = round_clock_pause(event=event, by=by)
        else:
            event = round_clock_reset(event=event, by=by)
        return Response(RoundClockOutput(clock_body(event)).data)
