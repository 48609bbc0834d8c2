"""Recording a hand as it is played: plays (idempotent, serialized by ``expected_seq``), undo, challenges.

A phone on a bad connection retries with the same ``Idempotency-Key`` header (or ``idempotency_key``
field) and gets the original result back; two phones at once are told apart by ``expected_seq`` (and
``expected_revision``, when sent, which also catches a phone that missed an undo and a new play): the
late one gets ``409 hand.out_of_sync`` with the hand's current state in ``details``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from api.idempotency import IDEMPOTENCY, KEY_HEADER, KEY_MAX_LENGTH, REPLAYED_HEADER, header_key
from api.records.base import (
    SEQ_MAX,
    SMALL_MAX,
    CardsField,
    RecordsApi,
    SignedInOrTableGuest,
    recorder,
    valid_or_found,
)
from api.records.hands import ReportOutput
from games.matches import convert
from games.matches.services.plays import Recorded, hand_challenge_record, hand_play_record, hand_play_undo
from games.models import Challenge, Hand, Play

R = TypeVar("R")


def _expected_revision() -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=0,
        max_value=SEQ_MAX,
        required=False,
        help_text="The hand's revision as this phone saw it; stale: 409, whatever expected_seq says.",
    )


def _expected_seq(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=SEQ_MAX, **kwargs)


def _idempotency_key() -> serializers.CharField:
    return serializers.CharField(max_length=KEY_MAX_LENGTH, required=False, default="")


class StateOutput(ReportOutput):
    """The hand's report, with what the next write must send."""

    next_seq = serializers.IntegerField(help_text="What the next write must send as expected_seq.")
    revision = serializers.IntegerField(help_text="What the next write may send as expected_revision.")


class PlayRowOutput(serializers.Serializer[Play]):
    """A stored play, and whether it was undone."""

    seq = serializers.IntegerField()
    seat = serializers.IntegerField()
    card = serializers.CharField()
    taken = serializers.ListField(child=serializers.CharField())
    undone = serializers.SerializerMethodField()

    def get_undone(self, play: Play) -> bool:
        """Whether the play was undone."""
        return play.undone_at is not None


class PlayResultOutput(serializers.Serializer[Any]):
    """A play just recorded and the hand after it."""

    play = PlayRowOutput()
    hand = StateOutput()
    replayed = serializers.BooleanField(help_text="True when this answers a retry of an earlier request.")


def _state(recorded: Recorded[Any]) -> dict[str, Any]:
    return {
        **convert.report_json(recorded.report),
        "next_seq": recorded.next_seq,
        "revision": recorded.revision,
    }


def _key(request: Request, field: str) -> str:
    """The idempotency key, from the header or the body (both given: they must agree)."""
    header = header_key(request)
    if header and field and header != field:
        raise ValidationError({"idempotency_key": [f"Differs from the {KEY_HEADER} header."]})
    return header or field


def _input(
    view: RecordsApi, request: Request, pk: int, number: int, serializer: type[serializers.Serializer[Any]]
) -> dict[str, Any]:
    """The valid body (:func:`~api.records.base.valid_or_found`), its idempotency key from the header
    or the body."""
    data = valid_or_found(view, request, pk, number, serializer)
    if "idempotency_key" in data:
        try:
            data["idempotency_key"] = _key(request, data["idempotency_key"])
        except ValidationError:
            view.hand(request, pk, number)
            raise
    return data


def _found(recorded: Callable[[], R]) -> R:
    """The service's result; no hand where its ``HandRef`` points is 404."""
    try:
        return recorded()
    except Hand.DoesNotExist:
        raise Http404 from None


def _answer(body: dict[str, Any], recorded: Recorded[Any]) -> Response:
    response = Response(body, status=status.HTTP_201_CREATED)
    if recorded.replayed:
        response[REPLAYED_HEADER] = "true"
    return response


class PlayCreateApi(RecordsApi):
    """Record the next play; the engine checks it against the stored log (400 with its code if illegal)."""

    permission_classes = [SignedInOrTableGuest]  # games.access lets a guest record its table

    @extend_schema_serializer(component_name="PlayCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """A play: the seat, card and cards taken, and what the phone last saw."""

        seat = serializers.IntegerField(min_value=0, max_value=SMALL_MAX)
        card = serializers.CharField(max_length=4)
        taken = CardsField(required=False, default=list)
        expected_seq = _expected_seq(help_text="The hand's next_seq as this phone saw it.")
        expected_revision = _expected_revision()
        idempotency_key = _idempotency_key()

    @extend_schema(
        operation_id="plays_create",
        parameters=[IDEMPOTENCY],
        request=InputSerializer,
        responses={201: PlayResultOutput},
    )
    def post(self, request: Request, pk: int, number: int) -> Response:
        data = _input(self, request, pk, number, self.InputSerializer)
        hand = self.hand_ref(request, pk, number)
        recorded = _found(lambda: hand_play_record(hand=hand, by=recorder(request), **data))
        body = {
            "play": PlayRowOutput(recorded.row).data,
            "hand": _state(recorded),
            "replayed": recorded.replayed,
        }
        return _answer(body, recorded)


class PlayUndoApi(RecordsApi):
    """Take back the last play (kept, marked undone); ``expected_seq`` guards against a double undo."""

    permission_classes = [SignedInOrTableGuest]  # games.access lets a guest record its table

    @extend_schema_serializer(component_name="PlayUndoInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """What the phone last saw of the hand."""

        expected_seq = _expected_seq()
        expected_revision = _expected_revision()

    @extend_schema_serializer(component_name="PlayUndoOutput")
    class OutputSerializer(serializers.Serializer[Any]):
        """The play undone and the hand after it."""

        undone = PlayRowOutput()
        hand = StateOutput()

    @extend_schema(operation_id="plays_undo", request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request, pk: int, number: int) -> Response:
        data = _input(self, request, pk, number, self.InputSerializer)
        hand = self.hand_ref(request, pk, number)
        recorded = _found(lambda: hand_play_undo(hand=hand, **data))
        return Response({"undone": PlayRowOutput(recorded.row).data, "hand": _state(recorded)})


class ChallengeOutput(serializers.Serializer[Challenge]):
    """A challenge: who challenged which play."""

    play_seq = serializers.IntegerField(source="play.seq")
    seat = serializers.IntegerField()


class ChallengeCreateApi(RecordsApi):
    """Escoba ``manual_capture``: challenge the latest play before the next one (docs/rules/escoba.md
    3.2(g))."""

    permission_classes = [SignedInOrTableGuest]  # games.access lets a guest record its table

    @extend_schema_serializer(component_name="ChallengeCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The challenger, the play challenged and what the phone last saw."""

        seat = serializers.IntegerField(min_value=0, max_value=SMALL_MAX, help_text="The challenger.")
        play_seq = serializers.IntegerField(min_value=0, max_value=SEQ_MAX, help_text="The challenged play.")
        expected_seq = _expected_seq()
        expected_revision = _expected_revision()
        idempotency_key = _idempotency_key()

    @extend_schema_serializer(component_name="ChallengeCreateOutput")
    class OutputSerializer(serializers.Serializer[Any]):
        """The challenge recorded and the hand after its ruling."""

        challenge = ChallengeOutput()
        hand = StateOutput()
        replayed = serializers.BooleanField()

    @extend_schema(
        operation_id="challenges_create",
        parameters=[IDEMPOTENCY],
        request=InputSerializer,
        responses={201: OutputSerializer},
    )
    def post(self, request: Request, pk: int, number: int) -> Response:
        data = _input(self, request, pk, number, self.InputSerializer)
        hand = self.hand_ref(request, pk, number)
        recorded = _found(lambda: hand_challenge_record(hand=hand, by=recorder(request), **data))
        body = {
            "challenge": ChallengeOutput(recorded.row).data,
            "hand": _state(recorded),
            "replayed": recorded.replayed,
        }
        return _answer(body, recorded)
