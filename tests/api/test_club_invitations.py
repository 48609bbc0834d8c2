"""/api/v1/clubs/{id}/invitations/, /api/v1/club-invitations/{token}/accept/ and
/api/v1/clubs/{id}/memberships/{membership}/: admins share links and manage members, members leave,
anyone signed in joins through a link, never the last admin (docs/clubs.md)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.utils import timezone

from games.models import ClubInvitation, Membership
from scorekeeper.throttles import ClubInvitationThrottle, ClubJoinThrottle
from tests.factories import Personas, UserFactory, api_client, make_personas

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> Personas:
    return make_personas()


def _invite(people: Personas, **body: Any) -> Any:
    return api_client(people.owner).post(f"/api/v1/clubs/{people.club.pk}/invitations/", body, format="json")


def _membership(people: Personas, username: str) -> Membership:
    return people.club.memberships.get(user__username=username)


def test_an_admin_makes_a_link_and_a_newcomer_joins_through_it(people: Personas) -> None:
    response = _invite(people, role="admin", max_uses=2)
    assert response.status_code == 201
    body = response.json()
    assert set(body) >= {"token", "url", "role", "expires_at"}
    assert body["role"] == "admin"
    assert body["url"] == f"http://testserver/club-invitations/{body['token']}/"
    expires = ClubInvitation.objects.get().expires_at
    assert timedelta(days=6, hours=23) < expires - timezone.now() <= timedelta(days=7)
    newcomer = UserFactory.create(username="mira")
    preview = api_client(newcomer).get(f"/api/v1/club-invitations/{body['token']}/")
    assert (preview.json()["club_name"], preview.json()["role"]) == (people.club.name, "admin")
    joined = api_client(newcomer).post(f"/api/v1/club-invitations/{body['token']}/accept/")
    assert joined.status_code == 200
    assert (joined.json()["user"], joined.json()["role"], joined.json()["club"]) == (
        "mira",
        "admin",
        people.club.pk,
    )
    listed = api_client(people.owner).get(f"/api/v1/clubs/{people.club.pk}/invitations/").json()
    assert [(each["uses"], each["max_uses"]) for each in listed["results"]] == [(1, 2)]


def test_a_retried_create_makes_one_link(people: Personas) -> None:
    url = f"/api/v1/clubs/{people.club.pk}/invitations/"
    client = api_client(people.owner)
    first, again = (client.post(url, {"days": 1}, format="json", HTTP_IDEMPOTENCY_KEY="k1") for _ in range(2))
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert first.json()["token"] == again.json()["token"]
    assert ClubInvitation.objects.count() == 1


def test_only_admins_make_list_and_revoke_links(people: Personas) -> None:
    url = f"/api/v1/clubs/{people.club.pk}/invitations/"
    assert api_client(people.member).post(url, {}, format="json").json()["code"] == "auth.forbidden"
    assert api_client(people.member).get(url).status_code == 403
    assert api_client(people.outsider).post(url, {}, format="json").status_code == 404
    invitation = _invite(people).json()
    revoke = f"{url}{invitation['id']}/"
    assert api_client(people.member).delete(revoke).status_code == 403
    assert api_client(people.outsider).delete(revoke).status_code == 404
    assert ClubInvitation.objects.get().revoked_at is None
    assert api_client(people.owner).delete(revoke).status_code == 204
    accept = f"/api/v1/club-invitations/{invitation['token']}/accept/"
    refused = api_client(people.outsider).post(accept)
    assert (refused.status_code, refused.json()["code"]) == (409, "club_invitation.revoked")
    assert not people.club.memberships.filter(user=people.outsider).exists()


def test_an_expired_or_unknown_link_is_refused_with_its_code(people: Personas) -> None:
    token = _invite(people, days=1).json()["token"]
    ClubInvitation.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    refused = api_client(people.outsider).post(f"/api/v1/club-invitations/{token}/accept/")
    assert (refused.status_code, refused.json()["code"]) == (409, "club_invitation.expired")
    unknown = api_client(people.outsider).post("/api/v1/club-invitations/not-a-token/accept/")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "resource.not_found")
    assert api_client().post(f"/api/v1/club-invitations/{token}/accept/").status_code == 401
    bad = _invite(people, days=0, max_uses=0, role="owner")
    assert set(bad.json()["details"]["fields"]) == {"days", "max_uses", "role"}


def test_a_member_leaves_and_an_admin_removes_or_changes_roles(people: Personas) -> None:
    base = f"/api/v1/clubs/{people.club.pk}/memberships/"
    member = _membership(people, "member")
    newcomer = UserFactory.create(username="mira")
    other = people.club.memberships.create(user=newcomer)
    # A plain member may change nobody, not even themself, and remove only themself.
    assert api_client(people.member).patch(f"{base}{member.pk}/", {"role": "admin"}).status_code == 403
    assert api_client(people.member).delete(f"{base}{other.pk}/").status_code == 403
    assert api_client(people.outsider).delete(f"{base}{other.pk}/").status_code == 404
    assert api_client(people.outsider).patch(f"{base}{other.pk}/", {"role": "admin"}).status_code == 404
    assert api_client(people.member).delete(f"{base}{member.pk}/").status_code == 204  # leaves
    promoted = api_client(people.owner).patch(f"{base}{other.pk}/", {"role": "admin"})
    assert (promoted.status_code, promoted.json()["role"]) == (200, "admin")
    assert api_client(people.owner).patch(f"{base}{other.pk}/", {"role": "boss"}).status_code == 400
    assert api_client(people.owner).delete(f"{base}{other.pk}/").status_code == 204
    assert list(people.club.memberships.values_list("user__username", flat=True)) == ["owner"]


def test_the_last_admin_cannot_leave_be_removed_or_step_down(people: Personas) -> None:
    base = f"/api/v1/clubs/{people.club.pk}/memberships/"
    own = _membership(people, "owner")
    for response in (
        api_client(people.owner).delete(f"{base}{own.pk}/"),
        api_client(people.owner).patch(f"{base}{own.pk}/", {"role": "member"}),
        api_client(people.owner).post(base, {"username": "owner", "role": "member"}),
    ):
        assert (response.status_code, response.json()["code"]) == (409, "membership.last_admin")
    assert _membership(people, "owner").role == "admin"


@pytest.fixture
def _tight_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    rates = {"club_invitations": "2/hour", "club_joins": "2/hour"}
    for throttle in (ClubInvitationThrottle, ClubJoinThrottle):
        monkeypatch.setattr(throttle, "THROTTLE_RATES", rates)
    cache.clear()
    yield
    cache.clear()


@pytest.mark.usefixtures("_tight_limits")
def test_making_links_and_trying_tokens_are_throttled(people: Personas) -> None:
    assert [_invite(people).status_code for _ in range(3)] == [201, 201, 429]
    assert ClubInvitation.objects.count() == 2
    client = api_client(people.outsider)
    answers = [client.post(f"/api/v1/club-invitations/guess-{n}/accept/") for n in range(3)]
    assert [answer.status_code for answer in answers] == [404, 404, 429]
    assert answers[-1].json()["code"] == "request.throttled"
    assert int(answers[-1]["Retry-After"]) > 0
