"""Who sits at the table: names typed on the phone become players (club members, known guests, new guests)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db.models import Q

from games.models import Club, Player
from games.selectors import club_list, membership_list, player_list
from games.services.clubs import player_create


def _club_members(user: User) -> list[User]:
    clubs = club_list(user=user)
    return list(User.objects.filter(memberships__club__in=clubs).distinct().order_by("username"))


def known_players(user: User) -> list[Player]:
    """Players ``user`` created or who belong to ``user``'s clubs, by name."""
    clubs = club_list(user=user)
    mine = Q(created_by=user) | Q(user=user) | Q(user__memberships__club__in=clubs)
    return list(player_list().filter(mine).distinct().order_by("name"))


def name_suggestions(user: User) -> list[str]:
    """Names to offer while typing: known players, then club members without a player yet (a member
    with one is offered by the player's name only)."""
    known = known_players(user)
    names = [player.name for player in known]
    seen, linked = {name.casefold() for name in names}, {player.user_id for player in known}
    members = [
        member.username
        for member in _club_members(user)
        if member.pk not in linked and member.username.casefold() not in seen
    ]
    return names + members


def _account_player(account: User, by: User, name: str) -> Player:
    """The account's player, created on first use with the name as typed."""
    found = player_list().filter(user=account).first()
    return found or player_create(name=name, by=by, user=account)


def seat_players(*, names: Sequence[str], by: User) -> list[Player]:
    """Each name as a player: a known player with that name, a club member (or ``by``) with that
    user name, or else a new guest player."""
    players = {player.name.casefold(): player for player in known_players(by)}
    accounts = {account.username.casefold(): account for account in [by, *_club_members(by)]}
    seated: list[Player] = []
    for name in names:
        key = name.strip().casefold()
        if key in players:
            seated.append(players[key])
        elif key in accounts:
            seated.append(_account_player(accounts[key], by, name))
        else:
            seated.append(player_create(name=name, by=by))
            players[key] = seated[-1]
    return seated


def member_names(club: Club) -> list[str]:
    """What to type to seat each member of ``club``: the member's player name, else the user name."""
    accounts = [membership.user for membership in membership_list(club=club)]
    players = {player.user_id: player.name for player in player_list().filter(user__in=accounts)}
    return sorted((players.get(account.pk, account.username) for account in accounts), key=str.casefold)
