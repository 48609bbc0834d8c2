"""The JSON shape of the engine's hand report, one for the rules API and the records API alike."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class EventOutput(serializers.Serializer[Any]):
    """Points a play scored the moment it was made (a tablo, a sweep, a challenge, a Twenty award...)."""

    play_index = serializers.IntegerField(help_text="The play's index in the hand, from 0.")
    kind = serializers.CharField(
        help_text="tablo, sweep, challenge, tamlin, jack_penalty, exact_twenty, over_twenty or tally."
    )
    side = serializers.IntegerField()
    points = serializers.IntegerField()


class SideOutput(serializers.Serializer[Any]):
    """One side of a hand: its seats, cards and sweeps taken, and its points by the game's own keys."""

    seats = serializers.ListField(child=serializers.IntegerField())
    cards = serializers.IntegerField()
    sweeps = serializers.IntegerField()
    points = serializers.DictField(child=serializers.IntegerField(), help_text="The game's own points keys.")
    total = serializers.IntegerField()


class HandReportOutput(serializers.Serializer[Any]):
    """Where a hand stands, as the engine replays it (final once ``complete``): ``convert.report_json``."""

    complete = serializers.BooleanField()
    next_seat = serializers.IntegerField(allow_null=True)
    table = serializers.ListField(child=serializers.CharField())
    events = EventOutput(many=True, help_text="What each play scored at once, in play order.")
    sides = SideOutput(many=True)
