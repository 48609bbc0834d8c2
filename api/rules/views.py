"""The public, stateless rules API: game catalogue, capture listing and checking, hand replay.

Views only validate the shape of the input, call the engine and serialize; the engine raises a
``RuleViolation`` for anything against the rules, which the error handler turns into a 400.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from api.inputs import valid
from api.rules import serializers as s
from games.matches import convert
from games.matches.reviews import review_json
from games.messages import verdict_words
from games.rule_links import refusal_rule, refusal_url
from games.rules.capture.capturing import Capture, CardGroups, capture_check, capture_list
from games.rules.cards import Card, format_cards, parse_cards
from games.rules.errors import RuleViolation
from games.rules.game import Game, HandReport, HandSetup, LogEntry, Options
from games.rules.registry import GAMES, find_game
from games.rules.review import review
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
        context = {"request": request}
        return Response(s.GameSerializer(games, many=True, context=context).data)  # type: ignore[arg-type]  # many=True


class RulesReferenceApi(RulesApi):
    """A game's page of the rules reference (docs/rules/<game>.md), as Markdown."""

    @extend_schema(responses={(200, "text/markdown"): OpenApiTypes.STR}, operation_id="rules_reference")
    def get(self, request: Request, game: str) -> HttpResponse:
        found = find_game(game)
        page = Path(settings.BASE_DIR) / s.rules_page_path(found.name)
        return HttpResponse(page.read_text(encoding="utf-8"), content_type="text/markdown; charset=utf-8")


class TwentyRoundReplayApi(RulesApi):
    """Replay a round of Maltese Twenty: every tally event, the bonus and the round's totals."""

    @extend_schema(
        request=s.TwentyRoundReplayInput,
        responses=s.TwentyRoundReplayOutput,
        operation_id="rules_twenty_round_replay",
    )
    def post(self, request: Request) -> Response:
        data = valid(s.TwentyRoundReplayInput, request.data)
        report = replay_round(
            starter=data["starter"],
            bonus_cards=parse_cards(data["bonus_cards"]),
            plays=parse_plays((play["seat"], play["card"]) for play in data["plays"]),
            options=data["options"],
            number=data.get("round"),
        )
        return Response(s.TwentyRoundReplayOutput(report.as_dict()).data)


class TwentyRoundReviewApi(RulesApi):
    """Review a finished round of Maltese Twenty: each card rated by what it scored at once."""

    @extend_schema(
        request=s.TwentyRoundReplayInput,
        responses=s.HandReviewOutput,
        operation_id="rules_twenty_round_review",
    )
    def post(self, request: Request) -> Response:
        data = valid(s.TwentyRoundReplayInput, request.data)
        plays = parse_plays((play["seat"], play["card"]) for play in data["plays"])
        setup = HandSetup(
            players=2,
            starter=data["starter"],
            set_aside=parse_cards(data["bonus_cards"]),
            number=data.get("round"),
        )
        log = [LogEntry(seat=play.seat, card=play.card) for play in plays]
        reviewed = review("twenty", setup, log, data["options"])
        return Response(s.HandReviewOutput(review_json(reviewed)).data)


def _groups(groups: CardGroups) -> list[list[str]]:
    return [format_cards(group) for group in groups]


def _capture(capture: Capture) -> dict[str, object]:
    return {
        "cards": format_cards(capture.cards),
        "groups": _groups(capture.groups),
        "sweep": capture.sweep,
        "points": capture.points,
    }


class CapturesApi(RulesApi):
    """Settle a dispute: every legal capture of a card on a table, best first (sweep, points, cards)."""

    @extend_schema(request=s.CapturesInput, responses=s.CapturesOutput, operation_id="rules_captures")
    def post(self, request: Request, game: str) -> Response:
        data = valid(s.CapturesInput, request.data)
        found = capture_list(game, **data)
        body = {
            "captures": [_capture(capture) for capture in found.captures],
            "count": found.count,
            "complete": found.complete,
            "exact": found.exact,
        }
        return Response(s.CapturesOutput(body).data)


class CaptureCheckApi(RulesApi):
    """Was a claimed capture legal? Its grouping, or the reason and the legal alternatives; in words
    either way (``message``, in the reader's language). Taking nothing is a trail: legal unless
    capturing is compulsory and the card can take something (``capture.required``, Escoba E6, Tamlin
    T9)."""

    @extend_schema(
        request=s.CaptureCheckInput, responses=s.CaptureCheckOutput, operation_id="rules_captures_check"
    )
    def post(self, request: Request, game: str) -> Response:
        data = valid(s.CaptureCheckInput, request.data)
        verdict = capture_check(game, **data)
        words = verdict_words(verdict, data["card"], data["taken"])  # the reader's language
        if verdict.legal:
            body: dict[str, object] = {
                "legal": True,
                "groups": _groups(verdict.groups),
                "sweep": verdict.sweep,
                "message": words,
            }
        else:
            body = {
                "legal": False,
                "code": verdict.code,
                "message": words,
                "rule": refusal_rule(verdict.code, game),
                "rule_url": s.book_url(request, refusal_url(verdict.code, game)),
                "alternatives": [format_cards(cards) for cards in verdict.alternatives],
            }
        return Response(s.CaptureCheckOutput(body).data)


def _setup(game: Game, data: Mapping[str, Any]) -> HandSetup:
    """The hand setup from validated input (``tablos_before`` is Tablo's name for sweeps before)."""
    return HandSetup(
        players=data["players"],
        teams=data.get("teams", game.default_teams(data["players"])),
        dealer=data["dealer"],
        table=parse_cards(data["table"]),
        set_aside=parse_cards(data["set_aside"]),
        sweeps_before=tuple(data["tablos_before"]),
    )


def _log_entry(index: int, entry: Mapping[str, Any]) -> LogEntry:
    challenge = entry.get("challenge")
    if challenge is not None:
        return LogEntry(seat=challenge["by"], challenge_of=challenge["play_index"])
    with at_play(index):
        return LogEntry(
            seat=entry["seat"],
            card=Card.parse(entry["card"]),
            taken=parse_cards(entry["taken"]),
        )


def _report(report: HandReport) -> dict[str, object]:
    """The report's shared JSON, with the leftovers as an object and Escoba's challenge rulings."""
    return {
        **convert.report_json(report),
        "leftovers": {"cards": format_cards(report.leftovers), "side": report.leftover_side},
        "rulings": report.extra.get("rulings", []),
    }


def _whole_hand(request: Request, game: str) -> tuple[Game, HandSetup, list[LogEntry], Options]:
    """The validated input of ``/hands/replay/`` (and ``/hands/review/``): the game, setup, log, options."""
    data = valid(s.HandReplayInput, request.data)
    found = find_game(game)
    log = [_log_entry(index, entry) for index, entry in enumerate(data["plays"])]
    return found, _setup(found, data), log, data["options"]


class HandReplayApi(RulesApi):
    """Replay a whole hand: every play checked in order, the scores once the hand is complete."""

    @extend_schema(request=s.HandReplayInput, responses=s.HandReplayOutput, operation_id="rules_hand_replay")
    def post(self, request: Request, game: str) -> Response:
        found, setup, log, options = _whole_hand(request, game)
        report = found.replay_hand(setup, log, options)
        return Response(s.HandReplayOutput(_report(report)).data)


class HandReviewApi(RulesApi):
    """Review a whole hand: every play rated against the best the table and the seat's cards allowed."""

    @extend_schema(request=s.HandReplayInput, responses=s.HandReviewOutput, operation_id="rules_hand_review")
    def post(self, request: Request, game: str) -> Response:
        found, setup, log, options = _whole_hand(request, game)
        reviewed = review(found.name, setup, log, options)
        return Response(s.HandReviewOutput(review_json(reviewed)).data)


class HandSummaryApi(RulesApi):
    """Check a quick end-of-hand summary (counts per side) and score it; every problem at once."""

    @extend_schema(
        request=s.HandSummaryInput, responses=s.HandReplayOutput, operation_id="rules_hand_summary"
    )
    def post(self, request: Request, game: str) -> Response:
        data = valid(s.HandSummaryInput, request.data)
        found = find_game(game)
        sides = data["sides"]
        report = found.score_summary(_setup(found, data), sides, data["options"])
        return Response(s.HandReplayOutput(_report(report)).data)
