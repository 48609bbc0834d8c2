"""Writes for the people around the table: players, clubs, memberships, seasons."""

from __future__ import annotations

from datetime import date

from django.contrib.auth.models import User
from django.db import transaction

from games.models import Club, Membership, Player, Season
from games.services.errors import PlayerAccountTaken


@transaction.atomic
def player_create(*, name: str, by: User, user: User | None = None) -> Player:
    """A player at the table, optionally the account ``user``.

    Raises:
        PlayerAccountTaken: ``user`` already has a player (one per account).
    """
    if user is not None and (existing := Player.objects.filter(user=user).first()) is not None:
        raise PlayerAccountTaken(user=user.get_username(), player=existing.name)
    return Player.objects.create(name=name.strip(), user=user, created_by=by)


@transaction.atomic
def player_rename(*, player: Player, name: str) -> Player:
    """Give the player a new name (its user, if any, is the caller's check)."""
    player.name = name.strip()
    player.save(update_fields=["name"])
    return player


@transaction.atomic
def club_create(*, name: str, by: User) -> Club:
    """A club; its creator is its first admin."""
    club = Club.objects.create(name=name.strip(), created_by=by)
    Membership.objects.create(club=club, user=by, role=Membership.Role.ADMIN)
    return club


@transaction.atomic
def membership_create(*, club: Club, user: User, role: str = Membership.Role.MEMBER) -> Membership:
    """Add ``user`` to ``club`` with ``role``, or change the role of an existing member."""
    membership, _ = Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return membership


@transaction.atomic
def season_create(
    *, club: Club, name: str, starts_on: date | None = None, ends_on: date | None = None
) -> Season:
    return Season.objects.create(club=club, name=name.strip(), starts_on=starts_on, ends_on=ends_on)
