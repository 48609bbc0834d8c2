"""Writes of players: a player at the table (an account's, or a guest), and its new name."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from games.audit.services import Actor, audit_record
from games.errors import PlayerAccountTaken
from games.models import Player
from games.people.services.names import clean_name

PLAYER_NAME_MAX = Player._meta.get_field("name").max_length or 0


@transaction.atomic
def player_create(*, name: str, by: User, user: User | None = None) -> Player:
    """A player at the table: the account ``user``'s, or (without one) a guest that ``by`` owns.

    Raises:
        NameInvalid: see :func:`games.people.services.names.clean_name`.
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
        NameInvalid: see :func:`games.people.services.names.clean_name`.
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
