"""Club invitations and memberships through the services: joining with the link's role, expiry,
revocation and a use limit, and a club never left without an admin (docs/clubs.md)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.clubs.selectors import club_invitation_list
from games.clubs.services.clubs import club_create, membership_create, membership_remove, membership_role_set
from games.clubs.services.invitations import (
    club_invitation_accept,
    club_invitation_create,
    club_invitation_revoke,
)
from games.errors import ClubInvitationExpired, ClubInvitationRevoked, ClubInvitationUsedUp, LastAdmin
from games.models import ClubInvitation, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin() -> User:
    return User.objects.create_user("marija")


def _people(*names: str) -> list[User]:
    return [User.objects.create_user(name) for name in names]


def test_a_link_serves_many_people_with_its_role_for_seven_days(admin: User) -> None:
    club = club_create(name="Kafana", by=admin)
    invitation = club_invitation_create(club=club, by=admin)
    assert invitation.role == Membership.Role.MEMBER
    week = invitation.expires_at - invitation.created_at
    assert timedelta(days=7) - timedelta(seconds=5) < week <= timedelta(days=7)
    ana, bo = _people("ana", "bo")
    assert club_invitation_accept(invitation=invitation, by=ana).role == Membership.Role.MEMBER
    assert club_invitation_accept(invitation=invitation, by=bo).role == Membership.Role.MEMBER
    club_invitation_accept(invitation=invitation, by=bo)  # once more: nothing changes, no use counted
    invitation.refresh_from_db()
    assert invitation.uses == 2
    assert club.memberships.count() == 3


def test_an_admin_link_promotes_a_member_and_no_link_demotes_an_admin(admin: User) -> None:
    club = club_create(name="Kafana", by=admin)
    (ana,) = _people("ana")
    membership_create(club=club, user=ana)
    promoted = club_invitation_accept(
        invitation=club_invitation_create(club=club, by=admin, role="admin"), by=ana
    )
    assert promoted.role == Membership.Role.ADMIN
    kept = club_invitation_accept(invitation=club_invitation_create(club=club, by=admin), by=ana)
    assert kept.role == Membership.Role.ADMIN


def test_expired_revoked_and_used_up_links_join_nobody(admin: User) -> None:
    club = club_create(name="Kafana", by=admin)
    ana, bo, cy = _people("ana", "bo", "cy")
    expired = club_invitation_create(club=club, by=admin, days=1)
    ClubInvitation.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(ClubInvitationExpired):
        club_invitation_accept(invitation=expired, by=ana)
    revoked = club_invitation_revoke(invitation=club_invitation_create(club=club, by=admin), by=admin)
    with pytest.raises(ClubInvitationRevoked):
        club_invitation_accept(invitation=revoked, by=ana)
    once = club_invitation_create(club=club, by=admin, max_uses=1)
    club_invitation_accept(invitation=once, by=bo)
    with pytest.raises(ClubInvitationUsedUp) as refused:
        club_invitation_accept(invitation=once, by=cy)
    assert refused.value.code == "club_invitation.used_up"
    assert set(club.memberships.values_list("user__username", flat=True)) == {"marija", "bo"}
    assert list(club_invitation_list(club=club)) == []  # none of the three works any more


def test_the_last_admin_can_neither_leave_be_removed_nor_step_down(admin: User) -> None:
    club = club_create(name="Kafana", by=admin)
    (ana,) = _people("ana")
    own = club.memberships.get(user=admin)
    with pytest.raises(LastAdmin) as refused:
        membership_remove(membership=own, by=admin)
    assert (refused.value.code, refused.value.facts["user"]) == ("membership.last_admin", "marija")
    with pytest.raises(LastAdmin):
        membership_role_set(membership=own, role="member", by=admin)
    with pytest.raises(LastAdmin):
        membership_create(club=club, user=admin, role="member")  # re-adding oneself as a member
    other = membership_create(club=club, user=ana, role="admin")
    membership_role_set(membership=own, role="member", by=admin)  # another admin stays: allowed
    with pytest.raises(LastAdmin):
        membership_remove(membership=other, by=admin)
    membership_role_set(membership=own, role="admin", by=ana)
    membership_remove(membership=other, by=ana)  # ana leaves; marija is admin again
    assert list(club.memberships.values_list("user__username", "role")) == [("marija", "admin")]
