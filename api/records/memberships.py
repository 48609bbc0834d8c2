"""A club's members and its invitations: admins change roles, remove members and share invitation
links; a member leaves; anyone signed in holding a link joins through it (docs/clubs.md).

The last admin can neither leave, be removed nor step down: 409 ``membership.last_admin``. An
invitation that expired, was revoked or was used up answers 409 ``club_invitation.expired``,
``club_invitation.revoked`` or ``club_invitation.used_up``; an unknown token 404. Making invitations
and joining through them are throttled per account (``request.throttled``).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle

from api.idempotency import idempotent
from api.inputs import valid
from api.pagination import BoundedPagination
from api.records.base import RecordsApi
from api.records.people import MembershipOutput
from games.access import club_for, club_invitation_by_link, club_invitation_for, membership_for, signed_in
from games.clubs.selectors import club_invitation_list
from games.clubs.services.clubs import membership_remove, membership_role_set
from games.clubs.services.invitations import (
    DAYS_DEFAULT,
    DAYS_MAX,
    USES_MAX,
    club_invitation_accept,
    club_invitation_check,
    club_invitation_create,
    club_invitation_revoke,
)
from games.models import ClubInvitation, Membership
from scorekeeper.public import public_url
from scorekeeper.throttles import ClubInvitationThrottle, ClubJoinThrottle


class PostThrottled(RecordsApi):
    """A view whose POSTs ``post_throttles`` limit (its reads are not)."""

    post_throttles: tuple[type[BaseThrottle], ...] = ()

    def get_throttles(self) -> list[BaseThrottle]:
        """``post_throttles`` on POST; reads are not throttled."""
        if self.request.method == "POST":
            return [throttle() for throttle in self.post_throttles]
        return []


class MembershipDetailApi(RecordsApi):
    """One membership: an admin changes its role (PATCH) or removes it (DELETE); a member removes
    their own (leaves). 403 for a plain member changing someone else; 409 ``membership.last_admin``
    when the club would be left without an admin."""

    @extend_schema_serializer(component_name="MembershipUpdateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The member's new role."""

        role = serializers.ChoiceField(choices=Membership.Role.choices)

    @extend_schema(
        operation_id="clubs_memberships_update", request=InputSerializer, responses=MembershipOutput
    )
    def patch(self, request: Request, pk: int, membership: int) -> Response:
        found = membership_for(request.user, pk, membership)
        data = valid(self.InputSerializer, request.data)
        changed = membership_role_set(membership=found, role=data["role"], by=signed_in(request))
        return Response(MembershipOutput(changed).data)

    @extend_schema(operation_id="clubs_memberships_destroy", request=None, responses={204: None})
    def delete(self, request: Request, pk: int, membership: int) -> Response:
        found = membership_for(request.user, pk, membership, remove=True)
        membership_remove(membership=found, by=signed_in(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ClubInvitationOutput(serializers.Serializer[ClubInvitation]):
    """A club's invitation: its link, role, expiry and uses."""

    id = serializers.IntegerField()
    token = serializers.CharField()
    url = serializers.SerializerMethodField(help_text="The page to share (also as a QR code).")
    role = serializers.ChoiceField(choices=Membership.Role.choices)
    expires_at = serializers.DateTimeField()
    max_uses = serializers.IntegerField(allow_null=True, help_text="null: any number of people.")
    uses = serializers.IntegerField(help_text="How many have joined through it.")
    created_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)

    def get_url(self, invitation: ClubInvitation) -> str:
        """The page that accepts the invitation, as a full URL."""
        path = reverse("club-invitation", args=[invitation.token])
        return public_url(self.context["request"], path)


class ClubInvitationListCreateApi(PostThrottled):
    """A club's usable invitations (its admins read them); an admin makes one: a link to join with
    ``role``, valid for ``days`` (7 unless said) and, with ``max_uses``, for that many people (else
    any number until it expires or is revoked)."""

    post_throttles = (ClubInvitationThrottle,)

    @extend_schema_serializer(component_name="ClubInvitationCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """A new invitation's role, days valid and number of uses."""

        role = serializers.ChoiceField(choices=Membership.Role.choices, default=Membership.Role.MEMBER)
        days = serializers.IntegerField(min_value=1, max_value=DAYS_MAX, default=DAYS_DEFAULT)
        max_uses = serializers.IntegerField(min_value=1, max_value=USES_MAX, required=False, allow_null=True)

    @extend_schema(operation_id="clubs_invitations_list", responses=ClubInvitationOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        club = club_for(request.user, pk, write=True)  # an invitation's link is the admins' to share
        paginator = BoundedPagination()
        page = paginator.paginate_queryset(club_invitation_list(club=club), request, view=self)
        output = ClubInvitationOutput(instance=page or [], many=True, context={"request": request})  # type: ignore[arg-type]  # many=True
        rows = output.data
        return paginator.get_paginated_response(rows)

    @idempotent
    @extend_schema(
        operation_id="clubs_invitations_create",
        request=InputSerializer,
        responses={201: ClubInvitationOutput},
    )
    def post(self, request: Request, pk: int) -> Response:
        club = self.club(request, pk)
        data = valid(self.InputSerializer, request.data)
        invitation = club_invitation_create(
            club=club,
            by=signed_in(request),
            role=data["role"],
            days=data["days"],
            max_uses=data.get("max_uses"),
        )
        body = ClubInvitationOutput(invitation, context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED)


class ClubInvitationRevokeApi(RecordsApi):
    """An admin revokes an invitation: its link stops working at once (204, also when revoked
    already)."""

    @extend_schema(operation_id="clubs_invitations_destroy", request=None, responses={204: None})
    def delete(self, request: Request, pk: int, invitation: int) -> Response:
        club_invitation_revoke(
            invitation=club_invitation_for(request.user, pk, invitation), by=signed_in(request)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class ClubInvitationPreviewOutput(serializers.Serializer[ClubInvitation]):
    """What an invitation offers: the club, the role, until when, from whom."""

    club = serializers.IntegerField(source="club_id")
    club_name = serializers.CharField(source="club.name")
    role = serializers.ChoiceField(choices=Membership.Role.choices)
    expires_at = serializers.DateTimeField()
    invited_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)


class JoinedOutput(MembershipOutput):
    """The membership an accepted invitation made, and its club."""

    club = serializers.IntegerField(source="club_id")
    club_name = serializers.CharField(source="club.name")


class ClubInvitationApi(RecordsApi):
    """What an invitation offers (the club, the role, until when), for whoever holds its token; 404
    for an unknown one, 409 with the code for one that expired, was revoked or was used up."""

    @extend_schema(operation_id="club_invitations_retrieve", responses=ClubInvitationPreviewOutput)
    def get(self, request: Request, token: str) -> Response:
        invitation = club_invitation_by_link(token)
        club_invitation_check(invitation)
        return Response(ClubInvitationPreviewOutput(invitation).data)


class ClubInvitationAcceptApi(PostThrottled):
    """Join the club through an invitation's token, with its role (200 with the membership; a member
    already keeps theirs, raised to admin by an admin's link). 404 for an unknown token; 409
    ``club_invitation.expired``, ``.revoked`` or ``.used_up``."""

    post_throttles = (ClubJoinThrottle,)

    @extend_schema(operation_id="club_invitations_accept", request=None, responses=JoinedOutput)
    def post(self, request: Request, token: str) -> Response:
        membership = club_invitation_accept(invitation=club_invitation_by_link(token), by=signed_in(request))
        return Response(JoinedOutput(membership).data)
