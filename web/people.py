"""Who sits at the table, as the pages show it: typed names marked account or guest, a club's member
chips, and a match's seats with their invitations and claims. The seating itself is a service
(``games.matches.services.seating``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.clubs.selectors import membership_list
from games.collation import by_name
from games.matches.selectors.invitations import claim_list_pending, invitation_list_open
from games.matches.selectors.scoreboards import sides_of_match
from games.matches.services.seating import Known, SeatChoice, SeatKind
from games.models import Club, GuestClaim, Invitation, Match
from games.people.selectors.players import player_names_of
from games.serbian import shown_name

KIND_LABELS: dict[SeatKind, Promise] = {
    SeatKind.ACCOUNT: _("account"),
    SeatKind.INVITE: _("account: invited, joins on accepting"),
    SeatKind.GUEST: _("guest"),
    SeatKind.NEW: _("new guest"),
}


def suggestions(known: Known) -> list[tuple[str, str]]:
    """(text, mark) to offer while typing: accounts first (by their handle), then guests seen before,
    each player's name in the reader's script (a Serbian reader's guest typed in the other script finds
    its player again: games/matches/services/seating.py ``seat_key``); a user name stands as it is."""
    return [
        (SeatChoice(_shown(choice), choice.kind, choice.account).typed, str(KIND_LABELS[choice.kind]))
        for choice in known.suggestions()
    ]


def _shown(choice: SeatChoice) -> str:
    is_username = choice.account is not None and choice.name == choice.account.username
    return choice.name if is_username else shown_name(choice.name)


def member_names(club: Club) -> list[tuple[str, str]]:
    """(name, text) for each member of ``club``: the member's player name (else the user name), and the
    text that seats that member (the name with the account's handle)."""
    accounts = [membership.user for membership in membership_list(club=club)]
    players = player_names_of(accounts)
    named = (
        SeatChoice(players.get(account.pk, account.username), SeatKind.ACCOUNT, account)
        for account in accounts
    )
    return by_name(((shown_name(choice.name), choice.typed) for choice in named), lambda pair: pair[0])


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRow:
    """A seat on the people panel: who sits there, open invitations, the viewer's claim."""

    number: int  # 0-based, as the services take it
    name: str
    account: str  # the account's user name; empty for a guest
    invitations: tuple[Invitation, ...] = ()  # open ones, shown to the writer
    my_claim: GuestClaim | None = None

    @property
    def is_guest(self) -> bool:
        """Whether a guest (no account) sits there."""
        return not self.account


@dataclass(frozen=True, slots=True, kw_only=True)
class TablePeople:
    """The people panel of a match: its seats and what the viewer has to decide."""

    seats: tuple[SeatRow, ...]
    seated: bool  # the viewer's own player sits here
    claims: tuple[GuestClaim, ...]  # pending, on guests the viewer owns: theirs to decide
    consents: tuple[Invitation, ...] = ()  # acceptances of seats of guests the viewer owns: theirs to answer


def table_people(match: Match, user: User | AnonymousUser, *, writer: bool) -> TablePeople:
    """The match's seats as ``user`` sees them (``writer``: with open invitations), the pending claims
    on the guests ``user`` owns, and the acceptances of their seats waiting for ``user``'s consent."""
    seats = sorted((seat for side in sides_of_match(match) for seat in side), key=lambda seat: seat.number)
    waiting = invitation_list_open(match=match) if user.is_authenticated else []  # a writer is signed in
    invitations: dict[int, list[Invitation]] = {}
    if writer:
        for invitation in waiting:
            invitations.setdefault(invitation.seat, []).append(invitation)
    pending = claim_list_pending(match=match)
    mine = {claim.guest_id: claim for claim in pending if claim.claimant_id == user.pk}
    rows = tuple(
        SeatRow(
            number=seat.number,
            name=shown_name(seat.player.name),
            account=seat.player.user.username if seat.player.user else "",
            invitations=tuple(invitations.get(seat.number, ())),
            my_claim=mine.get(seat.player_id),
        )
        for seat in seats
    )
    seated = user.is_authenticated and any(seat.player.user_id == user.pk for seat in seats)
    owned = tuple(claim for claim in pending if claim.guest and claim.guest.created_by_id == user.pk)
    if not user.is_authenticated:
        return TablePeople(seats=rows, seated=seated, claims=())
    guests = {
        seat.number for seat in seats if seat.player.user_id is None and seat.player.created_by_id == user.pk
    }
    consents = tuple(
        invitation for invitation in waiting if invitation.requested_by_id and invitation.seat in guests
    )
    return TablePeople(seats=rows, seated=seated, claims=owned, consents=consents)


def seat_mark(known: Known, name: object) -> str:
    """The mark shown beside a seat's typed name; empty while it is blank."""
    text = str(name or "").strip()
    return str(KIND_LABELS[known.choice(text).kind]) if text else ""
