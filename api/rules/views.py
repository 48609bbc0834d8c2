"""The public, stateless rules API: game catalogue, capture listing and checking, hand replay."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.rules.game import Game, OptionSpec
from games.rules.registry import GAMES


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


class RulesListApi(APIView):
    """Every game Scorekeeper knows: player counts, options (key, default, allowed values), targets."""

    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(responses=GameSerializer(many=True), operation_id="rules_list")
    def get(self, request: Request) -> Response:
        games = sorted(GAMES.values(), key=lambda game: game.name)
        return Response(GameSerializer(games, many=True).data)  # type: ignore[arg-type]  # many=True takes a list
