"""Typed names seat accounts first (README.md, people at the table): the starter, club members at once,
past opponents only through an invitation; a guest only when no account answers to the name."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from hypothesis import given, settings
from hypothesis import strategies as st

from games.models import Invitation, Player
from games.services.clubs import club_create, membership_create, player_create
from games.services.errors import PlayerSeatedTwice, SeatNeedsInvitation
from games.services.invitations import invitation_accept, invitation_create
from games.services.matches import match_start
from games.services.seating import SeatKind, match_start_seating, seating_known

pytestmark = pytest.mark.django_db


def _seated(match_pk: int) -> list[tuple[str, str | None]]:
    players = Player.objects.filter(seats__match_id=match_pk).order_by("seats__number")
    return [(player.name, player.user.username if player.user else None) for player in players]


def test_a_member_with_a_same_named_guest_gets_the_seat_not_the_guest() -> None:
    ana = User.objects.create_user("ana")
    mira = User.objects.create_user("mira")
    old_guest = player_create(name="mira", by=ana)  # typed before Mira had an account
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=mira)
    match = match_start_seating(game="tablo", names=["ana", "Mira"], by=ana, club=club)
    assert _seated(match.pk) == [("ana", "ana"), ("Mira", "mira")]
    assert Player.objects.filter(pk=old_guest.pk, user__isnull=True).exists()  # untouched, not seated


def test_a_members_player_name_seats_that_member() -> None:
    ana, dragan = User.objects.create_user("ana"), User.objects.create_user("dragan")
    player_create(name="Dragan P.", by=dragan, user=dragan)
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=dragan)
    match = match_start_seating(game="tablo", names=["Guest Gina", "dragan p."], by=ana, club=club)
    assert _seated(match.pk) == [("Guest Gina", None), ("Dragan P.", "dragan")]


def test_a_past_opponent_outside_the_club_is_invited_not_seated() -> None:
    ana, mira = User.objects.create_user("ana"), User.objects.create_user("mira")
    mira_player = player_create(name="Mira", by=mira, user=mira)
    met = match_start_seating(game="tablo", names=["ana", "Bo"], by=ana)
    invitation_accept(invitation=invitation_create(match=met, seat=1, by=ana, invitee=mira), by=mira)
    assert seating_known(by=ana).choice("mira").kind is SeatKind.INVITE
    match = match_start_seating(game="tablo", names=["ana", "mira"], by=ana)
    assert _seated(match.pk) == [("ana", "ana"), ("mira", None)]  # a guest until she accepts
    invitation = Invitation.objects.get(match=match)
    assert (invitation.seat, invitation.invitee, invitation.is_open) == (1, mira, True)
    assert not mira_player.seats.filter(match=match).exists()


def test_an_unknown_name_is_a_new_guest_and_a_known_guest_is_reused() -> None:
    ana = User.objects.create_user("ana")
    first = match_start_seating(game="tablo", names=["ana", "Bo"], by=ana)
    second = match_start_seating(game="tablo", names=["ana", "bo"], by=ana)
    bo = Player.objects.get(name="Bo")
    assert bo.seats.filter(match__in=[first, second]).count() == 2
    assert seating_known(by=ana).choice("BO").kind is SeatKind.GUEST
    assert seating_known(by=ana).choice("Zed").kind is SeatKind.NEW


def test_the_same_new_name_twice_is_refused_and_no_guest_is_kept() -> None:
    ana = User.objects.create_user("ana")
    with pytest.raises(PlayerSeatedTwice):
        match_start_seating(game="tablo", names=["Bo", "bo"], by=ana)
    assert not Player.objects.exists()


def test_another_accounts_player_needs_club_membership_to_be_seated_directly() -> None:
    ana, mira = User.objects.create_user("ana"), User.objects.create_user("mira")
    mira_player = player_create(name="Mira", by=mira, user=mira)
    guest = player_create(name="Bo", by=ana)
    with pytest.raises(SeatNeedsInvitation):
        match_start(game="tablo", players=[guest, mira_player], by=ana)
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=mira)
    assert match_start(game="tablo", players=[guest, mira_player], by=ana, club=club).seats.count() == 2


@settings(max_examples=30, deadline=None)
@given(name=st.text(min_size=1, max_size=20).filter(lambda text: text.strip()))
def test_any_typed_name_resolves_to_exactly_one_kind(name: str) -> None:
    ana = User.objects.get_or_create(username="ana")[0]
    choice = seating_known(by=ana).choice(name)
    assert choice.name == name.strip()
    assert choice.kind in set(SeatKind)
    assert (choice.account is not None) == (choice.kind in {SeatKind.ACCOUNT, SeatKind.INVITE})
