"""The audit log and the check of a match's record (docs/audit.md): a match's log for those who may
read the match, a club's for its admins, and the verification of a match's hash chain for anyone who
may read the match, share-link holders included."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from api.records.base import SHARE_PARAM, RecordsApi, paginated
from games.access import club_for, match_for
from games.audit.selectors import audit_list_club, audit_list_match, match_chain_verify
from games.audit.words import action_words
from games.models import AuditEntry

SHARE = OpenApiParameter(
    SHARE_PARAM, str, description="The match's share token: spectators may verify its record too."
)


class AuditObjectOutput(serializers.Serializer[Any]):
    """What an audit entry changed: its type, id and name at the time."""

    type = serializers.CharField(source="object_type", help_text="What changed: match, hand, invitation...")
    id = serializers.CharField(source="object_id")
    name = serializers.CharField(source="object_name", help_text="As it was named when it changed.")


class AuditEntryOutput(serializers.Serializer[Any]):
    """One audit entry (docs/audit.md): who did what to which object, before and after."""

    at = serializers.DateTimeField()
    by = serializers.SerializerMethodField(help_text="The account's user name then; null: the system.")
    action = serializers.CharField(help_text="A stable dotted name (docs/audit.md), e.g. match.abandoned.")
    action_label = serializers.SerializerMethodField(help_text="The action in the request's language.")
    object = AuditObjectOutput(source="*")
    before = serializers.JSONField(allow_null=True, help_text="What it was (null: it did not exist).")
    after = serializers.JSONField(allow_null=True, help_text="What it is now (null: it is gone).")

    def get_by(self, entry: AuditEntry) -> str | None:
        """The account's user name at the time, or null for the system."""
        return entry.by_name or None

    def get_action_label(self, entry: AuditEntry) -> str:
        """The action in the request's language."""
        return action_words(entry.action)


class MatchLogApi(RecordsApi):
    """A match's audit log, oldest first: for those who may read the match (not by a share link)."""

    @extend_schema(operation_id="matches_log_list", responses=AuditEntryOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        match = match_for(request.user, pk)
        return paginated(self, request, audit_list_match(match), AuditEntryOutput)


class ClubLogApi(RecordsApi):
    """A club's audit log (its members and roles, events, entries, and its matches), newest first:
    for its admins (a member is answered 403)."""

    @extend_schema(operation_id="clubs_log_list", responses=AuditEntryOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        club = club_for(request.user, pk, write=True)
        return paginated(self, request, audit_list_club(club), AuditEntryOutput)


class VerificationOutput(serializers.Serializer[Any]):
    """A match's hash chain checked: whether it holds, its head and short code."""

    ok = serializers.BooleanField(
        help_text="Whether every stored row still hashes to its link and the links add up to the head."
    )
    head = serializers.CharField(help_text="The head of the match's hash chain (sha256, hex).")
    code = serializers.CharField(help_text="The head's short code, as the result card prints it.")
    links = serializers.IntegerField(source="length")


class MatchVerifyApi(RecordsApi):
    """Recompute the match's hash chain from its stored record: its players and anyone holding its
    share link (``?share=``) may check that nothing behind its result changed afterwards."""

    permission_classes = [AllowAny]  # games.access decides, share links included

    @extend_schema(operation_id="matches_verify", parameters=[SHARE], responses=VerificationOutput)
    def get(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        return Response(VerificationOutput(match_chain_verify(match)).data)
