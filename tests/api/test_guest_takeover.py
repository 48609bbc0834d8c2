"""Nobody takes over a guest that is not theirs: the three steps of the takeover (seat someone else's
guest by its id, claim it, confirm the claim oneself) are each refused, and a confirmed claim moves
only the seats of the matches its owner may write, with a record on the player's page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.clubs.services.clubs import club_create, membership_create
from games.errors import ClaimOwnGuest, GuestNotYours
from games.matches.services.matches import match_start
from games.matches.services.seating import match_start_seating
from games.models import GuestClaim, Match, Player, PlayerMerge, Seat
from games.people.services.claims import guest_claim_create, guest_claim_decide
from games.people.services.players import player_create
from tests.factories import api_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("olga", password="pw-olga-123")


@pytest.fixture
def stranger() -> User:
    return User.objects.create_user("stan", password="pw-stan-123")


@pytest.fixture
def guest(owner: User) -> Player:
    return player_create(name="Gost", by=owner)


def _start(client: Any, players: list[int]) -> Any:
    return client.post("/api/v1/matches/", {"game": "tablo", "players": players}, format="json")


def test_someone_elses_guest_gets_the_answer_of_an_id_no_one_has(
    owner: User, stranger: User, guest: Player
) -> None:
    mine = player_create(name="Stan", by=stranger, user=stranger)
    unknown = Player.objects.order_by("-pk").values_list("pk", flat=True).first() + 1000  # type: ignore[operator]
    theirs, missing = (
        _start(api_client(stranger), [mine.pk, guest.pk]),
        _start(api_client(stranger), [mine.pk, unknown]),
    )
    assert theirs.status_code == missing.status_code == 400
    assert theirs.json()["details"]["fields"]["players"] == [f"No such players: [{guest.pk}]."]
    assert missing.json()["details"]["fields"]["players"] == [f"No such players: [{unknown}]."]
    assert theirs.json()["code"] == missing.json()["code"] == "request.invalid"
    assert not Match.objects.exists()


def test_an_account_outside_the_club_is_not_seated_by_id_either(owner: User, stranger: User) -> None:
    olga = player_create(name="Olga", by=owner, user=owner)
    mine = player_create(name="Stan", by=stranger, user=stranger)
    response = _start(api_client(stranger), [mine.pk, olga.pk])
    assert response.json()["details"]["fields"]["players"] == [f"No such players: [{olga.pk}]."]


def test_the_writer_seats_their_own_guests_and_the_club_members(
    owner: User, stranger: User, guest: Player
) -> None:
    club = club_create(name="Kafana", by=owner)
    membership_create(club=club, user=stranger)
    stan = player_create(name="Stan", by=stranger, user=stranger)
    body = {"game": "tablo", "players": [guest.pk, stan.pk], "club": club.pk}
    response = api_client(owner).post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    with pytest.raises(GuestNotYours):
        match_start(game="tablo", players=[stan, guest], by=stranger, club=club)


def test_typing_someone_elses_guest_name_seats_a_new_guest_of_ones_own(
    owner: User, stranger: User, guest: Player
) -> None:
    club = club_create(name="Kafana", by=owner)
    membership_create(club=club, user=stranger)
    match_start(
        game="tablo", players=[player_create(name="Olga", by=owner, user=owner), guest], by=owner, club=club
    )
    match = match_start_seating(game="tablo", names=["stan", "Gost"], by=stranger, club=club)
    seated = match.seats.get(number=1).player
    assert (seated.name, seated.created_by, seated.pk != guest.pk) == ("Gost", stranger, True)


def test_a_claim_is_decided_by_the_guests_owner_never_by_the_claimant(
    owner: User, stranger: User, guest: Player
) -> None:
    """Step 3 of the takeover: even where the stranger writes the match the guest sat at (a seat
    from before guests had owners), the stranger cannot confirm their own claim."""
    stan = player_create(name="Stan", by=stranger, user=stranger)
    theirs = match_start(game="tablo", players=[stan, player_create(name="X", by=stranger)], by=stranger)
    Seat.objects.filter(match=theirs, number=1).update(player=guest)  # the old hole, as stored
    olgas = match_start(
        game="tablo", players=[player_create(name="Olga", by=owner, user=owner), guest], by=owner
    )

    claim = api_client(stranger).post(f"/api/v1/matches/{theirs.pk}/claims/", {"seat": 1}, format="json")
    assert claim.status_code == 201
    decide = f"/api/v1/matches/{theirs.pk}/claims/{claim.json()['id']}/decision/"
    refused = api_client(stranger).post(decide, {"confirm": True}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (404, "resource.not_found")
    assert GuestClaim.objects.get().status == GuestClaim.Status.PENDING
    assert olgas.seats.get(number=1).player == guest

    # The owner sees it at home and declines it.
    home = Client()
    home.force_login(owner)
    assert "stan says the guest Gost of match" in home.get("/").content.decode()
    done = api_client(owner).post(decide, {"confirm": False}, format="json")
    assert (done.status_code, done.json()["status"]) == (200, "declined")
    assert olgas.seats.get(number=1).player == guest


def test_a_guest_is_not_claimed_by_its_own_owner(owner: User, guest: Player) -> None:
    match = match_start(
        game="tablo", players=[player_create(name="Olga", by=owner, user=owner), guest], by=owner
    )
    with pytest.raises(ClaimOwnGuest):
        guest_claim_create(match=match, seat=1, by=owner)
    response = api_client(owner).post(f"/api/v1/matches/{match.pk}/claims/", {"seat": 1}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "claim.own_guest")


def test_a_confirmed_claim_moves_only_the_seats_the_owner_may_write_and_is_recorded(
    owner: User, stranger: User, guest: Player
) -> None:
    mira = User.objects.create_user("mira")
    olga = player_create(name="Olga", by=owner, user=owner)
    olgas = [match_start(game="tablo", players=[olga, guest], by=owner) for _ in range(2)]
    stan = player_create(name="Stan", by=stranger, user=stranger)
    theirs = match_start(game="tablo", players=[stan, player_create(name="X", by=stranger)], by=stranger)
    Seat.objects.filter(match=theirs, number=1).update(player=guest)

    claim = guest_claim_create(match=olgas[0], seat=1, by=mira)
    guest_claim_decide(claim=claim, by=owner, confirm=True)

    mira_player = Player.objects.get(user=mira)
    assert [match.seats.get(number=1).player for match in olgas] == [mira_player, mira_player]
    assert theirs.seats.get(number=1).player == guest  # not the owner's to move: the guest keeps it
    merge = PlayerMerge.objects.get()
    assert (merge.into, merge.guest, merge.guest_name, merge.decided_by, merge.claim) == (
        mira_player,
        guest,
        "Gost",
        owner,
        claim,
    )
    assert sorted(merge.matches.values_list("pk", flat=True)) == sorted(match.pk for match in olgas)


def test_the_merge_shows_on_the_players_page(owner: User, guest: Player) -> None:
    mira = User.objects.create_user("mira")
    club = club_create(name="Kafana", by=owner)
    match = match_start(
        game="tablo", players=[player_create(name="Olga", by=owner, user=owner), guest], by=owner, club=club
    )
    guest_claim_decide(claim=guest_claim_create(match=match, seat=1, by=mira), by=owner, confirm=True)
    page = Client()
    page.force_login(owner)
    html = page.get(f"/clubs/{club.pk}/players/{Player.objects.get(user=mira).pk}/").content.decode()
    assert "Guests merged into this player" in html
    assert "The guest Gost, confirmed by olga who added it" in html
    assert f'href="/matches/{match.pk}/"' in html
    assert not Player.objects.filter(pk=guest.pk).exists()  # every seat moved: the guest is gone
