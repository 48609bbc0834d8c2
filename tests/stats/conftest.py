"""Fixtures of the statistics tests: an empty cache, and a club with two members and two players."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from rest_framework.test import APIClient

from games.models import Club, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@dataclass(frozen=True, slots=True)
class ClubWorld:
    """``owner`` made the club, ``member`` belongs to it, ``outsider`` does not; Ana and Bo play."""

    club: Club
    owner: User
    member: User
    outsider: User
    ana: Player
    bo: Player


@pytest.fixture
def world(db: None) -> ClubWorld:
    owner, member, outsider = (UserFactory.create(username=name) for name in ("owner", "member", "outsider"))
    club = ClubFactory.create(created_by=owner, name="Thursday Club")
    MembershipFactory.create(club=club, user=member)
    return ClubWorld(
        club=club,
        owner=owner,
        member=member,
        outsider=outsider,
        ana=PlayerFactory.create(name="Ana", created_by=owner),
        bo=PlayerFactory.create(name="Bo", created_by=owner),
    )


def client_for(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
