"""Invitations to a seat and claims of a guest, for apps: the same services as the web.

Inviting by user name answers 202 whether or not that account exists (no one learns which user names
exist); a link invitation answers 201 with its one-time token and URL.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.inputs import valid
from api.records.base import SMALL_MAX, RecordsApi
from games.access import claim_for, consent_for, invitation_for, match_for, signed_in
from games.matches.services.invitations import (
    guest_seat_get,
    invitation_accept,
    invitation_consent,
    invitation_create,
)
from games.models import GuestClaim
from games.people.selectors.players import account_named
from games.people.services.claims import guest_claim_create, guest_claim_decide
from scorekeeper.public import public_url


class TakenSeatOutput(serializers.Serializer[Any]):
    """A seat taken by a player in a match."""

    match = serializers.IntegerField(source="match_id")
    seat = serializers.IntegerField(source="number")
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")


class InvitationCreateApi(RecordsApi):
    """The writer offers guest seat ``seat`` (0-based) to ``username``, or (no user name) by a link."""

    @extend_schema_serializer(component_name="InvitationCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The seat to invite to, and the account invited (none: a link)."""

        seat = serializers.IntegerField(min_value=0, max_value=SMALL_MAX)
        username = serializers.CharField(max_length=150, required=False, default="", allow_blank=True)

    @extend_schema_serializer(component_name="InvitationCreateOutput")
    class OutputSerializer(serializers.Serializer[Any]):
        """The invitation made: to an account, or a one-time link."""

        seat = serializers.IntegerField()
        username = serializers.CharField(allow_null=True)
        token = serializers.CharField(allow_null=True, help_text="Link invitations only: one-time.")
        url = serializers.CharField(allow_null=True, help_text="The page that accepts it (link only).")

    @extend_schema(
        operation_id="matches_invitations_create",
        request=InputSerializer,
        responses={201: OutputSerializer, 202: OutputSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        data = valid(self.InputSerializer, request.data)
        seat, username = data["seat"], data["username"].strip()
        if not username:
            invitation = invitation_create(match=match, seat=seat, by=signed_in(request))
            url = public_url(request, reverse("invitation", args=[invitation.token]))
            body = {"seat": seat, "username": None, "token": invitation.token, "url": url}
            return Response(self.OutputSerializer(body).data, status=status.HTTP_201_CREATED)
        invitee = account_named(username)
        if invitee is not None and invitee != request.user:
            invitation_create(match=match, seat=seat, by=signed_in(request), invitee=invitee)
        else:
            guest_seat_get(match.pk, seat)  # the same checks, so the answers do not differ
        body = {"seat": seat, "username": username, "token": None, "url": None}
        return Response(self.OutputSerializer(body).data, status=status.HTTP_202_ACCEPTED)


class WaitingOutput(serializers.Serializer[Any]):
    """The invitation waits for the guest's owner to consent."""

    status = serializers.CharField(help_text="awaiting_consent: the guest's owner is asked first")


class InvitationAcceptApi(RecordsApi):
    """Accept an invitation (its token): the account's player takes the seat (404 if it is not yours).
    When the inviter did not add the guest in that seat, 202: the guest's owner consents first
    (``matches/{id}/invitations/{invitation}/consent/``)."""

    @extend_schema(
        operation_id="invitations_accept", request=None, responses={200: TakenSeatOutput, 202: WaitingOutput}
    )
    def post(self, request: Request, token: str) -> Response:
        seat = invitation_accept(invitation=invitation_for(request.user, token), by=signed_in(request))
        if seat is None:
            return Response({"status": "awaiting_consent"}, status=status.HTTP_202_ACCEPTED)
        return Response(TakenSeatOutput(seat).data)


class InvitationConsentApi(RecordsApi):
    """The guest's owner answers an acceptance of their guest's seat: ``consent`` true seats the account
    that accepted (200 with the seat), false closes the invitation (204); 404 for anyone else, 409
    ``invitation.no_request`` when no acceptance waits."""

    @extend_schema_serializer(component_name="InvitationConsentInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The guest's owner consents to the seat being taken, or refuses."""

        consent = serializers.BooleanField()

    @extend_schema(
        operation_id="matches_invitations_consent",
        request=InputSerializer,
        responses={200: TakenSeatOutput, 204: None},
    )
    def post(self, request: Request, pk: int, invitation_id: int) -> Response:
        data = valid(self.InputSerializer, request.data)
        invitation = consent_for(request.user, pk, invitation_id)
        seat = invitation_consent(invitation=invitation, by=signed_in(request), consent=data["consent"])
        if seat is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(TakenSeatOutput(seat).data)


class ClaimOutput(serializers.Serializer[GuestClaim]):
    """A claim on a guest's seat by an account, and whether it was confirmed."""

    id = serializers.IntegerField()
    match = serializers.IntegerField(source="match_id")
    guest_name = serializers.CharField()
    claimant = serializers.CharField(source="claimant.username")
    status = serializers.CharField(help_text="pending, confirmed or declined")


class ClaimCreateApi(RecordsApi):
    """A reader of the match (or a holder of its share token) says the guest at ``seat`` was them."""

    @extend_schema_serializer(component_name="ClaimCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The guest's seat claimed, and the match's share token for one who reads it by that."""

        seat = serializers.IntegerField(min_value=0, max_value=SMALL_MAX)
        share = serializers.CharField(required=False, default="", allow_blank=True, max_length=64)

    @extend_schema(
        operation_id="matches_claims_create", request=InputSerializer, responses={201: ClaimOutput}
    )
    def post(self, request: Request, pk: int) -> Response:
        data = valid(self.InputSerializer, request.data)
        match = match_for(request.user, pk, share=data["share"])
        claim = guest_claim_create(match=match, seat=data["seat"], by=signed_in(request))
        return Response(ClaimOutput(claim).data, status=status.HTTP_201_CREATED)


class ClaimDecideApi(RecordsApi):
    """The guest's owner (the account that added it) confirms, moving its seats in the matches the
    owner may write to the claimant's player, or declines; anyone else gets 404."""

    @extend_schema_serializer(component_name="ClaimDecideInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """Confirm the claim or decline it."""

        confirm = serializers.BooleanField()

    @extend_schema(operation_id="matches_claims_decide", request=InputSerializer, responses=ClaimOutput)
    def post(self, request: Request, pk: int, claim_id: int) -> Response:
        data = valid(self.InputSerializer, request.data)
        claim = guest_claim_decide(
            claim=claim_for(request.user, pk, claim_id), by=signed_in(request), confirm=data["confirm"]
        )
        return Response(ClaimOutput(claim).data)
