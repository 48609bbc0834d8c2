"""Races on people end in one winner and a 409 with a code, never a 500 (on real PostgreSQL: its row
locks, unique indexes and deadlock detector decide)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.clubs.services.clubs import club_create
from games.matches.services.invitations import invitation_create
from games.matches.services.matches import match_share, match_start
from games.models import GuestClaim, Invitation, Match, Membership, PlayerMerge
from games.people.services.players import player_create
from tests.factories import api_client
from tests.games.test_concurrency import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("olga")


@pytest.fixture
def match(owner: User) -> Match:
    olga = player_create(name="Olga", by=owner, user=owner)
    match = match_start(game="tablo", players=[olga, player_create(name="Gost", by=owner)], by=owner)
    return match_share(match=match)  # the claimants read it through its link


def _claim(match: Match, user: User) -> Any:
    body = {"seat": 1, "share": match.share_token}
    return lambda: api_client(user).post(f"/api/v1/matches/{match.pk}/claims/", body, format="json")


def test_ten_claims_at_once_by_one_account_make_one_claim(owner: User, match: Match) -> None:
    mira = User.objects.create_user("mira")
    responses = at_once(*(_claim(match, mira) for _ in range(10)))
    assert [response.status_code for response in responses] == [201] * 10
    assert len({response.json()["id"] for response in responses}) == 1
    assert GuestClaim.objects.count() == 1


def test_two_claims_of_one_guest_confirmed_at_once_merge_it_once(owner: User, match: Match) -> None:
    mira, nina = User.objects.create_user("mira"), User.objects.create_user("nina")
    claims = [_claim(match, user)().json()["id"] for user in (mira, nina)]
    client = api_client(owner)

    def decide(claim: int) -> Any:
        url = f"/api/v1/matches/{match.pk}/claims/{claim}/decision/"
        return lambda: client.post(url, {"confirm": True}, format="json")

    responses = at_once(*(decide(claim) for claim in claims))
    outcome = sorted((response.status_code, response.json().get("code", "")) for response in responses)
    assert outcome == [(200, ""), (409, "claim.closed")]
    assert PlayerMerge.objects.count() == 1
    winner = PlayerMerge.objects.get().into.user
    assert match.seats.get(number=1).player.user == winner
    assert sorted(GuestClaim.objects.values_list("status", flat=True)) == ["confirmed", "declined"]


def test_two_invitations_accepted_at_once_by_one_account_seat_it_once(owner: User) -> None:
    mira = User.objects.create_user("mira")
    guests = [player_create(name=name, by=owner) for name in ("A", "B", "C")]
    match = match_start(
        game="tablo", players=[player_create(name="Olga", by=owner, user=owner), *guests], by=owner
    )
    tokens = [invitation_create(match=match, seat=seat, by=owner, invitee=mira).token for seat in (1, 2)]
    client = api_client(mira)
    responses = at_once(
        *(lambda token=token: client.post(f"/api/v1/invitations/{token}/accept/") for token in tokens)
    )
    outcome = sorted((response.status_code, response.json().get("code", "")) for response in responses)
    assert outcome == [(200, ""), (409, "invitation.already_seated")]
    assert match.seats.filter(player__user=mira).count() == 1
    assert Invitation.objects.filter(accepted_at__isnull=False).count() == 1


def test_one_member_added_four_times_at_once_is_one_membership(owner: User) -> None:
    club, other = club_create(name="Kafana", by=owner), club_create(name="Bar", by=owner)
    mira = User.objects.create_user("mira")
    Membership.objects.create(club=other, user=mira)  # so that owner may find mira by name
    client = api_client(owner)
    url = f"/api/v1/clubs/{club.pk}/memberships/"
    responses = at_once(*(lambda: client.post(url, {"username": "mira"}, format="json") for _ in range(4)))
    assert {response.status_code for response in responses} == {201}, [r.json() for r in responses]
    assert Membership.objects.filter(club=club, user=mira).count() == 1
