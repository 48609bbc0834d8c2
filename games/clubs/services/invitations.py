"""Invitations to a club: an admin shares a link (and its QR code) with a role; whoever signs in or
signs up through it joins the club with that role. A link serves any number of people until it
expires (7 days unless the admin chooses otherwise) or an admin revokes it; the admin may also limit
how many may join through it (docs/clubs.md)."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.audit.services import audit_record
from games.clubs.services.clubs import membership_create
from games.errors import ClubInvitationExpired, ClubInvitationRevoked, ClubInvitationUsedUp
from games.models import Club, ClubInvitation, Membership

DAYS_DEFAULT = 7
DAYS_MAX = 90
USES_MAX = 1000


@transaction.atomic
def club_invitation_create(
    *,
    club: Club,
    by: User,
    role: str = Membership.Role.MEMBER,
    days: int = DAYS_DEFAULT,
    max_uses: int | None = None,
) -> ClubInvitation:
    """A new link to join ``club`` as ``role``, valid for ``days`` (1 to :data:`DAYS_MAX`) and, with
    ``max_uses``, for that many people (the caller, an admin, is the view's check)."""
    if not 1 <= days <= DAYS_MAX or (max_uses is not None and not 1 <= max_uses <= USES_MAX):
        raise ValueError("days or max_uses out of bounds")  # the forms and the API bound them first
    invitation = ClubInvitation.objects.create(
        club=club,
        token=secrets.token_urlsafe(32),
        role=role,
        created_by=by,
        expires_at=timezone.now() + timedelta(days=days),
        max_uses=max_uses,
    )
    audit_record(
        by=by, action="club_invitation.given", object=invitation, after=_facts(invitation), club=club
    )
    return invitation


def _facts(invitation: ClubInvitation) -> dict[str, object]:
    """What the log keeps of a link: never its token (whoever reads the log could join with it)."""
    return {
        "role": invitation.role,
        "expires_at": invitation.expires_at.isoformat(),
        "max_uses": invitation.max_uses,
        "revoked": invitation.revoked_at is not None,
    }


@transaction.atomic
def club_invitation_revoke(*, invitation: ClubInvitation, by: User) -> ClubInvitation:
    """An admin (``by``) revokes the link: it stops working at once (revoking twice changes nothing)."""
    invitation = ClubInvitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.revoked_at is None:
        before = _facts(invitation)
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
        audit_record(
            by=by,
            action="club_invitation.revoked",
            object=invitation,
            before=before,
            after=_facts(invitation),
            club=invitation.club,
        )
    return invitation


def club_invitation_check(invitation: ClubInvitation) -> None:
    """Whether the link still lets someone join, as it stands (read it locked to act on it).

    Raises:
        ClubInvitationRevoked, ClubInvitationExpired, ClubInvitationUsedUp.
    """
    club = invitation.club.name
    if invitation.revoked_at is not None:
        raise ClubInvitationRevoked(club=club)
    if invitation.expires_at <= timezone.now():
        raise ClubInvitationExpired(club=club)
    if invitation.max_uses is not None and invitation.uses >= invitation.max_uses:
        raise ClubInvitationUsedUp(club=club, max_uses=invitation.max_uses)


@transaction.atomic
def club_invitation_accept(*, invitation: ClubInvitation, by: User) -> Membership:
    """``by`` joins the club with the invitation's role. A member already keeps their membership; an
    admin link makes a plain member an admin, and no link makes an admin a plain member. Only a
    change counts as a use.

    Raises:
        as :func:`club_invitation_check`, on the locked invitation (acceptances of a limited link
        wait for each other, so no more than ``max_uses`` join).
    """
    invitation = ClubInvitation.objects.select_for_update().select_related("club").get(pk=invitation.pk)
    club_invitation_check(invitation)
    current = Membership.objects.filter(club=invitation.club, user=by).first()
    if current is not None and (current.role == Membership.Role.ADMIN or current.role == invitation.role):
        return current
    membership = membership_create(club=invitation.club, user=by, role=invitation.role, by=by)
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    return membership
