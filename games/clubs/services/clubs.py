"""Writes of clubs: clubs, memberships, seasons."""

from __future__ import annotations

from datetime import date

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from games.audit.services import Actor, audit_record
from games.errors import LastAdmin, SeasonNameTaken
from games.models import Club, Membership, Season
from games.people.services.names import clean_name, name_key

CLUB_NAME_MAX = Club._meta.get_field("name").max_length or 0
SEASON_NAME_MAX = Season._meta.get_field("name").max_length or 0


@transaction.atomic
def club_create(*, name: str, by: User) -> Club:
    """A club; its creator is its first admin.

    Raises:
        NameInvalid: see :func:`games.people.services.names.clean_name`.
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
    another request adds them at once); ``by``: who did it, for the record.

    Raises:
        LastAdmin: it would make the club's only admin a plain member.
    """
    if role != Membership.Role.ADMIN:
        _club_locked(club)
        _keep_an_admin(club, user, role)
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


def _club_locked(club: Club) -> None:
    """Lock the club's row: changes of its admins wait for each other, so two admins who demote or
    remove each other at once cannot leave it without one."""
    Club.objects.select_for_update().filter(pk=club.pk).first()


def _keep_an_admin(club: Club, user: User | int, role: str | None) -> None:
    """Refuse to make ``user`` (``role``: their new role; ``None``: gone) leave the club without an
    admin; run under :func:`_club_locked`.

    Raises:
        LastAdmin: ``user`` is the club's only admin and ``role`` is not admin.
    """
    if role == Membership.Role.ADMIN:
        return
    admins = list(club.memberships.filter(role=Membership.Role.ADMIN).values_list("user_id", flat=True))
    user_id = int(user.pk) if isinstance(user, User) else user
    if admins == [user_id]:
        name = User.objects.filter(pk=user_id).values_list("username", flat=True).first() or ""
        raise LastAdmin(user=name, club=club.name)


@transaction.atomic
def membership_role_set(*, membership: Membership, role: str, by: User) -> Membership:
    """An admin (``by``) makes the member ``role`` (an admin may step down while another stays).

    Raises:
        LastAdmin: it would leave the club without an admin.
    """
    _club_locked(membership.club)
    membership = Membership.objects.select_for_update().select_related("club", "user").get(pk=membership.pk)
    if membership.role != role:
        _keep_an_admin(membership.club, membership.user_id, role)
        before = _role(membership)
        membership.role = role
        membership.save(update_fields=["role"])
        audit_record(
            by=by,
            action="membership.role_changed",
            object=membership,
            before=before,
            after=_role(membership),
            club=membership.club,
            subject=membership.user,
        )
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership, by: User) -> None:
    """An admin (``by``) removes a member, or a member (``by`` is them) leaves. Their matches and
    results stay the club's; they no longer read its matches they did not play.

    Raises:
        LastAdmin: the member is the club's only admin.
    """
    _club_locked(membership.club)
    found = Membership.objects.select_for_update().select_related("user").filter(pk=membership.pk).first()
    if found is None:
        return  # removed meanwhile: the same end
    _keep_an_admin(membership.club, found.user_id, None)
    action = "membership.left" if found.user_id == by.pk else "membership.removed"
    audit_record(
        by=by,
        action=action,
        object=found,
        before=_role(found),
        after=None,
        club=membership.club,
        subject=found.user,
    )
    found.delete()


@transaction.atomic
def season_create(
    *, club: Club, name: str, starts_on: date | None = None, ends_on: date | None = None
) -> Season:
    """A season of ``club``; its name differs from the club's other seasons' in more than case.

    Raises:
        NameInvalid: see :func:`games.people.services.names.clean_name`.
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
