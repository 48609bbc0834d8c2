"""People at the table through the test client: marks, invitations, claims, renaming."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.clubs.services.clubs import club_create, membership_create
from games.matches.services.invitations import invitation_create
from games.matches.services.matches import match_share
from games.matches.services.seating import match_start_seating
from games.models import GuestClaim, Invitation, Match, Player
from games.people.services.players import player_create
from tests.web.conftest import PASSWORD


@pytest.fixture
def match(owner: User) -> Match:
    return match_start_seating(game="tablo", names=["marija", "Dragan"], by=owner)


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_match_screen_marks_each_seat_account_or_guest(owner_client: Client, match: Match) -> None:
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert '<span class="mark account">account @marija</span>' in page
    assert '<span class="mark guest">guest</span>' in page
    assert 'name="seat"' in page
    assert ">Seat 2: Dragan</option>" in page


def test_typing_a_name_marks_what_it_seats(owner_client: Client, owner: User) -> None:
    url = reverse("match-seat-mark")
    assert "account" in owner_client.get(url, {"mark": "0", "seat_0": "Marija"}).content.decode()
    assert "new guest" in owner_client.get(url, {"mark": "1", "seat_1": "Zed"}).content.decode()
    assert owner_client.get(url, {"mark": "1", "seat_1": "  "}).content.decode().strip() == ""


def test_an_invitation_by_user_name_answers_the_same_whether_the_account_exists(
    owner_client: Client, match: Match
) -> None:
    User.objects.create_user("dragan", password=PASSWORD)
    url = reverse("invitation-new", args=[match.pk])
    answers = []
    for name in ("dragan", "nobody-here"):
        response = owner_client.post(url, {"seat": "1", "username": name}, follow=True)
        page = response.content.decode()
        answers.append((response.status_code, page.replace(name, "NAME").count("the invitation waits")))
    assert answers[0] == answers[1] == (200, 1)
    assert list(Invitation.objects.values_list("invitee__username", flat=True)) == ["dragan"]


def test_a_link_invitation_shows_a_qr_code_and_the_invitee_accepts_and_records(
    owner_client: Client, match: Match
) -> None:
    owner_client.post(reverse("invitation-new", args=[match.pk]), {"seat": "1", "username": ""})
    invitation = Invitation.objects.get()
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert f"/invitations/{invitation.token}/" in page
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in page
    dragan = _client(User.objects.create_user("dragan"))
    assert dragan.get(reverse("match", args=[match.pk])).status_code == 404
    invite_page = reverse("invitation", args=[invitation.token])
    assert "Accept the seat" in dragan.get(invite_page).content.decode()
    response = dragan.post(invite_page)
    assert response["Location"] == reverse("match", args=[match.pk])
    hand = dragan.post(reverse("hand-new", args=[match.pk]), {"dealer": 0, "table": ["2C", "3D", "4H", "5S"]})
    assert hand.status_code in (200, 302)
    assert match.hands.count() == 1  # recorded from the invitee's phone


def test_someone_elses_invitation_is_not_found(match: Match, owner: User) -> None:
    dragan = User.objects.create_user("dragan")
    invitation = invitation_create(match=match, seat=1, by=owner, invitee=dragan)
    eve = _client(User.objects.create_user("eve"))
    assert eve.get(reverse("invitation", args=[invitation.token])).status_code == 404
    assert eve.post(reverse("invitation", args=[invitation.token])).status_code == 404
    assert Invitation.objects.get().is_open


def test_a_spectator_with_the_share_link_claims_a_guest_and_the_writer_confirms(
    owner_client: Client, match: Match
) -> None:
    token = match_share(match=match).share_token
    dragan_user = User.objects.create_user("dragan")
    dragan = _client(dragan_user)
    shared = dragan.get(reverse("match-shared", args=[token])).content.decode()
    assert "I am Dragan" in shared
    dragan.post(reverse("claim-new", args=[match.pk]), {"seat": "1", "token": token})
    claim = GuestClaim.objects.get()
    assert (claim.claimant, claim.guest_name) == (dragan_user, "Dragan")
    outsider = _client(User.objects.create_user("eve"))
    assert outsider.post(reverse("claim-new", args=[match.pk]), {"seat": "1"}).status_code == 404
    decide = reverse("claim-decide", args=[match.pk, claim.pk])
    assert dragan.post(decide, {"confirm": "1"}).status_code == 404  # only the writer decides
    assert f"says the guest Dragan of match #{match.pk} was them" in owner_client.get("/").content.decode()
    owner_client.post(decide, {"confirm": "1"})
    assert match.seats.get(number=1).player.user == dragan_user


def test_the_share_page_carries_open_graph_tags_and_a_revoked_link_is_gone(
    owner_client: Client, match: Match
) -> None:
    token = match_share(match=match).share_token
    page = Client().get(reverse("match-shared", args=[token])).content.decode()
    assert '<meta property="og:title" content="Tablo: marija 0 \u2013 Dragan 0">' in page
    assert 'property="og:description" content="In progress, after 0 hands' in page
    owner_page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert 'id="share-button"' in owner_page
    assert "js/share.js" in owner_page
    owner_client.post(reverse("match-share", args=[match.pk]), {"enabled": "0"})
    gone = Client().get(reverse("match-shared", args=[token]))
    assert gone.status_code == 404
    assert "How to get access" in gone.content.decode()


def test_an_outsider_gets_a_friendly_not_found_page_in_russian(match: Match, outsider: User) -> None:
    client = _client(outsider)
    response = client.get(reverse("match", args=[match.pk]), headers={"Accept-Language": "ru"})
    page = response.content.decode()
    assert response.status_code == 404
    assert "Как получить доступ" in page
    assert "Не найдено" in page  # noqa: RUF001 (Cyrillic on purpose)
    plain = client.get("/no-such-page/")
    assert plain.status_code == 404
    assert "There is no page at this address" in plain.content.decode()


def test_a_reader_who_may_not_write_gets_a_friendly_forbidden_page(owner: User) -> None:
    club = club_create(name="Kafana", by=owner)
    member = User.objects.create_user("member")
    membership_create(club=club, user=member)
    match = match_start_seating(game="tablo", names=["marija", "Bo"], by=owner, club=club)
    response = _client(member).post(reverse("match-abandon", args=[match.pk]))
    assert response.status_code == 403
    assert "You may see this, but not change it" in response.content.decode()
    assert Match.objects.get().status == Match.Status.IN_PROGRESS


def test_a_user_renames_their_own_player_only(owner_client: Client, owner: User) -> None:
    mine = player_create(name="Marija", by=owner, user=owner)
    guest = player_create(name="Gina", by=owner)
    owner_client.post(reverse("player-rename", args=[mine.pk]), {"name": "  Maja "})
    assert Player.objects.get(pk=mine.pk).name == "Maja"
    assert owner_client.post(reverse("player-rename", args=[guest.pk]), {"name": "X"}).status_code == 404
    assert Player.objects.get(pk=guest.pk).name == "Gina"


def test_a_link_to_the_owners_guest_seat_is_agreed_on_the_match_screen(owner: User, match: Match) -> None:
    """Marija's guest Dragan; Bo, a seated club member, shares a link to Dragan's seat; Eve accepts:
    she is told Marija is asked, Marija sees who and agrees, and the seat is Eve's."""
    bo, eve = User.objects.create_user("bo"), User.objects.create_user("eve")
    club = club_create(name="Kafana", by=owner)
    membership_create(club=club, user=bo)
    match = match_start_seating(game="tablo", names=["bo @bo", "Dragan"], by=owner, club=club)
    invitation = invitation_create(match=match, seat=1, by=bo)
    accepted = _client(eve).post(reverse("invitation", args=[invitation.token]), follow=True)
    assert "Whoever added this guest is asked to agree first" in accepted.content.decode()
    screen = _client(owner).get(reverse("match", args=[match.pk])).content.decode()
    assert "eve accepted an invitation from bo to seat 2, where your guest sits." in screen
    assert "Agree" not in _client(bo).get(reverse("match", args=[match.pk])).content.decode()
    consent = reverse("invitation-consent", args=[match.pk, invitation.pk])
    assert _client(bo).post(consent, {"consent": "1"}).status_code == 404
    agreed = _client(owner).post(consent, {"consent": "1"}, follow=True)
    assert "eve has the seat now." in agreed.content.decode()
    assert match.seats.get(number=1).player.user == eve
