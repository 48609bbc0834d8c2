"""Clubs: their members, the links that invite people to join, and their seasons."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower


class Club(models.Model):
    """A group that plays together: its members read its matches, its admins may write them."""

    name = models.CharField(max_length=120)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's place in a club: an admin writes its matches and runs it, a member reads them."""

    class Role(models.TextChoices):
        """What a member may do in the club."""

        ADMIN = "admin"
        MEMBER = "member"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "pk"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="membership_once_per_club")]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


class ClubInvitation(models.Model):
    """A club admin's link (and QR code) to join the club with ``role``: whoever signs in or signs up
    through it becomes a member. Used by any number of people until it expires or an admin revokes
    it, or (``max_uses``) until that many have joined through it (docs/clubs.md)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=43, unique=True)
    role = models.CharField(max_length=10, choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    max_uses = models.PositiveIntegerField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["club", "-created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(uses__lte=models.F("max_uses")),
                name="club_invitation_uses_within_limit",
            )
        ]

    def __str__(self) -> str:
        return f"invitation to {self.club} as {self.role}"


class Season(models.Model):
    """A named stretch of a club's matches, for standings by season."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "-starts_on", "pk"]
        constraints = [
            models.UniqueConstraint("club", Lower("name"), name="season_name_once_per_club"),
            models.CheckConstraint(
                condition=Q(starts_on__isnull=True)
                | Q(ends_on__isnull=True)
                | Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return self.name
