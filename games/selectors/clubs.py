"""Reads of clubs: the clubs of a user, their members and seasons."""

from __future__ import annotations

from django.db.models import QuerySet

from games.access import User, account_id
from games.models import (
    Club,
    Membership,
    Season,
)


def club_list(*, user: User) -> QuerySet[Club]:
    """The clubs ``user`` belongs to."""
    return Club.objects.filter(memberships__user_id=account_id(user)).distinct()


def membership_list(*, club: Club) -> QuerySet[Membership]:
    return club.memberships.select_related("user").order_by("pk")


def season_list(*, club: Club) -> QuerySet[Season]:
    return club.seasons.order_by("-starts_on", "pk")
