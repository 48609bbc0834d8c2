"""Invitations to a seat: the writer offers it to an account (by user name or a one-time link); the
account accepts, its player takes the seat, and so it may read and record the match. A guest belongs to
the account that added it: when the writer who invited is not that account, the acceptance waits for
the guest's owner to consent (as a claim on the guest does), and nobody is seated before."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from games.audit.services import Actor, audit_record
from games.errors import AlreadySeated, ConsentNotAsked, InvitationClosed, NoSuchSeat, SeatHeld
from games.matches.services.followups import followups_schedule
from games.models import Invitation, Match, Player, Seat
from games.people.services.players import player_create


def guest_seat_get(match_id: int, number: int, *, lock: bool = False) -> Seat:
    """Seat ``number`` (0-based) of the match, which must be a guest's.

    Raises:
        NoSuchSeat, SeatHeld: no such seat, or an account's player sits there.
    """
    seats = Seat.objects.select_related("player").filter(match_id=match_id, number=number)
    seat = (seats.select_for_update() if lock else seats).first()
    if seat is None:
        raise NoSuchSeat(seat=number + 1)
    if seat.player.user_id is not None:
        raise SeatHeld(seat=number + 1, player=seat.player.name)
    return seat


@transaction.atomic
def invitation_create(*, match: Match, seat: int, by: User, invitee: User | None = None) -> Invitation:
    """Offer guest seat ``seat`` (0-based) to ``invitee``, or to whoever opens the link (``None``).
    Inviting the same account to the same seat again returns the open invitation.

    Raises:
        NoSuchSeat, SeatHeld: the seat does not exist, or is an account's already.
    """
    guest_seat_get(match.pk, seat)
    if invitee is not None:
        invitations = Invitation.objects.filter(match=match, seat=seat, invitee=invitee)
        if (existing := invitations.filter(accepted_at__isnull=True).first()) is not None:
            return existing
    token = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        match=match, seat=seat, token=token, invitee=invitee, created_by=by
    )
    after = {"seat": seat, "invitee": None if invitee is None else invitee.get_username()}
    audit_record(
        by=by,
        action="invitation.given",
        object=invitation,
        after=after,
        match=match,
        subject=invitee,
    )
    return invitation


def _record(invitation: Invitation, by: Actor, action: str, before: object, after: object) -> None:
    match = invitation.match
    audit_record(by=by, action=action, object=invitation, before=before, after=after, match=match)


def _locked(invitation: Invitation) -> Invitation:
    # The match first, then the invitation: two invitations of one match accepted at once by one
    # account wait for each other, and the second finds the account seated.
    Match.objects.select_for_update().filter(pk=invitation.match_id).first()
    return Invitation.objects.select_for_update().select_related("match").get(pk=invitation.pk)


@transaction.atomic
def invitation_accept(*, invitation: Invitation, by: User) -> Seat | None:
    """Seat ``by``'s player (made on first use, with the guest's name) in the invitation's seat; the
    guest it replaces is removed when it sits nowhere else. Standings follow (recomputed). ``None``
    when the inviter did not add the guest: the acceptance then waits for the guest's owner
    (:func:`invitation_consent`).

    Raises:
        PermissionDenied: the invitation is for another account.
        InvitationClosed: used already (or another account's acceptance waits on it).
        AlreadySeated: ``by`` sits at another seat of the match. SeatHeld: the seat went to an
            account meanwhile.
    """
    invitation = _locked(invitation)
    if invitation.invitee_id not in (None, by.pk):
        raise PermissionDenied("This invitation is for someone else.")
    if not invitation.is_open or invitation.requested_by_id not in (None, by.pk):
        raise InvitationClosed()
    guest = guest_seat_get(invitation.match_id, invitation.seat).player
    if guest.created_by_id in (invitation.created_by_id, by.pk):  # the owner invited, or takes it
        return _seated(invitation, by)
    if (own := Seat.objects.filter(match_id=invitation.match_id, player__user=by).first()) is not None:
        raise AlreadySeated(seat=own.number + 1)
    invitation.requested_by, invitation.requested_at = by, timezone.now()
    invitation.save(update_fields=["requested_by", "requested_at"])
    after = {"seat": invitation.seat, "requested_by": by.get_username(), "guest": guest.name}
    _record(invitation, by, "invitation.accepted_pending", None, after)
    return None


@transaction.atomic
def invitation_consent(*, invitation: Invitation, by: User, consent: bool) -> Seat | None:
    """The guest's owner answers an acceptance waiting on their guest's seat: consenting seats the
    account that accepted (its seat), refusing closes the invitation (``None``).

    Raises:
        PermissionDenied: ``by`` did not add the guest. ConsentNotAsked: no acceptance waits.
        as :func:`invitation_accept`, seating.
    """
    invitation = _locked(invitation)
    guest = guest_seat_get(invitation.match_id, invitation.seat).player
    if guest.created_by_id != by.pk:
        raise PermissionDenied("Only whoever added the guest consents.")
    if not invitation.is_open or invitation.requested_by is None:
        raise ConsentNotAsked()
    asked = {
        "seat": invitation.seat,
        "requested_by": invitation.requested_by.get_username(),
        "guest": guest.name,
    }
    _record(
        invitation,
        by,
        "invitation.consented" if consent else "invitation.refused",
        asked,
        {"consent": consent},
    )
    if not consent:
        invitation.delete()
        return None
    return _seated(invitation, invitation.requested_by)


def _seated(invitation: Invitation, by: User) -> Seat:
    """Seat ``by`` as the locked, open ``invitation`` offers (see :func:`invitation_accept`)."""
    match = invitation.match
    own = Seat.objects.filter(match=match, player__user=by).first()
    if own is not None and own.number != invitation.seat:
        raise AlreadySeated(seat=own.number + 1)
    before = {"seat": invitation.seat, "player": own.player.name if own is not None else None}
    if own is None:
        seat = guest_seat_get(match.pk, invitation.seat, lock=True)
        guest = seat.player
        before["player"] = guest.name
        seat.player = Player.objects.filter(user=by).first() or player_create(name=guest.name, by=by, user=by)
        seat.save(update_fields=["player"])
        if not guest.seats.exists():
            guest.delete()
        if match.club_id is not None and match.hands.filter(closed_at__isnull=False).exists():
            followups_schedule(match=match)  # its standings and ratings name the new player
    invitation.accepted_by, invitation.accepted_at = by, timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    _record(
        invitation, by, "invitation.accepted", before, {"seat": invitation.seat, "account": by.get_username()}
    )
    # The seat is taken: other offers of it are moot.
    Invitation.objects.filter(match=match, seat=invitation.seat, accepted_at__isnull=True).delete()
    return Seat.objects.select_related("player").get(match=match, number=invitation.seat)


@transaction.atomic
def invitation_withdraw(*, invitation: Invitation, by: Actor = None) -> None:
    """Withdraw an open invitation (its link stops working), by ``by``.

    Raises:
        InvitationClosed: it was accepted already.
    """
    open_ = Invitation.objects.select_related("match", "invitee").filter(
        pk=invitation.pk, accepted_at__isnull=True
    )
    row = open_.first()
    deleted, _ = open_.delete()
    if not deleted or row is None:
        raise InvitationClosed()
    before = {"seat": row.seat, "invitee": None if row.invitee is None else row.invitee.get_username()}
    _record(row, by, "invitation.withdrawn", before, None)
