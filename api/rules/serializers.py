"""Input and output shapes of the rules API. Field names are a contract: clients rely on them."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.rules.game import Game, OptionSpec


class OptionSerializer(serializers.Serializer[OptionSpec]):
    key = serializers.CharField()
    default = serializers.JSONField()
    allowed = serializers.ListField(child=serializers.JSONField())
    positive_int = serializers.BooleanField()
    nullable = serializers.BooleanField()
    rule = serializers.CharField()


class GameSerializer(serializers.Serializer[Game]):
    name = serializers.CharField()
    title = serializers.CharField()
    players = serializers.ListField(child=serializers.IntegerField())
    options = OptionSerializer(many=True, source="option_specs")
    target = serializers.SerializerMethodField()

    def get_target(self, game: Game) -> int | None:
        spec = next((spec for spec in game.option_specs if spec.key == "target"), None)
        return spec.default if spec and isinstance(spec.default, int) else None


def card_list(**kwargs: Any) -> serializers.ListField:
    """Card texts as sent by clients (parsed by the engine, which names bad ones)."""
    return serializers.ListField(child=serializers.CharField(max_length=8), max_length=60, **kwargs)


class OptionsField(serializers.DictField):
    """Game options by key (RULES.md A2); the engine rejects unknown keys and values."""

    child = serializers.JSONField()


class TwentyPlaySerializer(serializers.Serializer[dict[str, Any]]):
    seat = serializers.IntegerField()
    card = serializers.CharField(max_length=8)


class TwentyRoundReplayInput(serializers.Serializer[dict[str, Any]]):
    starter = serializers.IntegerField()
    bonus_cards = card_list()
    plays = TwentyPlaySerializer(many=True, max_length=60)  # type: ignore[call-arg]  # DRF 3.14+ has it; stubs lag
    options = OptionsField(required=False, default=dict)


class TwentyEventSerializer(serializers.Serializer[dict[str, Any]]):
    play_index = serializers.IntegerField()
    seat = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["exact_twenty", "over_twenty", "tally"])
    tally_cards = serializers.IntegerField()
    points = serializers.IntegerField()


class TwentyRoundReplayOutput(serializers.Serializer[dict[str, Any]]):
    bonus = serializers.IntegerField()
    events = TwentyEventSerializer(many=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    bonus_to = serializers.IntegerField(allow_null=True)
    complete = serializers.BooleanField()
