"""Reads of players and accounts: the list, who may be seated, merges, who can be found by name."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User as Account
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet

from games.access import User, account_id, match_visible_to, player_known_to
from games.models import (
    Club,
    Match,
    Membership,
    Player,
    PlayerMerge,
)


def player_list(*, search: str = "") -> QuerySet[Player]:
    """Every player, or those whose name contains ``search``."""
    players = Player.objects.all()
    return players.filter(name__icontains=search) if search else players


def player_seatable_by(user: Account, club: Club | None) -> Q:
    """Players ``user`` may seat in a new match of ``club``: their own, the guests they own, and the
    players of the club's members (without a club: of the members of ``user``'s clubs). Anyone else
    takes a seat by accepting an invitation."""
    if club is not None:
        members = Membership.objects.filter(club_id=club.pk)
    else:
        members = Membership.objects.filter(
            club__in=Membership.objects.filter(user_id=user.pk).values("club")
        )
    return (
        Q(user_id=user.pk) | Q(user__isnull=True, created_by_id=user.pk) | Q(user__in=members.values("user"))
    )


def merge_list(*, player_id: int, user: User) -> list[PlayerMerge]:
    """The guests merged into the player, newest first, each with the matches that moved that
    ``user`` may read (``merge.readable``)."""
    readable = Prefetch(
        "matches", Match.objects.filter(match_visible_to(user)).order_by("pk"), to_attr="readable"
    )
    merges = PlayerMerge.objects.filter(into_id=player_id).select_related("decided_by")
    return list(merges.prefetch_related(readable))


def account_known_to(user: User) -> QuerySet[Account]:
    """Accounts ``user`` shares a club or a match with: the only ones ``user`` can find by name, so
    that no one learns which user names exist."""
    clubs = Membership.objects.filter(user_id=account_id(user)).values("club")
    players = Player.objects.filter(player_known_to(user))
    in_my_club = Exists(Membership.objects.filter(user=OuterRef("pk"), club__in=clubs))
    return Account.objects.filter(Q(in_my_club) | Q(Exists(players.filter(user=OuterRef("pk")))))


def player_of(user: User) -> Player | None:
    """The player of ``user``'s account (``None``: none yet, or anonymous)."""
    return Player.objects.filter(user_id=account_id(user)).first()


def player_get(pk: int) -> Player:
    """Player ``pk`` (raises ``Player.DoesNotExist``)."""
    return Player.objects.get(pk=pk)


def players_seatable(*, by: Account, club: Club | None, ids: Sequence[int]) -> dict[int, Player]:
    """The players among ``ids`` that ``by`` may seat in a match of ``club``
    (:func:`player_seatable_by`), by id, in one query."""
    return Player.objects.filter(player_seatable_by(by, club)).in_bulk(ids)


def players_known(*, user: User, search: str = "") -> QuerySet[Player]:
    """The players ``user`` knows (:func:`games.access.player_known_to`) whose names hold ``search``,
    with their accounts."""
    return player_list(search=search).filter(player_known_to(user)).select_related("user")


def player_names_of(accounts: Sequence[Account]) -> dict[int, str]:
    """Account id -> its player's name, for those of ``accounts`` that have a player."""
    return {
        player.user_id: player.name for player in Player.objects.filter(user__in=accounts) if player.user_id
    }


def account_named(name: str) -> Account | None:
    """The account whose user name is ``name`` (case ignored), for an invitation: whoever sends it
    is told the same whether or not it exists."""
    return Account.objects.filter(username__iexact=name).first() if name else None


def account_known_named(*, user: User, name: str) -> Account | None:
    """The account named ``name`` (case ignored) among those ``user`` may find (:func:`account_known_to`)."""
    return account_known_to(user).filter(username__iexact=name).first()
