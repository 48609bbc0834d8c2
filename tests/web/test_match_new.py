"""Starting a match in a club and season, seating club members with a tap."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Club, Match
from games.services.clubs import club_create, membership_create, player_create, season_create

HTMX = {"HX-Request": "true"}


def _club(owner: User) -> Club:
    club = club_create(name="Kafana Tablo", by=owner)
    dragan = User.objects.create_user("dragan")
    player_create(name="Dragan P.", by=dragan, user=dragan)
    membership_create(club=club, user=dragan)
    season_create(club=club, name="Winter")
    return club


def test_choosing_a_club_offers_its_season_and_its_members(owner: User, owner_client: Client) -> None:
    club = _club(owner)
    page = owner_client.get(reverse("match-new")).content.decode()
    assert "Kafana Tablo" in page
    assert "Winter" not in page  # the seasons follow the chosen club
    page = owner_client.get(reverse("match-new"), {"club": club.pk}, headers=HTMX).content.decode()
    assert f'<option value="{club.seasons.get().pk}" selected>Winter</option>' in page  # today's season
    assert 'aria-pressed="false"' in page
    assert ">Dragan P.</button>" in page  # a member's player name, else the user name
    assert ">marija</button>" in page


def test_a_tap_seats_a_member_in_the_first_empty_seat_and_a_second_unseats(
    owner: User, owner_client: Client
) -> None:
    club = _club(owner)
    query = {"club": str(club.pk), "seat_0": "marija", "add": "Dragan P. @dragan"}
    page = owner_client.get(reverse("match-new"), query, headers=HTMX).content.decode()
    assert 'name="seat_1" id="id_seat_1" list="player-names" value="Dragan P. @dragan"' in page
    assert 'aria-pressed="true" hx-get' in page
    assert ">Dragan P.</button>" in page  # the chip shows the name; the seat gets the handle too
    page = owner_client.get(
        reverse("match-new"), {**query, "seat_1": "Dragan P. @dragan"}, headers=HTMX
    ).content.decode()
    assert 'name="seat_1" id="id_seat_1" list="player-names" value=""' in page
    assert page.count('<option value="Dragan P. @dragan" label="account">') == 1  # once, by account
    assert '<option value="Dragan P."' not in page


def test_a_match_starts_in_the_club_and_season_with_its_members_seated(
    owner: User, owner_client: Client
) -> None:
    club = _club(owner)
    season = club.seasons.get()
    form = {
        "variant": "tablo",
        "club": club.pk,
        "season": season.pk,
        "seat_0": "marija",
        "seat_1": "Dragan P. @dragan",
    }
    response = owner_client.post(reverse("match-new"), form)
    assert response.status_code == 302
    match = Match.objects.get()
    assert (match.club, match.season) == (club, season)
    seated = match.seats.order_by("number").values_list("player__user__username", flat=True)
    assert list(seated) == ["marija", "dragan"]  # the members' own players


def test_another_club_is_refused_and_nothing_starts(
    owner: User, owner_client: Client, outsider: User
) -> None:
    _club(owner)
    theirs = club_create(name="Elsewhere", by=outsider)
    form = {"variant": "tablo", "club": theirs.pk, "seat_0": "Marija", "seat_1": "Dragan"}
    response = owner_client.post(reverse("match-new"), form)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()  # only the user's clubs are offered
    assert not Match.objects.exists()
