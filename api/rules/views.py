"""The public, stateless rules API: game catalogue, capture listing and checking, hand replay.

Views only validate the shape of the input, call the engine and serialize; the engine raises a
``RuleViolation`` for anything against the rules, which the error handler turns into a 400.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from api.rules import serializers as s
from games.rules.cards import parse_cards
from games.rules.errors import RuleViolation
from games.rules.registry import GAMES
from games.rules.twenty import replay_round
from games.rules.twenty_round import parse_plays


class RulesThrottle(AnonRateThrottle):
    """The rules API is public: each client address gets ``RULES_THROTTLE_RATE``."""

    scope = "rules"


class RulesApi(APIView):
    """Base of the public rules endpoints: no login, throttled per address."""

    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_classes = [RulesThrottle]


@contextmanager
def at_play(play_index: int) -> Iterator[None]:
    """Name the play a violation comes from (``details.play_index``)."""
    try:
        yield
    except RuleViolation as violation:
        violation.facts.setdefault("play_index", play_index)
        raise


class RulesListApi(RulesApi):
    """Every game Scorekeeper knows: player counts, options (key, default, allowed values), targets."""

    @extend_schema(responses=s.GameSerializer(many=True), operation_id="rules_list")
    def get(self, request: Request) -> Response:
        games = sorted(GAMES.values(), key=lambda game: game.name)
        return Response(s.GameSerializer(games, many=True).data)  # type: ignore[arg-type]  # many=True


class TwentyRoundReplayApi(RulesApi):
    """Replay a round of Maltese Twenty: every tally event, the bonus and the round's totals."""

    @extend_schema(
        request=s.TwentyRoundReplayInput,
        responses=s.TwentyRoundReplayOutput,
        operation_id="rules_twenty_round_replay",
    )
    def post(self, request: Request) -> Response:
        data = s.TwentyRoundReplayInput(data=request.data)
        data.is_valid(raise_exception=True)
        report = replay_round(
            starter=data.validated_data["starter"],
            bonus_cards=parse_cards(data.validated_data["bonus_cards"]),
            plays=parse_plays((play["seat"], play["card"]) for play in data.validated_data["plays"]),
            options=data.validated_data["options"],
        )
        return Response(s.TwentyRoundReplayOutput(report.as_dict()).data)
