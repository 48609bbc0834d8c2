"""My clubs: reachable from the header, linking each club's statistics; creating a club, admins adding
members and seasons, refusals for plain members and outsiders."""

from __future__ import annotations

import datetime
import re

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.clubs.services.clubs import club_create, membership_create, season_create
from games.matches.services.matches import match_start
from games.models import Club, Membership, Player, Season
from games.people.services.players import player_create
from web.clubs import SeasonForm


def test_the_header_leads_to_my_clubs_and_each_links_its_statistics(
    owner: User, owner_client: Client
) -> None:
    club = club_create(name="Kafana Tablo", by=owner)
    home = owner_client.get(reverse("home")).content.decode()
    assert f'href="{reverse("clubs")}"' in home
    page = owner_client.get(reverse("clubs")).content.decode()
    assert "Kafana Tablo" in page
    for name in ("stats-standings", "stats-head-to-head"):
        assert reverse(name, args=[club.pk]) in page
    assert f"{reverse('match-new')}?club={club.pk}" in page


def test_a_club_is_created_with_its_creator_as_admin(owner: User, owner_client: Client) -> None:
    response = owner_client.post(reverse("clubs"), {"name": "  Kafana Tablo "})
    club = Club.objects.get()
    assert response["Location"] == f"{reverse('clubs')}#club-{club.pk}"
    assert club.name == "Kafana Tablo"
    assert Membership.objects.get(club=club).user == owner
    assert owner_client.post(reverse("clubs"), {"name": ""}).status_code == 422


def test_an_admin_adds_a_member_by_user_name_and_a_season(owner: User, owner_client: Client) -> None:
    club = club_create(name="Kafana Tablo", by=owner)
    dragan = User.objects.create_user("dragan")
    Player.objects.create(name="Dragan", user=dragan, created_by=owner)  # they have played together
    User.objects.create_user("stranger")
    url = reverse("club-member-add", args=[club.pk])
    assert owner_client.post(url, {"username": "Dragan", "role": "member"}).status_code == 302
    assert club.memberships.get(user=dragan).role == Membership.Role.MEMBER
    # A name no one has and a stranger's name get the same answer: the form reveals no account.
    answers = [
        owner_client.post(url, {"username": name, "role": "member"}) for name in ("nobody", "stranger")
    ]
    assert [answer.status_code for answer in answers] == [422, 422]
    texts = [f"You share no club or match with anyone called {name}." for name in ("nobody", "stranger")]
    assert all(text in answer.content.decode() for text, answer in zip(texts, answers, strict=True))
    assert not club.memberships.filter(user__username="stranger").exists()
    url = reverse("club-season-add", args=[club.pk])
    season = {"name": "Winter", "starts_on": "2026-12-01", "ends_on": "2027-02-28"}
    assert owner_client.post(url, season).status_code == 302
    assert owner_client.post(url, {**season, "ends_on": "2026-11-01"}).status_code == 422
    assert owner_client.post(url, season).status_code == 422  # the name is taken
    assert owner_client.post(url, {**season, "name": "WINTER"}).status_code == 422  # in any case
    assert list(Season.objects.values_list("name", flat=True)) == ["Winter"]


def test_plain_members_and_outsiders_cannot_add(owner: User, outsider: User, client: Client) -> None:
    club = club_create(name="Kafana Tablo", by=owner)
    member = User.objects.create_user("dragan")
    membership_create(club=club, user=member)
    client.force_login(member)
    url = reverse("club-member-add", args=[club.pk])
    assert client.post(url, {"username": "stranger", "role": "admin"}).status_code == 403
    assert "Add a member or a season" not in client.get(reverse("clubs")).content.decode()
    client.force_login(outsider)
    assert client.post(url, {"username": "stranger", "role": "admin"}).status_code == 404
    assert client.post(reverse("club-season-add", args=[club.pk]), {"name": "Mine"}).status_code == 404
    assert club.memberships.count() == 2
    assert not Season.objects.exists()


def test_a_club_match_links_to_the_club_standings(owner: User, owner_client: Client) -> None:
    club = club_create(name="Kafana Tablo", by=owner)
    season = season_create(club=club, name="Winter")
    players = [player_create(name=name, by=owner) for name in ("Marija", "Dragan")]
    match = match_start(game="tablo", players=players, by=owner, club=club, season=season)
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert f'href="{reverse("stats-standings", args=[club.pk])}?season={season.pk}"' in page
    assert "Standings of Kafana Tablo" in page


def test_season_dates_reach_the_phone_date_picker_as_iso_dates_in_russian() -> None:
    form = SeasonForm(initial={"starts_on": datetime.date(2026, 12, 1)})
    with translation.override("ru"):
        field = str(form["starts_on"])
    assert 'type="date"' in field
    assert 'value="2026-12-01"' in field


def test_members_are_listed_as_the_readers_language_sorts_names(owner: User, owner_client: Client) -> None:
    """Not in the order they joined, nor by code point (Čedomir and Đorđe after Zoran): Č after C and
    Đ after D in Serbian, accents ignored at first in English; the same on the clubs page."""
    club = club_create(name="Kafana Tablo", by=owner)  # marija
    for name in ("zoran", "čedomir", "đorđe", "cvijan", "dragan"):
        membership_create(club=club, user=User.objects.create_user(name))
    orders = {
        "sr-latn": ["cvijan", "čedomir", "dragan", "đorđe", "marija", "zoran"],
        "en": ["čedomir", "cvijan", "đorđe", "dragan", "marija", "zoran"],
    }
    for language, order in orders.items():
        headers = {"accept-language": language}
        page = owner_client.get(reverse("club", args=[club.pk]), headers=headers).content.decode()
        listed = re.findall(r'<strong id="member-\d+">@(\w+)</strong>', page)
        assert listed == order, language
        clubs = owner_client.get(reverse("clubs"), headers=headers).content.decode()
        places = [clubs.index(f"<li>{name}") for name in order]
        assert places == sorted(places), language
