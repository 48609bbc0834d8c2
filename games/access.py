"""Who may read and write what: the one access policy of the API and the web UI.

- A match is written by its creator, its seated players and its club's admins; read also by its
  club's members, and by anyone holding its share link (read-only). A match of an event's table is
  also read and recorded (its hands, plays, summaries and corrections, and confirming its result;
  nothing else) by whoever entered the table's code (a :class:`TableGuest`), until the event ends.
- A club, its statistics and its events are read by its members and written (an event: directed) by
  its admins; an event is also read by anyone holding its share link (read-only).
- A club's members and invitations are managed by its admins; a member may also leave. A club
  invitation is read (and accepted) by anyone holding its link.
- A player is read by whoever shares a match or a club with it, its account and its creator.
- An invitation is read by its invitee (anyone holding a link invitation); a guest claim is decided by
  the account that added the guest.

Whatever a caller may not read raises ``Http404``, exactly as if it did not exist, so an outsider
learns nothing, not even that it exists. ``PermissionDenied`` (403) is only for what the caller may
read but not write. The API answers them ``resource.not_found`` and ``auth.forbidden``
(``api/errors.py``), the web its 404 and 403 pages.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Protocol

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User as Account
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.http import Http404

from games.events.models import Event
from games.models import Club, ClubInvitation, GuestClaim, Invitation, Match, Membership, Player, Seat

User = Account | AnonymousUser


class TableGuest(AnonymousUser):
    """A visitor not signed in who entered a table's code (games/events/table_codes.py): reads the
    table's ``match`` and, while ``recording`` (the event has not ended), records it; nothing else."""

    def __init__(self, *, table: int, match: int, recording: bool) -> None:
        self.table, self.match, self.recording = table, match, recording

    def __str__(self) -> str:
        return f"guest of table {self.table}"


def table_guest_of(user: User, match: Match) -> bool:
    """Whether ``user`` is the guest of ``match``'s table (who entered its code)."""
    return isinstance(user, TableGuest) and user.match == match.pk


def recording_account(user: User) -> Account | None:
    """The account a recording write is stored under (``None``: a table's guest, who has none)."""
    return user if isinstance(user, Account) else None


def account_id(user: User) -> int:
    """The account's id; 0 (no row has it) for an anonymous visitor."""
    return int(user.pk or 0)


def _member_of_club(account_id: int, roles: Sequence[str] = tuple(Membership.Role)) -> Exists:
    return Exists(Membership.objects.filter(club=OuterRef("club"), user_id=account_id, role__in=roles))


def _seated(account_id: int) -> Exists:
    return Exists(Seat.objects.filter(match=OuterRef("pk"), player__user_id=account_id))


def match_visible_to(user: User) -> Q:
    """Matches ``user`` may read: created, played in, or of a club ``user`` belongs to."""
    if not user.is_authenticated:
        return Q(pk__in=[])
    pk = account_id(user)
    return Q(created_by_id=pk) | Q(_seated(pk)) | Q(_member_of_club(pk))


def match_writable_by(user: User) -> Q:
    """Matches ``user`` may write: created, played in, or of a club ``user`` is an admin of."""
    if not user.is_authenticated:
        return Q(pk__in=[])
    pk = account_id(user)
    return Q(created_by_id=pk) | Q(_seated(pk)) | Q(_member_of_club(pk, [Membership.Role.ADMIN]))


class WithUser(Protocol):
    """A request, Django's or DRF's: what :func:`signed_in` reads of it."""

    @property
    def user(self) -> object:
        """The request's account, a table's guest, or the anonymous user."""


def signed_in(request: WithUser) -> Account:
    """The request's account, where ``login_required`` or ``IsAuthenticated`` let only accounts in."""
    assert isinstance(request.user, Account)
    return request.user


def can_write_match(user: User, match: Match) -> bool:
    """Whether ``user`` may write ``match``: its creator, a player, or an admin of its club."""
    if user.is_authenticated and match.created_by_id == user.pk:
        return True  # the common case, without a query
    return Match.objects.filter(match_writable_by(user), pk=match.pk).exists()


def can_record_match(user: User, match: Match) -> bool:
    """Writable (:func:`can_write_match`), or its table's guest while the event takes results."""
    if isinstance(user, TableGuest):
        return user.match == match.pk and user.recording
    return can_write_match(user, match)


def can_read_match(user: User, match: Match, share_token: str = "") -> bool:
    """Readable as :func:`match_visible_to` says, by anyone holding its share link, or by its table's
    guest."""
    if table_guest_of(user, match):
        return True
    # compare_digest takes ASCII text only; no token holds anything else.
    shared = share_token.isascii() and match.share_token
    if shared and secrets.compare_digest(share_token, match.share_token):
        return True
    if user.is_authenticated and match.created_by_id == user.pk:
        return True
    return Match.objects.filter(match_visible_to(user), pk=match.pk).exists()


def match_allow(user: User, match: Match, *, write: bool, share: str = "", record: bool = False) -> None:
    """Let ``user`` (holding ``share``, maybe) read, or ``write``, ``match``; a write that ``record``s
    its hands (a hand, a play, a summary, a correction) is also let to its table's guest.

    Raises:
        Http404: ``user`` may not read it; PermissionDenied: ``user`` may read it but not write it.
    """
    if write and (can_record_match(user, match) if record else can_write_match(user, match)):
        return
    if not can_read_match(user, match, share):
        raise Http404
    if write:
        raise PermissionDenied


def match_writer(user: User) -> Callable[[Match], None]:
    """The recording check of :func:`match_allow`, for a service to run on the match it has locked."""
    return lambda match: match_allow(user, match, write=True, record=True)


def match_for(
    user: User,
    pk: int,
    *,
    write: bool = False,
    share: str = "",
    read: Callable[[int], Match] | None = None,
    record: bool = False,
) -> Match:
    """Match ``pk`` as ``read`` gives it, if :func:`match_allow` lets ``user`` read or ``write`` (or
    ``record``) it."""
    try:
        match = Match.objects.get(pk=pk) if read is None else read(pk)
    except Match.DoesNotExist:
        raise Http404 from None
    match_allow(user, match, write=write, share=share, record=record)
    return match


def club_role(*, club: Club, user: User) -> str | None:
    """``admin``, ``member``, or ``None`` for a non-member."""
    roles = Membership.objects.filter(club=club, user_id=account_id(user))
    return roles.values_list("role", flat=True).first()


def club_for(user: User, pk: int, *, write: bool = False) -> Club:
    """Club ``pk``, for its members (and, to ``write`` it, its admins); its statistics are theirs.

    Raises:
        Http404: no such club, or ``user`` is not a member; PermissionDenied: a member, not an admin.
    """
    club = Club.objects.filter(pk=pk).first()
    role = None if club is None else club_role(club=club, user=user)
    if club is None or role is None:
        raise Http404
    if write and role != Membership.Role.ADMIN:
        raise PermissionDenied
    return club


def membership_for(user: User, club_id: int, pk: int, *, remove: bool = False) -> Membership:
    """Membership ``pk`` of club ``club_id`` (with its club and account): its admins change it, and
    ``remove`` it; a member also removes their own (leaves).

    Raises:
        Http404: no such club or membership, or ``user`` is not a member; PermissionDenied: a plain
        member changing someone (or, not to leave, themself).
    """
    roles = Membership.objects.filter(club_id=club_id, user_id=account_id(user))
    role = roles.values_list("role", flat=True).first()
    found = Membership.objects.select_related("club", "user").filter(pk=pk, club_id=club_id).first()
    if role is None or found is None:
        raise Http404
    own = remove and found.user_id == user.pk
    if role != Membership.Role.ADMIN and not own:
        raise PermissionDenied
    return found


def club_invitation_for(user: User, club_id: int, pk: int) -> ClubInvitation:
    """Invitation ``pk`` of club ``club_id`` (with its club), for the club's admins.

    Raises:
        Http404: no such club or invitation, or ``user`` is not a member; PermissionDenied: a plain
        member.
    """
    club = club_for(user, club_id, write=True)
    invitation = ClubInvitation.objects.select_related("club").filter(pk=pk, club=club).first()
    if invitation is None:
        raise Http404
    return invitation


def club_invitation_by_link(token: str) -> ClubInvitation:
    """The club invitation behind a link (with its club and its creator), for whoever holds it, valid
    or not (else Http404: an unknown link, or any other text)."""
    found = ClubInvitation.objects.select_related("club", "created_by")
    invitation = found.filter(token=token).first() if token and token.isascii() else None
    if invitation is None or not secrets.compare_digest(token, invitation.token):
        raise Http404
    return invitation


def event_visible_to(user: User) -> Q:
    """Events ``user`` may read: those of the clubs ``user`` belongs to."""
    return Q(_member_of_club(account_id(user))) if user.is_authenticated else Q(pk__in=[])


def event_for(
    user: User,
    pk: int,
    *,
    write: bool = False,
    read: Callable[[QuerySet[Event]], QuerySet[Event]] | None = None,
) -> tuple[Event, str]:
    """Event ``pk`` (its query joined as ``read`` says) and ``user``'s role in its club, in one query:
    an event is its club's, read by the members and directed (every write) by the admins, as
    :func:`club_for` decides for the club.

    Raises:
        Http404: no such event, or ``user`` is not a member; PermissionDenied: to ``write``, a member
        who is not an admin.
    """
    roles = Membership.objects.filter(club=OuterRef("club"), user_id=account_id(user)).values("role")
    events = Event.objects.filter(pk=pk).annotate(caller_role=Subquery(roles[:1]))
    event = (events if read is None else read(events)).first()
    role: str | None = getattr(event, "caller_role", None)  # the annotation: not a typed field
    if event is None or role is None:
        raise Http404
    if write and role != Membership.Role.ADMIN:
        raise PermissionDenied
    return event, role


def event_by_link(token: str) -> Event:
    """The event behind a share link, read-only for whoever holds it (else Http404: an unknown or
    withdrawn link, or any other text)."""
    event = Event.objects.filter(share_token=token).first() if token and token.isascii() else None
    if event is None or not secrets.compare_digest(token, event.share_token):
        raise Http404
    return event


def player_known_to(user: User) -> Q:
    """Players ``user`` shares a match or a club with, ``user``'s own, and those ``user`` created."""
    if not user.is_authenticated:
        return Q(pk__in=[])
    clubs = Membership.objects.filter(user_id=user.pk).values("club")
    in_my_club = Exists(Membership.objects.filter(user_id=OuterRef("user_id"), club__in=clubs))
    matches = Match.objects.filter(match_visible_to(user)).values("pk")
    at_my_table = Exists(Seat.objects.filter(player=OuterRef("pk"), match__in=matches))
    return Q(created_by_id=user.pk) | Q(user_id=user.pk) | Q(in_my_club) | Q(at_my_table)


def player_for(user: User, pk: int) -> Player:
    """Player ``pk`` (with its account), if :func:`player_known_to` says ``user`` knows it (else Http404)."""
    player = Player.objects.filter(player_known_to(user), pk=pk).select_related("user").first()
    if player is None:
        raise Http404
    return player


def own_player_for(user: User, pk: int) -> Player:
    """Player ``pk``, for its own account alone (to rename it; else Http404)."""
    player = Player.objects.filter(pk=pk, user_id=account_id(user)).first()
    if player is None:
        raise Http404
    return player


def invitation_for(user: User, token: str) -> Invitation:
    """The invitation behind ``token`` (with its match), for its invitee; a link invitation for anyone
    (else Http404)."""
    invitation = Invitation.objects.select_related("match", "created_by").filter(token=token).first()
    if invitation is None or invitation.invitee_id not in (None, user.pk):
        raise Http404
    return invitation


def consent_for(user: User, match_id: int, invitation_id: int) -> Invitation:
    """Invitation ``invitation_id`` of match ``match_id`` with an acceptance waiting, for the account
    that added the guest in its seat: only they consent (else Http404)."""
    found = Invitation.objects.select_related("match", "requested_by").filter(
        pk=invitation_id, match_id=match_id, accepted_at__isnull=True, requested_by__isnull=False
    )
    invitation = found.first()
    if (
        invitation is None
        or not Seat.objects.filter(
            match_id=match_id,
            number=invitation.seat,
            player__user__isnull=True,
            player__created_by_id=account_id(user),
        ).exists()
    ):
        raise Http404
    return invitation


def claim_for(user: User, match_id: int, claim_id: int) -> GuestClaim:
    """Claim ``claim_id`` of match ``match_id`` (with its match and claimant), for the account that
    added its guest: only they decide it (else Http404)."""
    claims = GuestClaim.objects.select_related("match", "claimant")
    claim = claims.filter(pk=claim_id, match_id=match_id, guest__created_by_id=account_id(user)).first()
    if claim is None:
        raise Http404
    return claim
