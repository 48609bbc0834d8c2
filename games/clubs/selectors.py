"""Reads of clubs: the clubs of a user, their members and seasons."""

from __future__ import annotations

from django.db.models import F, Q, QuerySet
from django.utils import timezone

from games.access import User, account_id
from games.models import (
    Club,
    ClubInvitation,
    Membership,
    Season,
)


def club_list(*, user: User) -> QuerySet[Club]:
    """The clubs ``user`` belongs to."""
    return Club.objects.filter(memberships__user_id=account_id(user)).distinct()


def membership_list(*, club: Club) -> QuerySet[Membership]:
    """The club's memberships with their accounts, oldest first."""
    return club.memberships.select_related("user").order_by("pk")


def season_list(*, club: Club) -> QuerySet[Season]:
    """The club's seasons, latest start first."""
    return club.seasons.order_by("-starts_on", "pk")


def club_of(*, user: User, pk: int) -> Club | None:
    """Club ``pk`` if ``user`` belongs to it, else ``None`` (one query)."""
    return club_list(user=user).filter(pk=pk).first()


def club_list_by_name(*, user: User) -> QuerySet[Club]:
    """The clubs ``user`` belongs to, by name."""
    return club_list(user=user).order_by("name", "pk")


def season_of(*, club: Club, pk: int) -> Season | None:
    """Season ``pk`` of ``club``."""
    return Season.objects.filter(pk=pk, club=club).first()


def club_invitation_list(*, club: Club) -> QuerySet[ClubInvitation]:
    """The club's invitations that still let someone join (not revoked, not expired, not used up),
    newest first."""
    usable = Q(max_uses__isnull=True) | Q(uses__lt=F("max_uses"))
    rows = club.invitations.filter(usable, revoked_at__isnull=True, expires_at__gt=timezone.now())
    return rows.select_related("created_by").order_by("-created_at", "-pk")


def membership_of(*, club: Club, user: User) -> Membership | None:
    """``user``'s membership of ``club``, if any."""
    return club.memberships.filter(user_id=account_id(user)).first()
