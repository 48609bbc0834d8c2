"""A club's page and its invitation links on the web: admins make and revoke links (with their QR
code), change roles and remove members, members leave, and whoever opens a link joins by signing in
or signing up through it (docs/clubs.md)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.clubs.services.clubs import club_create, membership_create
from games.clubs.services.invitations import club_invitation_create
from games.models import Club, ClubInvitation, Membership
from scorekeeper.throttles import ClubJoinThrottle
from tests.web.conftest import PASSWORD


def _club(owner: User) -> Club:
    club = club_create(name="Kafana Tablo", by=owner)
    membership_create(club=club, user=User.objects.create_user("dragan", password=PASSWORD))
    return club


def test_an_admin_makes_a_link_with_its_qr_code_and_revokes_it(owner: User, owner_client: Client) -> None:
    club = _club(owner)
    page = owner_client.get(reverse("clubs")).content.decode()
    assert reverse("club", args=[club.pk]) in page
    made = owner_client.post(reverse("club-invitation-new", args=[club.pk]), {"role": "admin", "days": 30})
    assert made["Location"] == reverse("club", args=[club.pk]) + "#invitations"
    invitation = ClubInvitation.objects.get()
    assert (invitation.role, invitation.max_uses) == ("admin", None)
    assert timedelta(days=29) < invitation.expires_at - timezone.now() <= timedelta(days=30)
    page = owner_client.get(reverse("club", args=[club.pk])).content.decode()
    assert f"http://testserver/club-invitations/{invitation.token}/" in page
    assert 'class="qr"' in page
    assert "QR code of the invitation link" in page
    assert owner_client.post(reverse("club-invitation-new", args=[club.pk]), {"days": 2}).status_code == 422
    revoke = reverse("club-invitation-revoke", args=[club.pk, invitation.pk])
    assert owner_client.post(revoke).status_code == 302
    assert invitation.token not in owner_client.get(reverse("club", args=[club.pk])).content.decode()
    landing = Client().get(reverse("club-invitation", args=[invitation.token])).content.decode()
    assert "This invitation to Kafana Tablo was revoked" in landing


def test_every_write_is_refused_to_a_plain_member_and_to_an_outsider(owner: User, outsider: User) -> None:
    club = _club(owner)
    invitation = club_invitation_create(club=club, by=owner)
    own = club.memberships.get(user=owner)
    writes = [
        (reverse("club-invitation-new", args=[club.pk]), {"role": "admin", "days": 7}),
        (reverse("club-invitation-revoke", args=[club.pk, invitation.pk]), {}),
        (reverse("club-member-role", args=[club.pk, own.pk]), {"role": "member"}),
        (reverse("club-member-remove", args=[club.pk, own.pk]), {}),
    ]
    member, stranger = Client(), Client()
    member.force_login(User.objects.get(username="dragan"))
    stranger.force_login(outsider)
    assert [member.post(url, data).status_code for url, data in writes] == [403] * 4
    assert [stranger.post(url, data).status_code for url, data in writes] == [404] * 4
    assert stranger.get(reverse("club", args=[club.pk])).status_code == 404
    page = member.get(reverse("club", args=[club.pk])).content.decode()
    assert "Make an invitation link" not in page
    assert invitation.token not in page
    assert ClubInvitation.objects.get().revoked_at is None
    assert set(club.memberships.values_list("user__username", "role")) == {
        ("marija", "admin"),
        ("dragan", "member"),
    }


def test_roles_change_members_leave_or_are_removed_never_the_last_admin(
    owner: User, owner_client: Client
) -> None:
    club = _club(owner)
    own = club.memberships.get(user=owner)
    dragan = club.memberships.get(user__username="dragan")
    refused = owner_client.post(reverse("club-member-remove", args=[club.pk, own.pk]), follow=True)
    assert "marija is the only admin of Kafana Tablo" in refused.content.decode()
    owner_client.post(reverse("club-member-role", args=[club.pk, own.pk]), {"role": "member"})
    assert club.memberships.get(user=owner).role == "admin"
    owner_client.post(reverse("club-member-role", args=[club.pk, dragan.pk]), {"role": "admin"})
    assert club.memberships.get(user__username="dragan").role == "admin"
    left = owner_client.post(reverse("club-member-remove", args=[club.pk, own.pk]), follow=True)
    assert "You left Kafana Tablo." in left.content.decode()
    assert list(club.memberships.values_list("user__username", flat=True)) == ["dragan"]
    member = Client()
    member.force_login(User.objects.get(username="dragan"))
    membership_create(club=club, user=owner)
    removed = club.memberships.get(user=owner)
    assert member.post(reverse("club-member-remove", args=[club.pk, removed.pk])).status_code == 302
    assert not club.memberships.filter(user=owner).exists()


def test_a_newcomer_signs_up_through_the_link_and_joins(owner: User) -> None:
    club = _club(owner)
    invitation = club_invitation_create(club=club, by=owner, role="member")
    here = reverse("club-invitation", args=[invitation.token])
    visitor = Client()
    landing = visitor.get(here).content.decode()
    assert "@marija invites you to the club Kafana Tablo (role: member)." in landing
    signup = f"{reverse('signup')}?next={here}"
    assert signup in landing
    assert f"{reverse('login')}?next={here}" in landing
    form = visitor.get(signup).content.decode()
    assert "Once your account is made, you join Kafana Tablo (role: member)." in form
    body = {
        "username": "mira",
        "password1": "a long unusual phrase",
        "password2": "a long unusual phrase",
        "next": here,
    }
    response = visitor.post(signup, body, follow=True)
    assert response.redirect_chain[0][0] == here
    assert "You are in Kafana Tablo (role: member)." in response.content.decode()
    assert club.memberships.get(user__username="mira").role == Membership.Role.MEMBER


def test_someone_signs_in_through_the_link_and_joins(owner: User, outsider: User) -> None:
    club = _club(owner)
    invitation = club_invitation_create(club=club, by=owner, role="admin")
    here = reverse("club-invitation", args=[invitation.token])
    visitor = Client()
    login = f"{reverse('login')}?next={here}"
    assert "Signing in, you join Kafana Tablo (role: admin)." in visitor.get(login).content.decode()
    response = visitor.post(login, {"username": "stranger", "password": PASSWORD, "next": here})
    assert response["Location"] == here
    assert club.memberships.get(user=outsider).role == Membership.Role.ADMIN
    assert "You are a member of Kafana Tablo." in visitor.get(here).content.decode()


def test_a_sign_in_elsewhere_joins_nothing_and_a_signed_in_visitor_taps_join(
    owner: User, outsider: User
) -> None:
    club = _club(owner)
    invitation = club_invitation_create(club=club, by=owner)
    visitor = Client()
    visitor.post(reverse("login"), {"username": "stranger", "password": PASSWORD, "next": "/clubs/"})
    assert not club.memberships.filter(user=outsider).exists()
    here = reverse("club-invitation", args=[invitation.token])
    assert "Join the club" in visitor.get(here).content.decode()
    assert visitor.post(here)["Location"] == reverse("club", args=[club.pk])
    assert club.memberships.filter(user=outsider).exists()


def test_an_expired_link_says_so_and_an_unknown_one_is_404(
    owner: User, outsider: User, client: Client
) -> None:
    club = _club(owner)
    invitation = club_invitation_create(club=club, by=owner)
    ClubInvitation.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    here = reverse("club-invitation", args=[invitation.token])
    assert "This invitation to Kafana Tablo has expired" in client.get(here).content.decode()
    client.force_login(outsider)
    client.post(here)
    assert not club.memberships.filter(user=outsider).exists()
    assert client.get(reverse("club-invitation", args=["no-such-link"])).status_code == 404
    assert Client().post(here)["Location"].startswith(reverse("login"))


def test_joining_attempts_are_throttled_with_the_429_page(
    owner: User, outsider: User, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ClubJoinThrottle, "THROTTLE_RATES", {"club_joins": "1/hour"})
    cache.clear()
    invitation = club_invitation_create(club=_club(owner), by=owner)
    client.force_login(outsider)
    assert client.post(reverse("club-invitation", args=["a-guess"])).status_code == 404
    refused = client.post(reverse("club-invitation", args=[invitation.token]))
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert not invitation.club.memberships.filter(user=outsider).exists()
    cache.clear()


def test_the_admin_site_lists_a_club_s_links_read_only(owner: User, client: Client) -> None:
    club = _club(owner)
    club_invitation_create(club=club, by=owner, max_uses=3)
    client.force_login(User.objects.create_superuser("root", password=PASSWORD))
    page = client.get(reverse("admin:games_club_change", args=[club.pk]))
    assert page.status_code == 200
    assert "club invitations" in page.content.decode().lower()
