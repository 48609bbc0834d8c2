"""Claiming a guest: "that guest was me". The match's writer confirms, and the guest's seats move to the
claimant's player; standings and ratings are then recomputed from the stored logs (issue #16)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.models import GuestClaim, Match, Player, Seat
from games.services.clubs import player_create
from games.services.errors import ClaimClosed, ClaimSameMatch, NoSuchSeat, NotAGuest
from games.services.followups import followups_schedule


@transaction.atomic
def guest_claim_create(*, match: Match, seat: int, by: User) -> GuestClaim:
    """``by`` says the guest at ``seat`` (0-based) of ``match`` is them; asking twice returns the
    pending claim. Whether ``by`` may see the match is the caller's check.

    Raises:
        NoSuchSeat, NotAGuest: no such seat, or an account's player sits there.
    """
    found = Seat.objects.select_related("player").filter(match=match, number=seat).first()
    if found is None:
        raise NoSuchSeat(seat=seat + 1)
    guest = found.player
    if guest.user_id is not None:
        raise NotAGuest(player=guest.name)
    pending = GuestClaim.objects.filter(guest=guest, claimant=by, status=GuestClaim.Status.PENDING).first()
    return pending or GuestClaim.objects.create(guest=guest, guest_name=guest.name, match=match, claimant=by)


@transaction.atomic
def guest_claim_decide(*, claim: GuestClaim, by: User, confirm: bool) -> GuestClaim:
    """The match's writer (the caller checks) confirms the claim, merging the guest into the
    claimant's player, or declines it.

    Raises:
        ClaimClosed: decided already (or the guest is gone). ClaimSameMatch: from :func:`player_merge`.
    """
    claim = GuestClaim.objects.select_for_update().get(pk=claim.pk)
    if claim.status != GuestClaim.Status.PENDING or claim.guest_id is None:
        raise ClaimClosed(status=claim.status)
    if confirm:
        guest = Player.objects.get(pk=claim.guest_id)
        into = Player.objects.filter(user=claim.claimant).first()
        player_merge(guest=guest, into=into or player_create(name=guest.name, by=by, user=claim.claimant))
    claim.status = GuestClaim.Status.CONFIRMED if confirm else GuestClaim.Status.DECLINED
    claim.decided_by, claim.decided_at = by, timezone.now()
    claim.save(update_fields=["status", "decided_by", "decided_at"])
    return claim


@transaction.atomic
def player_merge(*, guest: Player, into: Player) -> int:
    """Move every seat of the guest to ``into``, delete the guest, and recompute the standings and
    ratings of every club it played in. Returns how many seats moved.

    Raises:
        NotAGuest: ``guest`` is an account's player. ClaimSameMatch: both sit at one match.
    """
    guest = Player.objects.select_for_update().get(pk=guest.pk)
    if guest.user_id is not None:
        raise NotAGuest(player=guest.name)
    both = Seat.objects.filter(player=into, match__seats__player=guest).values_list("match_id", flat=True)
    if (match_id := both.first()) is not None:
        raise ClaimSameMatch(guest=guest.name, player=into.name, match=match_id)
    matches = list(
        Match.objects.filter(
            seats__player=guest, club__isnull=False, hands__closed_at__isnull=False
        ).distinct()
    )
    moved = Seat.objects.filter(player=guest).update(player=into)
    # Other pending claims of this guest are moot once it is someone's.
    GuestClaim.objects.filter(guest=guest, status=GuestClaim.Status.PENDING).exclude(
        claimant=into.user_id
    ).update(status=GuestClaim.Status.DECLINED, decided_at=timezone.now())
    guest.delete()  # its rating snapshots go with it; the recomputation rates ``into`` instead
    for match in matches:  # the ones that count in a club's standings
        followups_schedule(match=match)
    return moved
