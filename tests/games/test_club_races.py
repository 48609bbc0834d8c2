"""Races on a club's people end as the rules say, never with a 500 (on real PostgreSQL: its row
locks decide): a link limited to one person admits one of two at once, and admins who all step down
at once leave the club one admin (docs/clubs.md)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.clubs.services.clubs import club_create, membership_create, membership_role_set
from games.clubs.services.invitations import club_invitation_create
from games.errors import LastAdmin
from games.models import Membership
from tests.factories import api_client
from tests.games.test_concurrency import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _outcome(responses: list[Any]) -> list[tuple[int, str]]:
    return sorted((r.status_code, r.json().get("code", "") if r.content else "") for r in responses)


def test_a_link_for_one_person_admits_one_of_two_at_once() -> None:
    owner = User.objects.create_user("olga")
    club = club_create(name="Kafana", by=owner)
    token = club_invitation_create(club=club, by=owner, max_uses=1).token
    clients = [api_client(User.objects.create_user(name)) for name in ("mira", "nina")]
    url = f"/api/v1/club-invitations/{token}/accept/"
    responses = at_once(*(lambda client=client: client.post(url) for client in clients))
    assert _outcome(responses) == [(200, ""), (409, "club_invitation.used_up")]
    assert club.memberships.count() == 2


def test_five_admins_stepping_down_at_once_leave_one_admin() -> None:
    admins = [User.objects.create_user(name) for name in ("olga", "mira", "nina", "ivo", "cy")]
    club = club_create(name="Kafana", by=admins[0])
    for user in admins[1:]:
        membership_create(club=club, user=user, role="admin")
    memberships = list(club.memberships.all())

    def step_down(membership: Membership) -> str:
        try:
            membership_role_set(membership=membership, role="member", by=membership.user)
        except LastAdmin as refused:
            return refused.code
        return ""

    outcome = at_once(*(lambda each=each: step_down(each) for each in memberships))
    assert sorted(outcome) == [""] * 4 + ["membership.last_admin"]
    assert club.memberships.filter(role="admin").count() == 1
