"""Claiming a guest: the writer confirms, the guest's matches become the claimant's, and
the standings and ratings are recomputed from the stored logs."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.clubs.services.clubs import club_create, membership_create
from games.errors import ClaimClosed, ClaimSameMatch, NotAGuest
from games.models import GuestClaim, Player
from games.people.services.claims import guest_claim_create, guest_claim_decide, player_merge
from games.people.services.players import player_create
from games.stats.models import RatingSnapshot
from games.stats.selectors import standings_for
from tests.stats.matches import tamlin_match

pytestmark = pytest.mark.django_db(transaction=True)  # follow-ups run on commit, as in production


def _table(club_id: int) -> dict[str, tuple[int, int]]:
    return {row.name: (row.played, row.won) for row in standings_for(club_id=club_id).rows}


def test_a_confirmed_claim_merges_the_guest_and_the_standings_follow() -> None:
    ana, mira = User.objects.create_user("ana"), User.objects.create_user("mira")
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=mira)
    me = player_create(name="Ana", by=ana, user=ana)
    guest = player_create(name="mira (guest)", by=ana)
    mira_player = player_create(name="Mira", by=mira, user=mira)
    bo = player_create(name="Bo", by=ana)
    first = tamlin_match(club, [me, guest], winner=1, by=ana)
    tamlin_match(club, [bo, mira_player], winner=1, by=ana)
    assert _table(club.pk)["Mira"] == (1, 1)

    claim = guest_claim_create(match=first, seat=1, by=mira)
    assert guest_claim_create(match=first, seat=1, by=mira) == claim  # asked twice: one claim
    guest_claim_decide(claim=claim, by=ana, confirm=True)

    assert not Player.objects.filter(pk=guest.pk).exists()
    assert first.seats.get(number=1).player == mira_player
    assert _table(club.pk) == {"Mira": (2, 2), "Ana": (1, 0), "Bo": (1, 0)}
    assert set(RatingSnapshot.objects.values_list("player__name", flat=True)) == {"Ana", "Bo", "Mira"}
    with pytest.raises(ClaimClosed):
        guest_claim_decide(claim=claim, by=ana, confirm=False)


def test_a_declined_claim_changes_nothing() -> None:
    ana, mira = User.objects.create_user("ana"), User.objects.create_user("mira")
    club = club_create(name="Kafana", by=ana)
    guest = player_create(name="Gina", by=ana)
    match = tamlin_match(club, [player_create(name="Ana", by=ana, user=ana), guest], by=ana)
    claim = guest_claim_decide(claim=guest_claim_create(match=match, seat=1, by=mira), by=ana, confirm=False)
    assert claim.status == GuestClaim.Status.DECLINED
    assert match.seats.get(number=1).player == guest


def test_an_account_cannot_be_claimed_nor_merged_into_a_match_it_sat_at() -> None:
    ana, mira = User.objects.create_user("ana"), User.objects.create_user("mira")
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=mira)
    me = player_create(name="Ana", by=ana, user=ana)
    mira_player = player_create(name="Mira", by=mira, user=mira)
    guest = player_create(name="Gina", by=ana)
    match = tamlin_match(club, [me, guest, mira_player, player_create(name="Bo", by=ana)], by=ana)
    with pytest.raises(NotAGuest):
        guest_claim_create(match=match, seat=0, by=mira)
    with pytest.raises(ClaimSameMatch):
        player_merge(guest=guest, into=mira_player, by=ana)
    assert match.seats.get(number=1).player == guest
