"""Players and what concerns them as people: an account's pending e-mail address, a guest claimed by
an account and the merge that follows. Matches are named by label (``games.Match``): they seat players.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Player(models.Model):
    """Someone who sits at a table: an account's player (``user``), or a guest that belongs to the
    account that created it (``created_by``): only its owner seats it and decides claims on it."""

    name = models.CharField(max_length=80)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class GuestClaim(models.Model):
    """A signed-in user's "this guest is me", seen at ``match``; the guest's owner confirms (then the
    guest's seats in the matches the owner may write move to the user's player) or declines."""

    class Status(models.TextChoices):
        """Where the claim stands."""

        PENDING = "pending"
        CONFIRMED = "confirmed"
        DECLINED = "declined"

    guest = models.ForeignKey(Player, null=True, on_delete=models.SET_NULL, related_name="claims")
    guest_name = models.CharField(max_length=80)
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="guest_claims")
    claimant = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["guest", "claimant"], condition=Q(status="pending"), name="guest_claim_once_pending"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.claimant} claims {self.guest_name} ({self.status})"


class PlayerMerge(models.Model):
    """A confirmed claim's record: which guest's seats moved to ``into``, in which matches, decided by
    whom and when. Seats in matches the decider may not write stay with the guest."""

    into = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merges")
    guest = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    guest_name = models.CharField(max_length=80)
    claim = models.OneToOneField(
        GuestClaim, null=True, blank=True, on_delete=models.SET_NULL, related_name="merge"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    matches = models.ManyToManyField("games.Match", related_name="+")

    class Meta:
        ordering = ["into", "-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.guest_name} merged into {self.into}"


class PendingEmail(models.Model):
    """An e-mail address an account asked for and has not yet verified by the link mailed to it. The
    account's address (``User.email``, the one password resets are sent to) changes only when the link
    is followed; asking again replaces the pending address."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    email = models.EmailField()
    requested_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.email} for {self.user}"
