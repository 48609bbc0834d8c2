"""The home page groups the user's matches (in progress, finished, abandoned) and archives old
unfinished ones the user may write."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.clubs.services.clubs import club_create, membership_create
from games.matches.services.matches import match_abandon
from games.matches.services.seating import match_start_seating
from games.models import Match
from games.people.services.players import player_create


def test_matches_are_grouped_and_old_unfinished_ones_archived(owner: User, owner_client: Client) -> None:
    fresh = match_start_seating(game="tablo", names=["marija", "Fresh"], by=owner)
    old = match_start_seating(game="tablo", names=["marija", "Old"], by=owner)
    gone = match_start_seating(game="tablo", names=["marija", "Gone"], by=owner)
    match_abandon(match=gone)
    club = club_create(name="Kafana", by=User.objects.create_user("boss"))
    membership_create(club=club, user=owner)  # a plain member reads the club's matches, may not write
    theirs = match_start_seating(game="tablo", names=["boss", "Theirs"], by=club.created_by, club=club)
    Match.objects.filter(pk__in=[old.pk, theirs.pk]).update(created_at=timezone.now() - timedelta(days=8))

    page = owner_client.get(reverse("home")).content.decode()
    progress, rest = page.split("<h2>Finished</h2>")
    finished, abandoned = rest.split("<h2>Abandoned</h2>")
    assert "Fresh" in progress
    assert "Old" in progress
    assert "Theirs" in progress
    assert "Gone" in abandoned
    assert "Gone" not in progress
    assert "No finished match yet." in finished
    assert "Archive 1 match started over a week ago" in progress

    response = owner_client.post(reverse("matches-archive"), follow=True)
    assert "1 old match is archived." in response.content.decode()
    statuses = dict(Match.objects.values_list("pk", "status"))
    assert statuses[old.pk] == statuses[gone.pk] == Match.Status.ABANDONED
    assert statuses[fresh.pk] == statuses[theirs.pk] == Match.Status.IN_PROGRESS


def test_a_profile_says_guest_or_account_and_offers_renaming_to_its_owner(
    owner: User, owner_client: Client
) -> None:
    club = club_create(name="Kafana", by=owner)
    mine = player_create(name="Marija", by=owner, user=owner)
    guest = player_create(name="Gina", by=owner)
    page = owner_client.get(reverse("stats-player", args=[club.pk, mine.pk])).content.decode()
    assert "account @marija" in page
    assert "Rename yourself" in page
    page = owner_client.get(reverse("stats-player", args=[club.pk, guest.pk])).content.decode()
    assert '<span class="mark guest">guest</span>' in page
    assert "Rename yourself" not in page


def test_the_home_page_renames_the_users_own_player(owner: User, owner_client: Client) -> None:
    mine = player_create(name="Marija", by=owner, user=owner)
    assert "At the table you are Marija" in owner_client.get(reverse("home")).content.decode()
    response = owner_client.post(reverse("player-rename", args=[mine.pk]), {"name": "Maja"}, follow=True)
    assert "You are Maja at the table now." in response.content.decode()
