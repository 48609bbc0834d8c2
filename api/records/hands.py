"""Hands of a match: start, list, detail, close, quick summary, correction, history.

Each write hands the service a reference to the match or hand (``RecordsApi.match_ref``/``hand_ref``):
the service locks it, checks the request there, writes, and the answer is drawn from the rows it
returns, not read again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response

from api.idempotency import idempotent
from api.records.base import (
    DECK_MAX,
    SEATS_MAX,
    SEQ_MAX,
    SMALL_MAX,
    CardsField,
    RecordsApi,
    RevalidatedApi,
    SignedInOrTableGuest,
    paginated,
    recorder,
    tagged,
    valid_or_found,
)
from api.records.matches import SHARE, BreakdownRowOutput
from api.reports import HandReportOutput
from api.rules.serializers import HandReviewOutput
from games.breakdowns import hand_breakdown
from games.matches import convert
from games.matches.history import hand_history
from games.matches.reviews import hand_review, review_json
from games.matches.selectors.hands import PlayLine, hand_list, hand_log, hand_report
from games.matches.services.hands import (
    PlayInput,
    hand_close,
    hand_correct,
    hand_start,
    hand_summary_record,
    summary_pending,
)
from games.models import Hand, Match


class ReportOutput(HandReportOutput):
    """The report as the records API stores and shows it: the leftovers' cards and side, why they went
    there, each item the hand scored, and the game's own facts."""

    leftovers = serializers.ListField(child=serializers.CharField())
    leftover_side = serializers.IntegerField(allow_null=True)
    leftover_reason = serializers.CharField(
        allow_null=True, help_text="last_capture, last_card_capture or highest_last_card."
    )
    breakdown = BreakdownRowOutput(many=True, help_text="Once complete: each item the hand scored, per side.")
    extra = serializers.DictField(help_text="Game-specific facts: Twenty's tally events, Escoba's rulings...")


class PlayOutput(serializers.Serializer[Any]):
    """One stored play: its sequence number, seat, card, cards taken and challengers."""

    seq = serializers.IntegerField()
    seat = serializers.IntegerField()
    card = serializers.CharField()
    taken = serializers.ListField(child=serializers.CharField())
    challenged_by = serializers.ListField(child=serializers.IntegerField())


class HandListOutput(serializers.Serializer[Hand]):
    """A hand in a match's list: its dealer, setup, mode and each side's total."""

    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    starter = serializers.IntegerField(allow_null=True)
    table = serializers.ListField(child=serializers.CharField(), help_text="The initial table.")
    set_aside = serializers.ListField(child=serializers.CharField())
    mode = serializers.ChoiceField(choices=Hand.Mode.choices)
    is_open = serializers.BooleanField()
    next_seq = serializers.IntegerField(help_text="What the next play must send as expected_seq.")
    revision = serializers.IntegerField(
        help_text="Counts every write; a play may send it as expected_revision."
    )
    corrections = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    totals = serializers.SerializerMethodField(help_text="Each side's points in this hand, once closed.")

    def get_totals(self, hand: Hand) -> list[int]:
        """Each side's total for the hand, in side order."""
        return [score.total for score in sorted(hand.scores.all(), key=lambda score: score.side)]


class HandOutput(HandListOutput):
    """A hand in full: the list's fields, its state as the engine replays it, its plays or summary."""

    state = serializers.SerializerMethodField()
    plays = serializers.SerializerMethodField()
    summary = serializers.SerializerMethodField()

    @extend_schema_field(ReportOutput)
    def get_state(self, hand: Hand) -> dict[str, Any]:
        """The engine's report on the hand, and its breakdown once complete."""
        report = summary_pending(hand) or hand_report(hand)
        breakdown = hand_breakdown(hand.match.game, hand.match.options, report) if report.complete else []
        return {**convert.report_json(report), "breakdown": breakdown}

    @extend_schema_field(PlayOutput(many=True))
    def get_plays(self, hand: Hand) -> list[PlayLine]:
        """The hand's plays in order."""
        return hand_log(hand)

    @extend_schema_field(serializers.ListField(child=serializers.DictField(), allow_null=True))
    def get_summary(self, hand: Hand) -> list[dict[str, Any]] | None:
        """The summary's entries per side, or null for a hand recorded play by play."""
        summary = getattr(hand, "summary", None) if hand.mode == Hand.Mode.SUMMARY else None
        return None if summary is None else list(summary.entries)


class ProgressOutput(serializers.Serializer[Match]):
    """The match after this hand: totals and result, as the engine gives them."""

    status = serializers.ChoiceField(choices=Match.Status.choices)
    totals = serializers.ListField(child=serializers.IntegerField())
    target = serializers.IntegerField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    draw = serializers.BooleanField()


class HandResultOutput(serializers.Serializer[Any]):
    """A hand just written and its match's progress."""

    hand = HandOutput()
    match = ProgressOutput()


def _result(hand: Hand) -> Response:
    """The hand and its match as the service that wrote them returns them (``hand.match``)."""
    return Response(HandResultOutput({"hand": hand, "match": hand.match}).data)


def _found(write: Callable[[], Hand]) -> Hand:
    """The service's result; no match or hand where its reference points is 404."""
    try:
        return write()
    except (Match.DoesNotExist, Hand.DoesNotExist):
        raise Http404 from None


class HandListCreateApi(RecordsApi):
    """A match's hands; start the next one (the dealer rotates unless given; the engine checks the setup)."""

    @extend_schema_serializer(component_name="HandListCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The next hand's dealer, starter, cards, mode and number (all optional)."""

        dealer = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=SMALL_MAX)
        starter = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=0,
            max_value=SMALL_MAX,
            help_text="Twenty: 0 in round 1, 1 in round 2.",
        )
        table = CardsField(required=False, default=list)
        set_aside = CardsField(
            required=False, default=list, help_text="Twenty's bonus cards; Scopone's cards out."
        )
        mode = serializers.ChoiceField(
            choices=Hand.Mode.choices,
            default=Hand.Mode.PLAYS,
            help_text="`summary`: scored from its quick summary alone, so `table` may be left out.",
        )
        number = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=1,
            max_value=SMALL_MAX,
            help_text="The number the hand is to have (a phone that started it offline sends it): "
            "`hand.not_next` when the match's next hand is another.",
        )

    def get_permissions(self) -> list[BasePermission]:
        """Anyone the match lets read may list; writing needs an account or a table's token."""
        return [AllowAny()] if self.request.method == "GET" else [SignedInOrTableGuest()]

    @extend_schema(operation_id="hands_list", parameters=[SHARE], responses=HandListOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        return paginated(self, request, hand_list(match=self.match(request, pk)), HandListOutput)

    @idempotent
    @extend_schema(operation_id="hands_create", request=InputSerializer, responses={201: HandOutput})
    def post(self, request: Request, pk: int) -> Response:
        data = valid_or_found(self, request, pk, None, self.InputSerializer)
        hand = _found(lambda: hand_start(match=self.match_ref(request, pk), **data))
        return Response(HandOutput(hand).data, status=status.HTTP_201_CREATED)


class HandDetailApi(RevalidatedApi):
    """A hand of a match, with its plays or summary and the engine's report."""

    permission_classes = [AllowAny]  # games.access decides, share links included

    @extend_schema(operation_id="hands_retrieve", parameters=[SHARE], responses=HandOutput)
    def get(self, request: Request, pk: int, number: int) -> Response:
        hand = self.hand(request, pk, number)
        return tagged(Response(HandOutput(hand).data), hand.match)


class HandReviewApi(RecordsApi):
    """A hand recorded play by play, every play rated against the best the table and the seat's cards
    allowed (a hand entered by its counts has no review: ``review.no_plays``)."""

    permission_classes = [AllowAny]  # games.access decides, share links included

    @extend_schema(operation_id="hands_review", parameters=[SHARE], responses=HandReviewOutput)
    def get(self, request: Request, pk: int, number: int) -> Response:
        reviewed = hand_review(self.hand(request, pk, number))
        return Response(HandReviewOutput(review_json(reviewed)).data)


class HandCloseApi(RecordsApi):
    """Close a hand whose plays are over: the engine scores it, the match's progress follows."""

    permission_classes = [SignedInOrTableGuest]  # games.access lets a guest record its table

    @idempotent
    @extend_schema(operation_id="hands_close", request=None, responses=HandResultOutput)
    def post(self, request: Request, pk: int, number: int) -> Response:
        return _result(_found(lambda: hand_close(hand=self.hand_ref(request, pk, number))))


class SummaryCreateApi(RecordsApi):
    """Quick entry instead of plays: each side's counts in the game's keys; the hand closes."""

    permission_classes = [SignedInOrTableGuest]  # games.access lets a guest record its table

    @extend_schema_serializer(component_name="SummaryCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """Each side's counts in the game's summary keys."""

        sides = serializers.ListField(
            child=serializers.DictField(),
            min_length=1,
            max_length=SEATS_MAX,
            help_text="Per side, e.g. Tablo {cards, point_cards, tablos}; see GET /api/v1/rules/.",
        )

    @idempotent
    @extend_schema(operation_id="hands_summary", request=InputSerializer, responses={201: HandResultOutput})
    def post(self, request: Request, pk: int, number: int) -> Response:
        data = valid_or_found(self, request, pk, number, self.InputSerializer)
        hand = self.hand_ref(request, pk, number)
        response = _result(
            _found(lambda: hand_summary_record(hand=hand, entries=data["sides"], by=recorder(request)))
        )
        response.status_code = status.HTTP_201_CREATED
        return response


class CorrectPlaySerializer(serializers.Serializer[dict[str, Any]]):
    """A play in a corrected hand: seat, card, cards taken and challengers."""

    seat = serializers.IntegerField(min_value=0, max_value=SMALL_MAX)
    card = serializers.CharField(max_length=4)
    taken = CardsField(required=False, default=list)
    challenged_by = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=SMALL_MAX),
        required=False,
        default=list,
        max_length=SEATS_MAX,
    )


class HandCorrectApi(RecordsApi):
    """Replace a closed hand's plays or summary; the match is rescored from the stored logs."""

    permission_classes = [SignedInOrTableGuest]  # games.access lets a guest record its table

    @extend_schema_serializer(component_name="HandCorrectInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The hand's new plays or summary, and the revision they replace."""

        plays = CorrectPlaySerializer(many=True, required=False, max_length=DECK_MAX)  # type: ignore[call-arg]  # DRF 3.14+; stubs lag
        summary = serializers.ListField(child=serializers.DictField(), required=False, max_length=SEATS_MAX)
        expected_revision = serializers.IntegerField(
            min_value=0,
            max_value=SEQ_MAX,
            required=False,
            help_text="The hand's revision as this client saw it; stale: 409 hand.out_of_sync.",
        )

    @idempotent
    @extend_schema(operation_id="hands_correct", request=InputSerializer, responses=HandResultOutput)
    def post(self, request: Request, pk: int, number: int) -> Response:
        data = valid_or_found(self, request, pk, number, self.InputSerializer)
        plays = None if "plays" not in data else [PlayInput(**play) for play in data["plays"]]
        hand = self.hand_ref(request, pk, number)
        corrected = _found(
            lambda: hand_correct(
                hand=hand,
                by=recorder(request),
                plays=plays,
                summary=data.get("summary"),
                expected_revision=data.get("expected_revision"),
            )
        )
        return _result(corrected)


class VersionOutput(serializers.Serializer[Any]):
    """One version of a closed hand's content: plays or a summary, by whom and when."""

    revision = serializers.IntegerField(help_text="The hand's revision while this was its content.")
    by = serializers.CharField(allow_null=True, help_text="The account that recorded it (user name).")
    at = serializers.DateTimeField(help_text="When it became the hand's content.")
    kind = serializers.CharField(help_text="plays or summary (a mode of the hand): how it was recorded.")
    plays = PlayOutput(many=True)
    summary = serializers.ListField(child=serializers.DictField(), allow_null=True)
    totals = serializers.ListField(child=serializers.IntegerField(), help_text="Each side's hand points.")


class HandHistoryApi(RecordsApi):
    """Every version of a closed hand's content, oldest first, the current one last: what each
    correction replaced, who recorded it and when, and the points it scored (an open hand: none)."""

    permission_classes = [AllowAny]  # games.access decides, share links included

    @extend_schema_serializer(component_name="HandHistoryOutput")
    class OutputSerializer(serializers.Serializer[Any]):
        """A hand's versions, oldest first."""

        versions = VersionOutput(many=True)

    @extend_schema(operation_id="hands_history", parameters=[SHARE], responses=OutputSerializer)
    def get(self, request: Request, pk: int, number: int) -> Response:
        versions = hand_history(self.hand(request, pk, number))
        return Response(self.OutputSerializer({"versions": versions}).data)
