"""Writes for the people around the table: players, clubs, memberships, seasons."""

from __future__ import annotations

from datetime import date

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from games.models import Club, Membership, Player, Season
from games.services.audit import Actor, audit_record
from games.services.errors import PlayerAccountTaken, SeasonNameTaken
from games.services.names import clean_name, name_key

PLAYER_NAME_MAX = Player._meta.get_field("name").max_length or 0
CLUB_NAME_MAX = Club._meta.get_field("name").max_length or 0
SEASON_NAME_MAX = Season._meta.get_field("name").max_length or 0


@transaction.atomic
def player_create(*, name: str, by: User, user: User | None = None) -> Player:
    """A player at the table: the account ``user``'s, or (without one) a guest that ``by`` owns.

    Raises:
        NameInvalid: see :func:`games.services.names.clean_name`.
        PlayerAccountTaken: ``user`` already has a player (one per account).
    """
    name = clean_name(name, max_length=PLAYER_NAME_MAX)
    taken = None if user is None else Player.objects.filter(user=user).first()
    if user is not None and taken is not None:
        raise PlayerAccountTaken(user=user.get_username(), player=taken.name)
    try:
        with transaction.atomic():  # a savepoint: the same account linked at once by another request
            return Player.objects.create(name=name, user=user, created_by=by)
    except IntegrityError:
        if user is None:
            raise
        other = Player.objects.get(user=user)
        raise PlayerAccountTaken(user=user.get_username(), player=other.name) from None


@transaction.atomic
def player_rename(*, player: Player, name: str, by: Actor = None) -> Player:
    """Give the player a new name, by ``by`` (its user, if any, is the caller's check).

    Raises:
        NameInvalid: see :func:`games.services.names.clean_name`.
    """
    before = {"name": player.name}
    player.name = clean_name(name, max_length=PLAYER_NAME_MAX)
    player.save(update_fields=["name"])
    audit_record(
        by=by,
        action="player.renamed",
        object=player,
        before=before,
        after={"name": player.name},
        subject=player.user,
    )
    return player


@transaction.atomic
def club_create(*, name: str, by: User) -> Club:
    """A club; its creator is its first admin.

    Raises:
        NameInvalid: see :func:`games.services.names.clean_name`.
    """
    club = Club.objects.create(name=clean_name(name, max_length=CLUB_NAME_MAX), created_by=by)
    audit_record(by=by, action="club.created", object=club, after={"name": club.name}, club=club)
    membership = Membership.objects.create(club=club, user=by, role=Membership.Role.ADMIN)
    audit_record(
        by=by, action="membership.created", object=membership, after=_role(membership), club=club, subject=by
    )
    return club


def _role(membership: Membership) -> dict[str, object]:
    return {"user": membership.user.get_username(), "role": membership.role}


@transaction.atomic
def membership_create(
    *, club: Club, user: User, role: str = Membership.Role.MEMBER, by: Actor = None
) -> Membership:
    """Add ``user`` to ``club`` with ``role``, or change the role of an existing member (also when
    another request adds them at once); ``by``: who did it, for the record."""
    earlier = Membership.objects.select_for_update().filter(club=club, user=user).first()
    before = None if earlier is None else _role(earlier)
    try:
        with transaction.atomic():
            membership, _ = Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    except IntegrityError:
        membership = Membership.objects.select_for_update().get(club=club, user=user)
        membership.role = role
        membership.save(update_fields=["role"])
    after = _role(membership)
    if after != before:
        action = "membership.created" if before is None else "membership.role_changed"
        audit_record(
            by=by, action=action, object=membership, before=before, after=after, club=club, subject=user
        )
    return membership


@transaction.atomic
def season_create(
    *, club: Club, name: str, starts_on: date | None = None, ends_on: date | None = None
) -> Season:
    """A season of ``club``; its name differs from the club's other seasons' in more than case.

    Raises:
        NameInvalid: see :func:`games.services.names.clean_name`.
        SeasonNameTaken: the club has a season of that name (also when one is added at once).
    """
    name = clean_name(name, max_length=SEASON_NAME_MAX)
    if _season_named(club, name):
        raise SeasonNameTaken(name=name)
    try:
        with transaction.atomic():
            return Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)
    except IntegrityError:
        if _season_named(club, name):
            raise SeasonNameTaken(name=name) from None
        raise


def _season_named(club: Club, name: str) -> bool:
    """Whether the club has a season that reads as ``name`` (compared in Python: SQLite's, and a
    C-locale PostgreSQL's, ``lower()`` fold ASCII letters only)."""
    key = name_key(name)
    return any(name_key(other) == key for other in club.seasons.values_list("name", flat=True))
