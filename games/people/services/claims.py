"""Claiming a guest: "that guest was me". The account that added the guest (its owner) confirms, and
the guest's seats in the matches the owner may write move to the claimant's player; standings and
ratings are then recomputed from the stored logs.

Locks are taken in one order, the guest's player row first and its claims after, so two decisions on
one guest (or a claim made while another is decided) wait for each other instead of deadlocking.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from games.access import match_writable_by
from games.audit.services import audit_record
from games.errors import ClaimClosed, ClaimNoOwner, ClaimOwnGuest, ClaimSameMatch, NoSuchSeat, NotAGuest
from games.matches.services.followups import followups_schedule
from games.models import GuestClaim, Match, Player, PlayerMerge, Seat
from games.people.services.players import player_create


@transaction.atomic
def guest_claim_create(*, match: Match, seat: int, by: User) -> GuestClaim:
    """``by`` says the guest at ``seat`` (0-based) of ``match`` is them; asking again (also at once,
    from another request) returns the pending claim. Whether ``by`` may see the match is the caller's
    check.

    Raises:
        NoSuchSeat, NotAGuest: no such seat, or an account's player sits there.
        ClaimOwnGuest, ClaimNoOwner: nobody but ``by`` could decide it.
    """
    found = Seat.objects.filter(match=match, number=seat).values_list("player_id", flat=True).first()
    if found is None:
        raise NoSuchSeat(seat=seat + 1)
    guest = Player.objects.select_for_update().get(pk=found)
    if guest.user_id is not None:
        raise NotAGuest(player=guest.name)
    if guest.created_by_id == by.pk:
        raise ClaimOwnGuest(player=guest.name)
    if guest.created_by_id is None:
        raise ClaimNoOwner(player=guest.name)
    pending = GuestClaim.objects.filter(guest=guest, claimant=by, status=GuestClaim.Status.PENDING).first()
    if pending is not None:
        return pending
    claim = GuestClaim.objects.create(guest=guest, guest_name=guest.name, match=match, claimant=by)
    after = {"guest": guest.name, "seat": seat, "status": claim.status}
    audit_record(by=by, action="claim.made", object=claim, after=after, match=match, subject=by)
    return claim


@transaction.atomic
def guest_claim_decide(*, claim: GuestClaim, by: User, confirm: bool) -> GuestClaim:
    """The guest's owner confirms the claim, merging the guest into the claimant's player
    (:func:`player_merge`), or declines it.

    Raises:
        ClaimClosed: decided already (or the guest is gone). ClaimSameMatch: from :func:`player_merge`.
        PermissionDenied: ``by`` does not own the guest.
    """
    guest_id = GuestClaim.objects.values_list("guest_id", flat=True).get(pk=claim.pk)
    guest = Player.objects.select_for_update().filter(pk=guest_id).first()
    claim = GuestClaim.objects.select_for_update().get(pk=claim.pk)
    if guest is None or claim.status != GuestClaim.Status.PENDING or claim.guest_id != guest.pk:
        raise ClaimClosed(status=claim.status)
    if guest.created_by_id != by.pk:
        raise PermissionDenied("Only the account that added the guest decides claims on it.")
    if confirm:
        into = Player.objects.filter(user=claim.claimant).first()
        into = into or player_create(name=guest.name, by=claim.claimant, user=claim.claimant)
        player_merge(guest=guest, into=into, by=by, claim=claim)
    before = {"guest": claim.guest_name, "status": claim.status}
    claim.status = GuestClaim.Status.CONFIRMED if confirm else GuestClaim.Status.DECLINED
    claim.decided_by, claim.decided_at = by, timezone.now()
    claim.save(update_fields=["status", "decided_by", "decided_at"])
    action = "claim.confirmed" if confirm else "claim.declined"
    after = {"guest": claim.guest_name, "status": claim.status}
    audit_record(
        by=by,
        action=action,
        object=claim,
        before=before,
        after=after,
        match=claim.match,
        subject=claim.claimant,
    )
    return claim


@transaction.atomic
def player_merge(*, guest: Player, into: Player, by: User, claim: GuestClaim | None = None) -> PlayerMerge:
    """Move the guest's seats in the matches ``by`` may write to ``into`` and record it; the guest
    is deleted once no seat is left to it. The standings and ratings of every club whose matches
    moved are recomputed.

    Raises:
        NotAGuest: ``guest`` is an account's player. ClaimSameMatch: both sit at one of those matches.
    """
    guest = Player.objects.select_for_update().get(pk=guest.pk)
    if guest.user_id is not None:
        raise NotAGuest(player=guest.name)
    matches = Match.objects.filter(match_writable_by(by), seats__player=guest)
    both = Seat.objects.filter(player=into, match__in=matches).values_list("match_id", flat=True)
    if (match_id := both.first()) is not None:
        raise ClaimSameMatch(guest=guest.name, player=into.name, match=match_id)
    moved = list(matches.distinct())
    rated = list(matches.filter(club__isnull=False, hands__closed_at__isnull=False).distinct())
    Seat.objects.filter(player=guest, match__in=moved).update(player=into)
    # Other pending claims of this guest are moot once it is someone's.
    GuestClaim.objects.filter(guest=guest, status=GuestClaim.Status.PENDING).exclude(
        claimant=into.user_id
    ).update(status=GuestClaim.Status.DECLINED, decided_at=timezone.now())
    kept = Seat.objects.filter(player=guest).exists()
    merge = PlayerMerge.objects.create(
        into=into, guest=guest if kept else None, guest_name=guest.name, claim=claim, decided_by=by
    )
    merge.matches.set(moved)
    before = {"player": guest.name, "player_id": guest.pk, "matches": sorted(match.pk for match in moved)}
    after = {"player": into.name, "player_id": into.pk, "matches": before["matches"]}
    audit_record(by=by, action="player.merged", object=merge, before=before, after=after, subject=into.user)
    for match in moved:  # each match's record says its seat changed hands
        audit_record(
            by=by,
            action="player.merged",
            object=merge,
            before=before,
            after=after,
            match=match,
        )
    if not kept:
        guest.delete()  # its rating snapshots go with it; the recomputation rates ``into`` instead
    for match in rated:  # the ones that count in a club's standings
        followups_schedule(match=match)
    return merge
