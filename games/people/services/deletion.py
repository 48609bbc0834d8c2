"""Deleting one's account (docs/accounts.md, Deleting one's account): what
:func:`games.people.selectors.deletion.deletion_plan` says goes is deleted, what stays passes on, and every
session and API token of the account ends.

Nothing that stays is rescored: a player that stays keeps its row (its id, its name, its seats, its
rating snapshots and event entries), so every standings table, rating, head-to-head and event table
reads the same afterwards. Only matches counted nowhere but in the account's own notebook, and clubs
nobody else belongs to, go.
"""

from __future__ import annotations

from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.db import transaction

from games.audit.services import audit_record
from games.errors import WrongPassword
from games.events.models import Event
from games.models import Club, Match, Membership, Player
from games.people.selectors.deletion import DeletionPlan, deletion_plan
from scorekeeper.models import AccountSession
from scorekeeper.sessions import sessions_ended


@transaction.atomic
def account_delete(*, user: User, password: str) -> DeletionPlan:
    """Delete ``user`` once ``password`` is theirs, as the plan read under the account's lock says.

    Raises:
        WrongPassword: ``password`` is not the account's (nothing is written).
    """
    user = User.objects.select_for_update().get(pk=user.pk)
    if not password or not user.check_password(password):
        raise WrongPassword()
    plan = deletion_plan(user=user)
    for match, owner in plan.matches_passed.items():
        Match.objects.filter(pk=match).update(created_by_id=owner)
    for club, owner in plan.clubs_passed.items():
        Club.objects.filter(pk=club).update(created_by_id=owner)
    for club, member in plan.admins_promoted.items():
        promoted = Membership.objects.select_related("club", "user").get(club_id=club, user_id=member)
        before = {"user": promoted.user.get_username(), "role": promoted.role}
        promoted.role = Membership.Role.ADMIN
        promoted.save(update_fields=["role"])
        after = {
            "user": promoted.user.get_username(),
            "role": promoted.role,
            "why": "last admin's account deleted",
        }
        audit_record(
            by=user,
            action="membership.role_changed",
            object=promoted,
            before=before,
            after=after,
            club=promoted.club,
            subject=promoted.user,
        )
    for event, owner in plan.events_passed.items():
        Event.objects.filter(pk=event).update(created_by_id=owner)
    for player, keeper in plan.players_passed.items():
        Player.objects.filter(pk=player).update(user=None, created_by_id=keeper)
    # Events first (their tables hold their matches), then the matches (they hold the seats of the
    # players and the clubs' seasons), then the players and the clubs.
    Event.objects.filter(club_id__in=plan.clubs_deleted).delete()
    Match.objects.filter(pk__in=plan.matches_deleted).delete()
    Player.objects.filter(pk__in=plan.players_deleted).delete()
    Club.objects.filter(pk__in=plan.clubs_deleted).delete()
    _sign_in_failures_forget(user.get_username())
    passed = {
        "matches": len(plan.matches_passed),
        "clubs": len(plan.clubs_passed),
        "events": len(plan.events_passed),
        "players": len(plan.players_passed),
    }
    audit_record(by=user, action="account.deleted", object=user, after={"passed_on": passed}, subject=user)
    sessions_ended(AccountSession.objects.filter(user_id=user.pk).values_list("session_key", flat=True))
    user.delete()  # sessions, API token, memberships, claims, invitations, idempotency keys go with it
    return plan


def _sign_in_failures_forget(username: str) -> None:
    """The sign-in limits' counted failures of the account (they name it)."""
    AccessAttempt.objects.filter(username=username).delete()
