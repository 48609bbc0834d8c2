"""Starting a match in a club and season, seating club members with a tap."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.clubs.services.clubs import club_create, membership_create, season_create
from games.matches.services.seating import match_start_seating
from games.models import Club, Match
from games.people.services.players import player_create

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


def _variant(page: str) -> str:
    """The variant selected on the new-match form."""
    chosen = re.search(r'name="variant".*?<option value="([\w-]+)" selected>', page, re.DOTALL)
    assert chosen is not None
    return chosen[1]


@pytest.mark.parametrize(
    ("browser", "variant"),
    [
        ("sr", "tablo-101"),
        ("sr-Latn", "tablo-101"),
        ("hr-HR,hr;q=0.9", "tablo-101"),  # read as Serbian Latin (scorekeeper/languages.py)
        ("es-ES,es;q=0.9", "escoba-15"),
        ("it", "tamlin"),
        ("pt-BR", "escoba-15"),  # Escova is played to 15
        ("en-MT,en;q=0.9", "twenty"),  # a region says the country
        ("en-US,en;q=0.9", "tablo"),
        ("ru", "tablo"),
    ],
)
def test_the_form_starts_on_the_game_of_the_readers_country(
    owner_client: Client, browser: str, variant: str
) -> None:
    page = owner_client.get(reverse("match-new"), headers={"Accept-Language": browser}).content.decode()
    assert _variant(page) == variant


def test_the_spanish_reader_knows_the_fifteen_as_escoba(owner_client: Client) -> None:
    page = owner_client.get(reverse("match-new"), headers={"Accept-Language": "es"}).content.decode()
    assert '<option value="escoba-15" selected>Escoba</option>' in page


@pytest.mark.parametrize(
    ("options", "variant"),
    [({"capture": "fifteen"}, "escoba-15"), ({}, "escoba"), ({"deal": "scopone"}, "scopone")],
)
def test_the_variant_of_the_last_match_started_wins_over_the_language(
    owner: User, owner_client: Client, options: dict[str, object], variant: str
) -> None:
    match_start_seating(game="tablo", names=["Marija", "Dragan"], by=owner)
    match_start_seating(game="escoba", names=["Marija", "Dragan"], by=owner, options=options)
    page = owner_client.get(reverse("match-new"), headers={"Accept-Language": "it"}).content.decode()
    assert _variant(page) == variant
    chosen = owner_client.get(reverse("match-new"), {"variant": "tamlin"}, headers=HTMX).content.decode()
    assert '<option value="tamlin" selected>' in chosen  # a variant chosen on the form wins over both


@pytest.mark.parametrize("language", ["sr-latn", "pt"])
@pytest.mark.parametrize("variant", ["tablo", "escoba", "tamlin", "twenty"])
def test_each_option_links_to_the_rule_it_follows_in_the_readers_language(
    owner_client: Client, variant: str, language: str
) -> None:
    headers = {"Accept-Language": language}
    page = owner_client.get(reverse("match-new"), {"variant": variant}, headers=headers).content.decode()
    start = page.index('<details class="options">')
    options = page[start : page.index("</details>", start)]
    fields = re.findall(r'<select name="option_(\w+)"', options)
    links = re.findall(r'<a class="rule-link" href="/rules/(\w+)/#([^"]+)">', options)
    assert fields
    assert len(links) == len(fields)
    for rules_page, rule in links:
        book = owner_client.get(f"/rules/{rules_page}/", headers=headers).content.decode()
        assert f'id="{rule}"' in book, (rules_page, rule)
        assert f'<article class="rules" lang="{language}">' in book
