"""Invitations to a seat: accepting seats the account's player, who may then record."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from games.access import can_read_match, can_write_match
from games.clubs.services.clubs import club_create, membership_create
from games.errors import AlreadySeated, ConsentNotAsked, InvitationClosed, SeatHeld
from games.matches.services.invitations import (
    invitation_accept,
    invitation_consent,
    invitation_create,
    invitation_withdraw,
)
from games.matches.services.seating import match_start_seating
from games.models import Invitation, Match, Player

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
    assert seat is not None  # Ana added the guest she invited to: no one else to ask
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


def _ana_with_bo_seated(ana: User) -> tuple[User, Match]:
    """Ana's match in her club: Bo's account seated (a member, picked by handle), her guest Grandma."""
    bo = User.objects.create_user("bo")
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=bo)
    return bo, match_start_seating(game="tablo", names=["bo @bo", "Grandma"], by=ana, club=club)


def test_a_link_to_anothers_guest_seat_waits_for_the_owner_who_may_agree(ana: User, mira: User) -> None:
    bo, match = _ana_with_bo_seated(ana)
    invitation = invitation_create(match=match, seat=1, by=bo)  # Bo writes, but Grandma is Ana's
    assert invitation_accept(invitation=invitation, by=mira) is None  # asked, not seated
    assert not can_read_match(mira, match)
    assert match.seats.get(number=1).player.user is None
    with pytest.raises(InvitationClosed):  # held by Mira's acceptance
        invitation_accept(invitation=invitation, by=User.objects.create_user("third"))
    with pytest.raises(PermissionDenied):  # only Ana, who added Grandma, answers
        invitation_consent(invitation=invitation, by=bo, consent=True)
    seat = invitation_consent(invitation=invitation, by=ana, consent=True)
    assert seat is not None
    assert seat.player.user == mira
    assert can_write_match(mira, match)


def test_the_owner_may_refuse_and_the_invitation_is_gone(ana: User, mira: User) -> None:
    bo, match = _ana_with_bo_seated(ana)
    invitation = invitation_create(match=match, seat=1, by=bo)
    invitation_accept(invitation=invitation, by=mira)
    assert invitation_consent(invitation=invitation, by=ana, consent=False) is None
    assert not Invitation.objects.exists()
    assert match.seats.get(number=1).player.name == "Grandma"
    with pytest.raises(ConsentNotAsked):
        invitation_consent(invitation=invitation_create(match=match, seat=1, by=bo), by=ana, consent=True)


def test_the_owners_own_invitation_seats_at_once(ana: User, mira: User) -> None:
    _, match = _ana_with_bo_seated(ana)
    seat = invitation_accept(invitation=invitation_create(match=match, seat=1, by=ana), by=mira)
    assert seat is not None
    assert seat.player.user == mira
