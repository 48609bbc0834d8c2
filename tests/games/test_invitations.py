"""Invitations to a seat: accepting seats the account's player, who may then record."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from games.access import can_read_match, can_write_match
from games.models import Invitation, Player
from games.services.errors import AlreadySeated, InvitationClosed, SeatHeld
from games.services.invitations import invitation_accept, invitation_create, invitation_withdraw
from games.services.seating import match_start_seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def ana() -> User:
    return User.objects.create_user("ana")


@pytest.fixture
def mira() -> User:
    return User.objects.create_user("mira")


def test_accepting_a_link_invitation_seats_the_account_who_may_then_record(ana: User, mira: User) -> None:
    match = match_start_seating(game="tablo", names=["ana", "mira"], by=ana)
    assert not can_read_match(mira, match)
    invitation = invitation_create(match=match, seat=1, by=ana)
    seat = invitation_accept(invitation=invitation, by=mira)
    assert (seat.player.name, seat.player.user) == ("mira", mira)  # the guest's name, now hers
    assert not Player.objects.filter(user__isnull=True, name="mira").exists()  # the guest sat nowhere else
    assert can_read_match(mira, match)
    assert can_write_match(mira, match)
    with pytest.raises(InvitationClosed):
        invitation_accept(invitation=invitation, by=User.objects.create_user("third"))


def test_an_invitation_by_user_name_is_for_that_account_only(ana: User, mira: User) -> None:
    match = match_start_seating(game="tablo", names=["ana", "mira"], by=ana)
    invitation = invitation_create(match=match, seat=1, by=ana, invitee=mira)
    assert invitation_create(match=match, seat=1, by=ana, invitee=mira) == invitation  # asked twice
    with pytest.raises(PermissionDenied):
        invitation_accept(invitation=invitation, by=User.objects.create_user("eve"))
    assert match.seats.get(number=1).player.user is None


def test_a_seated_account_cannot_take_a_second_seat(ana: User, mira: User) -> None:
    match = match_start_seating(game="tablo", names=["ana", "Bo", "Cy"], by=ana)
    invitation_accept(invitation=invitation_create(match=match, seat=1, by=ana), by=mira)
    with pytest.raises(AlreadySeated):
        invitation_accept(invitation=invitation_create(match=match, seat=2, by=ana), by=mira)


def test_an_accounts_seat_cannot_be_offered(ana: User) -> None:
    match = match_start_seating(game="tablo", names=["ana", "Bo"], by=ana)
    with pytest.raises(SeatHeld):
        invitation_create(match=match, seat=0, by=ana)
    assert not Invitation.objects.exists()


def test_a_withdrawn_link_stops_working(ana: User, mira: User) -> None:
    match = match_start_seating(game="tablo", names=["ana", "Bo"], by=ana)
    invitation = invitation_create(match=match, seat=1, by=ana)
    invitation_withdraw(invitation=invitation)
    assert not Invitation.objects.exists()
    with pytest.raises(InvitationClosed):
        invitation_withdraw(invitation=invitation)
