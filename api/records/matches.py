"""Matches: start, list (filtered, paginated), detail, scoreboard, rematch, abandon, share link."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from api.idempotency import idempotent
from api.inputs import valid
from api.records.base import (
    ID_MAX,
    NAME_MAX,
    SEATS_MAX,
    SHARE_PARAM,
    RecordsApi,
    RevalidatedApi,
    paginated,
    tagged,
)
from api.reports import EventOutput
from games.access import can_write_match, signed_in
from games.emoji import MAX_LENGTH as EMOJI_LENGTH
from games.emoji import one_emoji
from games.matches.selectors.matches import match_get, match_list
from games.matches.selectors.scoreboards import scoreboard_for, sides_of_match
from games.matches.services.matches import match_abandon, match_rematch, match_share, match_start
from games.matches.services.seating import match_start_seating
from games.models import Club, Match, Season
from games.people.selectors.players import players_seatable
from games.rules.registry import GAMES
from scorekeeper.public import public_url

SHARE = OpenApiParameter(
    SHARE_PARAM, str, description="The match's share token: read-only access for spectators."
)


class SeatOutput(serializers.Serializer[Any]):
    """A seat of a match and its player."""

    number = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    emoji = serializers.CharField(help_text="The seat's emoji, shown beside the name; empty: none.")


class MatchOutput(serializers.Serializer[Match]):
    """A match as lists show it: the game, who sits where, the result so far."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    teams = serializers.BooleanField()
    club = serializers.IntegerField(source="club_id", allow_null=True)
    season = serializers.IntegerField(source="season_id", allow_null=True)
    seats = SeatOutput(many=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    target = serializers.IntegerField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True, help_text="Side index of the winner, once finished.")
    draw = serializers.BooleanField()
    created_by = serializers.CharField(source="created_by.username")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class MatchDetailOutput(MatchOutput):
    """A match in full: the list's fields, its options, sides and share token."""

    options = serializers.DictField(
        help_text="Every option of the game, defaults filled in (docs/rules/shared.md A2), and the rules "
        "edition the match is played under (A5)."
    )
    time_limit_minutes = serializers.IntegerField(allow_null=True)
    sides = serializers.SerializerMethodField()
    result_extra = serializers.DictField(
        help_text="The engine's game-specific match facts (e.g. Tablo tallies)."
    )
    share_token = serializers.SerializerMethodField()
    first_dealer = serializers.IntegerField(help_text="The seat that deals hand 1 (docs/rules/shared.md A4).")
    rematch_of = serializers.IntegerField(
        source="rematch_of_id", allow_null=True, help_text="The finished match this one plays again."
    )

    def get_sides(self, match: Match) -> list[list[int]]:
        """Each side's seat numbers."""
        return [[seat.number for seat in side] for side in sides_of_match(match)]

    def get_share_token(self, match: Match) -> str | None:
        """Shown to those who may write the match, when a share link exists."""
        return match.share_token or None if self.context.get("writer") else None


class MatchListCreateApi(RecordsApi):
    """Matches I may read (created, played, or of my clubs), newest first; start one."""

    @extend_schema_serializer(component_name="MatchListCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """A new match: its game, players (or names), options, teams, club and season."""

        game = serializers.ChoiceField(choices=sorted(GAMES))
        players = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
            max_length=SEATS_MAX,
            required=False,
            help_text="Player ids in seat order: seat 0, 1, ... (or ``names``).",
        )
        names = serializers.ListField(
            child=serializers.CharField(max_length=NAME_MAX),
            max_length=SEATS_MAX,
            required=False,
            help_text="Instead of ``players``: names in seat order, as typed at the table, each seating "
            "what the web form's seat does. A typed name seats the caller (their user or player name), "
            "else the caller's own guest of that name, else a new guest: never another account. "
            "Another account is seated only by its handle, as the suggestions give it (``Mira @mira``): "
            "a club member at once, a past opponent invited to the seat. A phone sends a match started "
            "offline this way.",
        )
        emojis = serializers.ListField(
            child=serializers.CharField(max_length=EMOJI_LENGTH, allow_blank=True),
            max_length=SEATS_MAX,
            required=False,
            help_text="An emoji for each seat, in seat order, to tell the players apart on the screens: "
            'each one emoji (a flag, a keycap or a joined sequence counts as one) or "" for none; may '
            "be shorter than the seats.",
        )
        options = serializers.DictField(required=False, default=dict)
        teams = serializers.BooleanField(default=False)
        club = serializers.PrimaryKeyRelatedField(
            queryset=Club.objects.all(), required=False, allow_null=True
        )
        season = serializers.PrimaryKeyRelatedField(
            queryset=Season.objects.all(), required=False, allow_null=True
        )

        def validate(self, data: dict[str, Any]) -> dict[str, Any]:
            """The players, looked up in one query among those the caller may seat: an id of anyone
            else's guest or of an account outside the club gets the answer of an id no one has."""
            if ("players" in data) == ("names" in data):
                message = gettext("Give either players (ids) or names.")
                raise serializers.ValidationError({"players": [message]})
            _verify_emojis(data.get("emojis", []), len(data.get("players", data.get("names", []))))
            if "names" in data:
                return data
            ids, club = data["players"], data.get("club") or getattr(data.get("season"), "club", None)
            found = players_seatable(by=self.context["by"], club=club, ids=ids)
            if missing := sorted(set(ids) - set(found)):
                message = gettext("No such players: %(ids)s.") % {"ids": missing}
                raise serializers.ValidationError({"players": [message]})
            return {**data, "players": [found[pk] for pk in ids]}

    @extend_schema(
        operation_id="matches_list",
        parameters=[
            OpenApiParameter("club", int),
            OpenApiParameter("season", int),
            OpenApiParameter("player", int),
            OpenApiParameter("game", str, enum=sorted(GAMES)),
            OpenApiParameter("status", str, enum=Match.Status.values),
        ],
        responses=MatchOutput(many=True),
    )
    def get(self, request: Request) -> Response:
        matches = match_list(user=request.user, **valid(_Filters, request.query_params))
        return paginated(self, request, matches, MatchOutput)

    @idempotent
    @extend_schema(operation_id="matches_create", request=InputSerializer, responses={201: MatchDetailOutput})
    def post(self, request: Request) -> Response:
        by = signed_in(request)
        data = valid(self.InputSerializer, request.data, {"by": by})
        start = match_start_seating if "names" in data else match_start
        match = start(by=by, **data)
        match = match_get(match.pk)
        return Response(
            MatchDetailOutput(match, context={"writer": True}).data, status=status.HTTP_201_CREATED
        )


def _verify_emojis(emojis: list[str], seats: int) -> None:
    """Each emoji one emoji or empty, no more of them than seats (games/emoji.py)."""
    if len(emojis) > seats:
        message = gettext("More emojis than seats: %(emojis)s for %(seats)s.")
        raise serializers.ValidationError({"emojis": [message % {"emojis": len(emojis), "seats": seats}]})
    if any(each and not one_emoji(each) for each in emojis):
        raise serializers.ValidationError({"emojis": [gettext("Type one emoji, or leave it empty.")]})


class _Filters(serializers.Serializer[dict[str, Any]]):
    club = serializers.IntegerField(required=False, min_value=1, max_value=ID_MAX)
    season = serializers.IntegerField(required=False, min_value=1, max_value=ID_MAX)
    player = serializers.IntegerField(required=False, min_value=1, max_value=ID_MAX)
    game = serializers.CharField(required=False, max_length=20)
    status = serializers.ChoiceField(choices=Match.Status.choices, required=False)


class MatchDetailApi(RecordsApi):
    """A match; its share token only for those who may write it."""

    permission_classes = [AllowAny]  # games.access decides, share links included

    @extend_schema(operation_id="matches_retrieve", parameters=[SHARE], responses=MatchDetailOutput)
    def get(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        writer = can_write_match(request.user, match)
        return Response(MatchDetailOutput(match, context={"writer": writer}).data)


class BreakdownCellOutput(serializers.Serializer[Any]):
    """One item of a side's score in a hand, in the reader's language."""

    key = serializers.CharField(help_text="The item: a points key, or cards, tablos, leftovers, total...")
    label = serializers.CharField(help_text="The item in the request's language.")  # type: ignore[assignment]  # a field named "label"
    value = serializers.IntegerField(allow_null=True)
    points = serializers.BooleanField(help_text="False when the value is a count (cards taken, tablos).")
    note = serializers.CharField(help_text="Why, e.g. a tie or who took the leftovers; may be empty.")


class BreakdownRowOutput(serializers.Serializer[Any]):
    """One item of a hand's score across the sides, and the cards behind it."""

    key = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field named "label", not Field.label
    values = serializers.ListField(child=serializers.IntegerField(allow_null=True), help_text="Per side.")
    points = serializers.BooleanField()
    note = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())


class HandLineOutput(serializers.Serializer[Any]):
    """One side's line for one hand on the scoreboard."""

    number = serializers.IntegerField()
    total = serializers.IntegerField()
    cards = serializers.IntegerField()
    sweeps = serializers.IntegerField()
    points = serializers.DictField(child=serializers.IntegerField())
    events = EventOutput(many=True, help_text="This side's events in the hand.")
    breakdown = BreakdownCellOutput(many=True, help_text="This side's column of the hand's breakdown.")


class HandBreakdownOutput(serializers.Serializer[Any]):
    """A hand's events and its score item by item."""

    number = serializers.IntegerField()
    events = EventOutput(many=True)
    breakdown = BreakdownRowOutput(many=True)


class SideBoardOutput(serializers.Serializer[Any]):
    """One side on the scoreboard: its players, total and a line per hand."""

    index = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.IntegerField())
    players = serializers.ListField(child=serializers.CharField())
    total = serializers.IntegerField()
    hands = HandLineOutput(many=True)
    sweeps = serializers.IntegerField(help_text="Sweeps over the match: Tablo's tablos, Escoba's escobas.")
    points = serializers.DictField(child=serializers.IntegerField(), help_text="Each points key summed.")
    extra = serializers.DictField(help_text="The engine's per-side match facts, e.g. Tablo's tally marks.")
    to_target = serializers.IntegerField(allow_null=True)
    progress_pct = serializers.IntegerField(allow_null=True)
    leader = serializers.BooleanField()


class ScoreboardOutput(serializers.Serializer[Any]):
    """A match's scoreboard: each side's total and hands."""

    match = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    target = serializers.IntegerField(allow_null=True)
    hands_closed = serializers.IntegerField()
    sides = SideBoardOutput(many=True)
    leader = serializers.IntegerField(allow_null=True)
    finished = serializers.BooleanField()
    winner = serializers.IntegerField(allow_null=True)
    draw = serializers.BooleanField()
    extra = serializers.DictField()
    hands = HandBreakdownOutput(many=True, help_text="Each closed hand's events and breakdown, all sides.")


class MatchScoreboardApi(RevalidatedApi):
    """Per side: total, per-hand breakdown, sweeps and tally marks, progress to the target; leader, winner."""

    permission_classes = [AllowAny]  # games.access decides, share links included

    @extend_schema(operation_id="matches_scoreboard", parameters=[SHARE], responses=ScoreboardOutput)
    def get(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        return tagged(Response(ScoreboardOutput(scoreboard_for(match)).data), match)


class MatchRematchApi(RecordsApi):
    """A finished match played again: the same seats, sides, options, club and season, hand 1 dealt by
    the seat the deal passes to (docs/rules/shared.md A4); 409 ``match.not_finished`` before it ends.
    Once only: 201 with the new match the first time, 200 with that same match after."""

    @idempotent
    @extend_schema(
        operation_id="matches_rematch",
        request=None,
        responses={201: MatchDetailOutput, 200: MatchDetailOutput},
    )
    def post(self, request: Request, pk: int) -> Response:
        rematch, made = match_rematch(match=self.match(request, pk), by=signed_in(request))
        return Response(
            MatchDetailOutput(match_get(rematch.pk), context={"writer": True}).data,
            status=status.HTTP_201_CREATED if made else status.HTTP_200_OK,
        )


class MatchAbandonApi(RecordsApi):
    """Abandon a match: it stops for good, its hands stay as recorded."""

    @idempotent
    @extend_schema(operation_id="matches_abandon", request=None, responses=MatchDetailOutput)
    def post(self, request: Request, pk: int) -> Response:
        match_abandon(match=self.match(request, pk), by=request.user)
        return Response(MatchDetailOutput(match_get(pk), context={"writer": True}).data)


class MatchShareApi(RecordsApi):
    """A read-only share link for spectators: POST makes a new one (the old stops working), DELETE ends it."""

    @extend_schema_serializer(component_name="MatchShareOutput")
    class OutputSerializer(serializers.Serializer[Any]):
        """The match's share token and the spectators' scoreboard."""

        share_token = serializers.CharField(allow_null=True)
        scoreboard = serializers.CharField(allow_null=True, help_text="The spectators' scoreboard URL.")

    @idempotent
    @extend_schema(operation_id="matches_share", request=None, responses=OutputSerializer)
    def post(self, request: Request, pk: int) -> Response:
        match = match_share(match=self.match(request, pk), by=request.user)
        url = public_url(request, f"/api/v1/matches/{pk}/scoreboard/?{SHARE_PARAM}={match.share_token}")
        return Response(self.OutputSerializer({"share_token": match.share_token, "scoreboard": url}).data)

    @extend_schema(operation_id="matches_unshare", request=None, responses={204: None})
    def delete(self, request: Request, pk: int) -> Response:
        match_share(match=self.match(request, pk), enabled=False, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
