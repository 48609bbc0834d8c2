"""Reads of invitations to a seat and claims of a guest: what waits for a user, what a match has open."""

from __future__ import annotations

from django.db.models import QuerySet

from games.access import User, account_id
from games.models import GuestClaim, Invitation, Match


def invitation_list_waiting(*, user: User) -> list[Invitation]:
    """The invitations to ``user``'s account not yet accepted, with their matches and senders."""
    waiting = Invitation.objects.filter(invitee_id=account_id(user), accepted_at__isnull=True)
    return list(waiting.select_related("match", "created_by"))


def invitation_list_open(*, match: Match) -> list[Invitation]:
    """The match's invitations not yet accepted, with their invitees, and who asked to accept each and
    who made it (:func:`web.people.table_people` reads the acceptances waiting for consent from them)."""
    waiting = match.invitations.filter(accepted_at__isnull=True)
    return list(waiting.select_related("invitee", "requested_by", "created_by"))


def invitation_of(*, match: Match, pk: int) -> Invitation | None:
    """Invitation ``pk`` of ``match``."""
    return Invitation.objects.filter(pk=pk, match=match).first()


def claim_list_waiting(*, user: User) -> list[GuestClaim]:
    """The pending claims on the guests ``user`` added (theirs to decide), with matches and claimants."""
    pending = GuestClaim.objects.filter(
        status=GuestClaim.Status.PENDING, guest__created_by_id=account_id(user)
    )
    return list(pending.select_related("match", "claimant"))


def claim_list_pending(*, match: Match) -> QuerySet[GuestClaim]:
    """The match's pending claims, with their claimants and guests."""
    pending = match.guest_claims.filter(status=GuestClaim.Status.PENDING)
    return pending.select_related("claimant", "guest")
