"""Who sits at the table: each typed name becomes an account's player or a guest (README.md, people at
the table).

Accounts come first. ``by`` and the members of the match's club (without a club: of ``by``'s clubs) are
seated at once. A past opponent's account needs its acceptance: the seat goes to a guest of that name,
and the account is invited to it. Only a name no account answers to seats a guest: one of ``by``'s own
(another account's guests are theirs to seat), or a new one. Names match as :func:`name_key` says.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q

from games.models import Club, Match, Membership, Player, Season
from games.services.clubs import player_create
from games.services.invitations import invitation_create
from games.services.matches import match_start
from games.services.names import name_key


class SeatKind(StrEnum):
    ACCOUNT = "account"  # the account's own player
    INVITE = "invite"  # a guest for now, and the account is invited to the seat
    GUEST = "guest"  # a guest player seen before
    NEW = "new"  # a new guest


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """What a typed name seats: ``account`` for ACCOUNT and INVITE, ``player`` when one exists."""

    name: str
    kind: SeatKind
    account: User | None = None
    player: Player | None = None


def _by_name(accounts: Iterable[User], players: Mapping[int, Player]) -> dict[str, User]:
    """Accounts by user name and by their player's name (by :func:`name_key`); the first listed wins."""
    found: dict[str, User] = {}
    for account in accounts:
        player = players.get(account.pk)
        for key in (account.username, player.name if player else ""):
            if key:
                found.setdefault(name_key(key), account)
    return found


@dataclass(frozen=True, slots=True)
class Known:
    """The names ``by`` may type: seatable accounts, accounts to invite, and ``by``'s guests."""

    members: dict[str, User]
    opponents: dict[str, User]
    guests: dict[str, Player]
    players: dict[int, Player]  # account id -> its player

    def choice(self, name: str) -> SeatChoice:
        key = name_key(name)
        if (account := self.members.get(key)) is not None:
            return SeatChoice(name.strip(), SeatKind.ACCOUNT, account, self.players.get(account.pk))
        if (account := self.opponents.get(key)) is not None:
            return SeatChoice(name.strip(), SeatKind.INVITE, account, self.guests.get(key))
        if (guest := self.guests.get(key)) is not None:
            return SeatChoice(name.strip(), SeatKind.GUEST, None, guest)
        return SeatChoice(name.strip(), SeatKind.NEW)

    def suggestions(self) -> list[SeatChoice]:
        """One choice per person, accounts first, each by its player's name (else its user name)."""
        seen: set[int] = set()
        choices = []
        for kind, accounts in ((SeatKind.ACCOUNT, self.members), (SeatKind.INVITE, self.opponents)):
            for account in accounts.values():
                if account.pk not in seen:
                    seen.add(account.pk)
                    player = self.players.get(account.pk)
                    choices.append(SeatChoice(player.name if player else account.username, kind, account))
        taken = {name_key(choice.name) for choice in choices}
        guests = [guest for key, guest in self.guests.items() if key not in taken]
        return choices + [SeatChoice(guest.name, SeatKind.GUEST, None, guest) for guest in guests]


def seating_known(*, by: User, club: Club | None = None) -> Known:
    """What each name means for ``by`` starting a match in ``club`` (or in none)."""
    clubs = [club.pk] if club is not None else list(by.memberships.values_list("club_id", flat=True))
    member_ids = set(Membership.objects.filter(club_id__in=clubs).values_list("user_id", flat=True))
    met = Q(seats__match__created_by=by) | Q(seats__match__seats__player__user=by)
    opponent_ids = set(Player.objects.filter(met, user__isnull=False).values_list("user_id", flat=True))
    accounts = User.objects.filter(pk__in=member_ids | opponent_ids | {by.pk}).order_by("username")
    players = {
        player.user_id: player for player in Player.objects.filter(user__in=accounts) if player.user_id
    }
    members = [by, *(account for account in accounts if account.pk in member_ids - {by.pk})]
    opponents = [account for account in accounts if account.pk not in member_ids | {by.pk}]
    guests: dict[str, Player] = {}
    for guest in Player.objects.filter(created_by=by, user__isnull=True).order_by("name", "pk"):
        guests.setdefault(name_key(guest.name), guest)
    return Known(
        members=_by_name(members, players),
        opponents=_by_name(opponents, players),
        guests=guests,
        players=players,
    )


def _player(choice: SeatChoice, by: User) -> Player:
    if choice.player is not None:
        return choice.player
    account = choice.account if choice.kind is SeatKind.ACCOUNT else None
    return player_create(name=choice.name, by=by, user=account)


@transaction.atomic
def match_start_seating(
    *,
    game: str,
    names: Sequence[str],
    by: User,
    options: Mapping[str, object] | None = None,
    teams: bool | None = None,
    club: Club | None = None,
    season: Season | None = None,
) -> Match:
    """Start a match with the players ``names`` mean (see the module's docstring), inviting each past
    opponent's account to its seat. Guests made for a match that fails to start are not kept.

    Raises:
        what :func:`match_start` raises.
    """
    known = seating_known(by=by, club=club if club is not None else getattr(season, "club", None))
    players: list[Player] = []
    seen: dict[str, Player] = {}
    choices = [known.choice(name) for name in names]
    for choice in choices:
        key = name_key(choice.name)
        # the same new name twice is one new guest given two seats (refused by match_start)
        players.append(seen[key] if key in seen else _player(choice, by))
        seen[key] = players[-1]
    match = match_start(
        game=game, players=players, by=by, options=options, teams=teams, club=club, season=season
    )
    for number, choice in enumerate(choices):
        if choice.kind is SeatKind.INVITE and choice.account is not None:
            invitation_create(match=match, seat=number, by=by, invitee=choice.account)
    return match
