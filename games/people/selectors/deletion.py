"""What deleting an account removes and what it hands on (docs/accounts.md, Deleting one's account):
one plan, read before the page asks for the password and again by the service under its lock.

- A match the account started goes when nobody else's account sits at it and it counts in no club
  that anyone else belongs to: it is the account's own notebook. Every other match stays, started
  (owned) from now on by the first other account seated at it, else by the club's longest-serving
  admin, else by its longest-serving member.
- The account's player, and each guest it added, stays whole (the same row: the same id and name) while
  it sits at a match that stays or is entered in an event; it becomes a guest owned by the account that
  owns most of those matches, so every table that counts it reads the same. A player left with no seat
  and no entry goes.
- A club the account started passes to its longest-serving admin (else member); a club nobody else
  belongs to goes with its matches, unless one of them stays (someone else's account sat at it): then
  it passes to that match's new owner. Where the account was a club's last admin, its longest-serving
  member becomes admin. Events follow their club's new owner.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef, Q

from games.events.models import Bye, Entry, Event
from games.models import Club, GuestClaim, Invitation, Match, Membership, Player, Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class DeletionPlan:
    """Ids of what goes and, for what stays, of whom it passes to (account ids)."""

    user_id: int
    matches_deleted: frozenset[int]
    matches_passed: dict[int, int]  # started by the account, staying: match -> new owner
    matches_kept: int  # every match the account sat at or started that stays (passed ones included)
    players_deleted: frozenset[int]
    players_passed: dict[int, int | None]  # staying, now guests: player -> owner (None: nobody's)
    clubs_deleted: frozenset[int]
    clubs_passed: dict[int, int]  # club -> its new creator
    admins_promoted: dict[int, int]  # club -> member made admin
    events_passed: dict[int, int] = field(default_factory=dict)  # event -> new creator
    memberships: int = 0
    claims: int = 0
    invitations: int = 0


def _others_in(club_ids: set[int], user: User) -> dict[int, list[tuple[int, str]]]:
    """Per club, its other members as (account, role), longest-serving first."""
    found: dict[int, list[tuple[int, str]]] = {club: [] for club in club_ids}
    rows = Membership.objects.filter(club_id__in=club_ids).exclude(user=user).order_by("created_at", "pk")
    for club_id, account, role in rows.values_list("club_id", "user_id", "role"):
        found[club_id].append((account, role))
    return found


def _heir(others: list[tuple[int, str]]) -> int | None:
    """The longest-serving admin, else the longest-serving member."""
    admins = [account for account, role in others if role == Membership.Role.ADMIN]
    found = admins or [account for account, _ in others]
    return found[0] if found else None


def deletion_plan(*, user: User) -> DeletionPlan:
    """What deleting ``user`` would delete, and whom what stays would pass to."""
    mine = Seat.objects.filter(match=OuterRef("pk"), player__user=user)
    matches = list(
        Match.objects.filter(Q(created_by=user) | Q(Exists(mine))).values_list(
            "pk", "created_by_id", "club_id"
        )
    )
    seats = Seat.objects.filter(match_id__in=[pk for pk, _, _ in matches]).order_by("match_id", "number")
    accounts: dict[int, list[int]] = {}  # match -> other accounts seated, in seat order
    for match_id, account in seats.values_list("match_id", "player__user_id"):
        if account is not None and account != user.pk:
            accounts.setdefault(match_id, []).append(account)
    own_clubs = set(Club.objects.filter(created_by=user).values_list("pk", flat=True))
    own_clubs |= set(Membership.objects.filter(user=user).values_list("club_id", flat=True))
    event_clubs = set(Event.objects.filter(created_by=user).values_list("club_id", flat=True))
    club_ids = own_clubs | event_clubs | {club for _, _, club in matches if club is not None}
    others = _others_in(club_ids, user)

    deleted: set[int] = set()
    owners: dict[int, int] = {}  # every staying match -> its owner afterwards
    passed: dict[int, int] = {}
    for pk, creator, club in matches:
        seated, members = accounts.get(pk, []), others[club] if club is not None else []
        if creator != user.pk:
            owners[pk] = creator
        elif seated or members:
            owners[pk] = passed[pk] = seated[0] if seated else (_heir(members) or 0)
        else:
            deleted.add(pk)

    creators = dict(Club.objects.filter(pk__in=club_ids).values_list("pk", "created_by_id"))
    clubs_deleted: set[int] = set()
    clubs_passed: dict[int, int] = {}
    promoted: dict[int, int] = {}
    admin_of = set(
        Membership.objects.filter(user=user, role=Membership.Role.ADMIN).values_list("club_id", flat=True)
    )
    for club in sorted(own_clubs):
        heir = _heir(others[club])
        staying = Match.objects.filter(club_id=club).exclude(pk__in=deleted).order_by("created_at", "pk")
        first = staying.values_list("pk", "created_by_id").first()
        if heir is None and first is None:
            clubs_deleted.add(club)
            continue
        if creators[club] == user.pk:
            clubs_passed[club] = heir or (owners.get(first[0], first[1]) if first else 0)
        has_admin = any(role == Membership.Role.ADMIN for _, role in others[club])
        if club in admin_of and others[club] and not has_admin:
            promoted[club] = others[club][0][0]
    events = Event.objects.filter(created_by=user).exclude(club_id__in=clubs_deleted)
    events_passed = {
        event: clubs_passed.get(club) or _heir(others[club]) or creators[club]
        for event, club in events.values_list("pk", "club_id")
    }
    deleted |= set(Match.objects.filter(club_id__in=clubs_deleted).values_list("pk", flat=True))
    players_deleted, players_passed = _players(user, owners, deleted, clubs_deleted)
    return DeletionPlan(
        user_id=user.pk,
        matches_deleted=frozenset(deleted),
        matches_passed=passed,
        matches_kept=len(owners),
        players_deleted=players_deleted,
        players_passed=players_passed,
        clubs_deleted=frozenset(clubs_deleted),
        clubs_passed=clubs_passed,
        admins_promoted=promoted,
        events_passed=events_passed,
        memberships=Membership.objects.filter(user=user).count(),
        claims=GuestClaim.objects.filter(claimant=user).count(),
        invitations=Invitation.objects.filter(Q(invitee=user) | Q(created_by=user), accepted_at=None).count(),
    )


def _players(
    user: User, owners: dict[int, int], deleted: set[int], clubs_deleted: set[int]
) -> tuple[frozenset[int], dict[int, int | None]]:
    """The account's player and guests: which go, and which stay with whom."""
    players = list(
        Player.objects.filter(Q(user=user) | Q(created_by=user, user__isnull=True)).values_list(
            "pk", flat=True
        )
    )
    seats = Seat.objects.filter(player_id__in=players).exclude(match_id__in=deleted)
    held: dict[int, Counter[int]] = {player: Counter() for player in players}
    for player, match, creator in seats.order_by("match__created_at", "match_id").values_list(
        "player_id", "match_id", "match__created_by_id"
    ):
        held[player][owners.get(match, creator)] += 1
    entries = Entry.objects.filter(player_id__in=players).exclude(event__club_id__in=clubs_deleted)
    byes = Bye.objects.filter(player_id__in=players).exclude(round__event__club_id__in=clubs_deleted)
    entered = set(entries.values_list("player_id", flat=True)) | set(byes.values_list("player_id", flat=True))
    gone: set[int] = set()
    passed: dict[int, int | None] = {}
    for player, count in held.items():
        count.pop(user.pk, None)
        if not count and player not in entered:
            gone.add(player)
        else:  # the owner of the most of its matches; among equals, of the earliest (Counter keeps order)
            passed[player] = max(count, key=lambda owner: count[owner]) if count else None
    return frozenset(gone), passed
