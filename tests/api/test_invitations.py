"""Invitations and guest claims through the API, in the error envelope."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.matches.services.seating import match_start_seating
from games.models import GuestClaim, Invitation
from tests.factories import PlayerFactory, api_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def ana() -> User:
    return User.objects.create_user("ana")


def test_an_invitation_by_user_name_answers_alike_and_a_link_one_is_accepted(ana: User) -> None:
    match = match_start_seating(game="tablo", names=["ana", "Mira", "Bo"], by=ana)
    mira = User.objects.create_user("mira")
    url = f"/api/v1/matches/{match.pk}/invitations/"
    known = api_client(ana).post(url, {"seat": 1, "username": "mira"}, format="json")
    unknown = api_client(ana).post(url, {"seat": 1, "username": "no-one"}, format="json")
    assert known.status_code == unknown.status_code == 202
    assert {**known.json(), "username": ""} == {**unknown.json(), "username": ""}
    assert Invitation.objects.get().invitee == mira

    link = api_client(ana).post(url, {"seat": 2}, format="json")
    assert link.status_code == 201
    assert link.json()["url"].endswith(f"/invitations/{link.json()['token']}/")
    eve = User.objects.create_user("eve")
    accepted = api_client(eve).post(f"/api/v1/invitations/{link.json()['token']}/accept/")
    assert accepted.status_code == 200
    assert accepted.json() == {
        "match": match.pk,
        "seat": 2,
        "player": accepted.json()["player"],
        "name": "Bo",
    }
    again = api_client(mira).post(f"/api/v1/invitations/{link.json()['token']}/accept/")
    assert (again.status_code, again.json()["code"]) == (409, "invitation.closed")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        pytest.param({"seat": 0}, 409, "invitation.seat_held", id="an-accounts-seat"),
        pytest.param({"seat": 7, "username": "x"}, 400, "seat.unknown", id="no-such-seat"),
        pytest.param({"seat": "x"}, 400, "request.invalid", id="bad-input"),
        pytest.param({"seat": 2**70}, 400, "request.invalid", id="beyond-the-column"),
    ],
)
def test_a_bad_invitation_is_refused_and_nothing_is_written(
    ana: User, body: dict[str, object], status: int, code: str
) -> None:
    match = match_start_seating(game="tablo", names=["ana", "Bo"], by=ana)
    response = api_client(ana).post(f"/api/v1/matches/{match.pk}/invitations/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert not Invitation.objects.exists()


def test_an_outsider_cannot_invite_nor_accept_someone_elses_invitation(ana: User) -> None:
    match = match_start_seating(game="tablo", names=["ana", "Bo"], by=ana)
    eve = User.objects.create_user("eve")
    refused = api_client(eve).post(f"/api/v1/matches/{match.pk}/invitations/", {"seat": 1}, format="json")
    assert refused.status_code in (403, 404)
    mira = User.objects.create_user("mira")
    api_client(ana).post(f"/api/v1/matches/{match.pk}/invitations/", {"seat": 1, "username": "mira"})
    token = Invitation.objects.get(invitee=mira).token
    response = api_client(eve).post(f"/api/v1/invitations/{token}/accept/")
    assert (response.status_code, response.json()["code"]) == (404, "resource.not_found")
    assert Invitation.objects.get().is_open


def test_a_claim_made_with_the_share_token_is_confirmed_by_the_writer(ana: User) -> None:
    match = match_start_seating(game="tablo", names=["ana", "Mira"], by=ana)
    share = api_client(ana).post(f"/api/v1/matches/{match.pk}/share/").json()["share_token"]
    mira = User.objects.create_user("mira")
    url = f"/api/v1/matches/{match.pk}/claims/"
    assert api_client(mira).post(url, {"seat": 1}, format="json").status_code == 404
    claim = api_client(mira).post(url, {"seat": 1, "share": share}, format="json")
    assert claim.status_code == 201
    assert claim.json()["status"] == "pending"
    decide = f"/api/v1/matches/{match.pk}/claims/{claim.json()['id']}/decision/"
    assert api_client(mira).post(decide, {"confirm": True}, format="json").status_code in (403, 404)
    done = api_client(ana).post(decide, {"confirm": True}, format="json")
    assert (done.status_code, done.json()["status"]) == (200, "confirmed")
    assert match.seats.get(number=1).player.user == mira
    assert GuestClaim.objects.get().status == GuestClaim.Status.CONFIRMED


def test_a_link_to_anothers_guest_seat_is_202_until_the_owner_consents(ana: User) -> None:
    """Bo, seated, invites to Ana's guest's seat: Eve's acceptance waits; Ana consents (the seat is
    Eve's) or refuses (204, the invitation gone); nobody else may answer (404)."""
    bo, eve, cy = (User.objects.create_user(name) for name in ("bo", "eve", "cy"))
    match = match_start_seating(game="tablo", names=["ana", "Grandma", "Gran 2"], by=ana)
    match.seats.filter(number=0).update(player=PlayerFactory.create(user=bo, created_by=bo))
    consents = []
    for seat in (1, 2):
        link = api_client(bo).post(f"/api/v1/matches/{match.pk}/invitations/", {"seat": seat}, format="json")
        waiting = api_client(eve if seat == 1 else cy).post(
            f"/api/v1/invitations/{link.json()['token']}/accept/"
        )
        assert (waiting.status_code, waiting.json()) == (202, {"status": "awaiting_consent"})
        invitation = Invitation.objects.get(token=link.json()["token"])
        consents.append(f"/api/v1/matches/{match.pk}/invitations/{invitation.pk}/consent/")
    assert api_client(bo).post(consents[0], {"consent": True}, format="json").status_code == 404
    agreed = api_client(ana).post(consents[0], {"consent": True}, format="json")
    assert (agreed.status_code, agreed.json()["seat"]) == (200, 1)
    assert match.seats.get(number=1).player.user == eve
    refused = api_client(ana).post(consents[1], {"consent": False}, format="json")
    assert refused.status_code == 204
    again = api_client(ana).post(consents[1], {"consent": True}, format="json")
    assert again.status_code == 404
