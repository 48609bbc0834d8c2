"""Who sits at the table: each typed name becomes an account's player or a guest (README.md, people at
the table).

A typed name never seats another account: another person's display name is theirs to change, so anyone
could take a name to be seated in its place. Text seats ``by`` (their own user or player name), else
``by``'s own guest of that name, else a new guest of ``by``'s. Another account is seated only when it is
chosen as that account: the suggestions carry its user name as a handle (``"Mira @mira"``; user names
are unique and never change), and a handle seats the account it names if ``by`` knows it. The members of
the match's club (without a club: of ``by``'s clubs) are seated at once; a past opponent's account
needs its acceptance: the seat goes to a guest of that name, and the account is invited to it. A handle
``by`` does not know is read as text. Names match as :func:`seat_key` says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q

from games.collation import by_name
from games.matches.services.invitations import invitation_create
from games.matches.services.matches import match_start
from games.models import Club, Match, Membership, Player, Season
from games.people.services.names import name_key
from games.people.services.players import player_create
from games.serbian import shown_name

HANDLE = "@"  # before a user name, in a suggestion's text: that account, chosen as an account


class SeatKind(StrEnum):
    """Who a name typed for a seat turns out to be."""

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

    @property
    def typed(self) -> str:
        """The text that makes this choice again: an account's name with its handle."""
        if self.account is None:
            return self.name
        return f"{self.name} {HANDLE}{self.account.username}"


def seat_key(name: str) -> str:
    """What a typed name and a stored one share when they read alike (:func:`name_key`) in the reader's
    script: a Serbian reader's «Ђорђе» is the guest stored as «Đorđe», whom the suggestions show in
    the page's script (games/serbian.py); for other readers, :func:`name_key` alone."""
    return name_key(shown_name(name))


def handle_of(text: str) -> str:
    """The user name a typed text's last word names as a handle (``"Mira @mira"``), else ``""``."""
    words = text.split()
    last = words[-1] if words else ""
    return last[len(HANDLE) :] if last.startswith(HANDLE) else ""


@dataclass(frozen=True, slots=True)
class Known:
    """Whom ``by`` may seat: ``by``, seatable accounts and accounts to invite (by user name key), and
    ``by``'s own guests (by name key)."""

    by: User
    members: dict[str, User]
    opponents: dict[str, User]
    guests: dict[str, Player]
    players: dict[int, Player]  # account id -> its player

    def _account(self, account: User, kind: SeatKind, typed: str = "") -> SeatChoice:
        """``account`` seated (or invited), by its player's name, else the name typed, else its user name."""
        player = self.players.get(account.pk)
        name = player.name if player else (" ".join(typed.split()) or account.username)
        if kind is SeatKind.INVITE:  # seated as a guest of the name until the invitation is accepted
            return SeatChoice(name, kind, account, self.guests.get(seat_key(name)))
        return SeatChoice(name, kind, account, player)

    def choice(self, name: str) -> SeatChoice:
        """Who a name typed for a seat is: an account (``Mira @mira``, or ``by``'s own name), a known
        guest, or a new one."""
        if handle := name_key(handle_of(name)):
            before = name.strip()[: -len(handle_of(name)) - len(HANDLE)]
            if (account := self.members.get(handle)) is not None:
                return self._account(account, SeatKind.ACCOUNT, before)
            if (account := self.opponents.get(handle)) is not None:
                return self._account(account, SeatKind.INVITE, before)
        key = seat_key(name)
        own = self.players.get(self.by.pk)
        if key in {seat_key(self.by.username), seat_key(own.name) if own else ""}:
            return self._account(self.by, SeatKind.ACCOUNT, name)
        if (guest := self.guests.get(key)) is not None:
            return SeatChoice(name.strip(), SeatKind.GUEST, None, guest)
        return SeatChoice(name.strip(), SeatKind.NEW)

    def suggestions(self) -> list[SeatChoice]:
        """One choice per person, accounts first, each by its player's name (else its user name), as the
        reader's language sorts names (games/collation.py)."""
        accounts = [self._account(account, SeatKind.ACCOUNT) for account in self.members.values()]
        accounts += [self._account(account, SeatKind.INVITE) for account in self.opponents.values()]
        guests = [SeatChoice(guest.name, SeatKind.GUEST, None, guest) for guest in self.guests.values()]
        return by_name(accounts, _choice_name) + by_name(guests, _choice_name)


def _choice_name(choice: SeatChoice) -> str:
    return choice.name


def seating_known(*, by: User, club: Club | None = None) -> Known:
    """Whom ``by`` may seat starting a match in ``club`` (or in none)."""
    clubs = [club.pk] if club is not None else list(by.memberships.values_list("club_id", flat=True))
    member_ids = set(Membership.objects.filter(club_id__in=clubs).values_list("user_id", flat=True))
    met = Q(seats__match__created_by=by) | Q(seats__match__seats__player__user=by)
    opponent_ids = set(Player.objects.filter(met, user__isnull=False).values_list("user_id", flat=True))
    accounts = User.objects.filter(pk__in=member_ids | opponent_ids | {by.pk}).order_by("pk")
    players = {
        player.user_id: player for player in Player.objects.filter(user__in=accounts) if player.user_id
    }
    guests: dict[str, Player] = {}
    for guest in Player.objects.filter(created_by=by, user__isnull=True).order_by("pk"):
        guests.setdefault(seat_key(guest.name), guest)
    return Known(
        by=by,
        members={
            name_key(account.username): account
            for account in [by, *accounts]
            if account.pk in member_ids | {by.pk}
        },
        opponents={
            name_key(account.username): account
            for account in accounts
            if account.pk not in member_ids | {by.pk}
        },
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
    emojis: Sequence[str] = (),
) -> Match:
    """Start a match with the players ``names`` mean (see the module's docstring), each seat with its
    emoji of ``emojis``, inviting each past opponent's account to its seat. Guests made for a match
    that fails to start are not kept.

    Raises:
        what :func:`match_start` raises.
    """
    known = seating_known(by=by, club=club if club is not None else getattr(season, "club", None))
    players: list[Player] = []
    seen: dict[str, Player] = {}
    choices = [known.choice(name) for name in names]
    for choice in choices:
        key = seat_key(choice.typed)
        # the same new name twice is one new guest given two seats (refused by match_start)
        players.append(seen[key] if key in seen else _player(choice, by))
        seen[key] = players[-1]
    match = match_start(
        game=game,
        players=players,
        by=by,
        options=options,
        teams=teams,
        club=club,
        season=season,
        emojis=emojis,
    )
    for number, choice in enumerate(choices):
        if choice.kind is SeatKind.INVITE and choice.account is not None:
            invitation_create(match=match, seat=number, by=by, invitee=choice.account)
    return match
