"""``manage.py rebuild_standings`` and the admin action recompute everything from the finished matches."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from games.stats.models import RatingSnapshot
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.stats.matches import tamlin_match

pytestmark = pytest.mark.django_db(transaction=True)


def ratings() -> list[tuple[int, int, float, float]]:
    rows = RatingSnapshot.objects.order_by("match_ref", "player_id")
    return list(rows.values_list("match_ref", "player_id", "mu", "sigma"))


def test_the_command_replays_every_rating_with_a_progress_bar() -> None:
    club = ClubFactory.create()
    ana, bo = PlayerFactory.create_batch(2)
    tamlin_match(club, [ana, bo])
    tamlin_match(club, [bo, ana])
    rated = ratings()
    RatingSnapshot.objects.all().delete()
    out = StringIO()
    call_command("rebuild_standings", stdout=out)
    assert "[##############################] 2/2 matches" in out.getvalue()
    assert "Rebuilt 1 club ratings over 2 matches: 4 rating snapshots, 2 standings tables." in out.getvalue()
    assert ratings() == rated


def test_the_command_can_rebuild_one_club() -> None:
    owner = UserFactory.create()
    ana, bo = PlayerFactory.create_batch(2, created_by=owner)
    one, other = ClubFactory.create(created_by=owner), ClubFactory.create(created_by=owner)
    tamlin_match(one, [ana, bo])
    tamlin_match(other, [ana, bo])
    out = StringIO()
    call_command("rebuild_standings", "--club", str(one.pk), stdout=out)
    assert "1/1 matches" in out.getvalue()


def test_an_admin_rebuilds_a_clubs_standings_and_ratings_from_the_admin() -> None:
    club = ClubFactory.create()
    ana, bo = PlayerFactory.create_batch(2)
    tamlin_match(club, [ana, bo])
    rated = ratings()
    RatingSnapshot.objects.all().delete()
    client = Client()
    client.force_login(UserFactory.create(is_staff=True, is_superuser=True))
    response = client.post(
        "/admin/stats/clubstandings/",
        {"action": "rebuild", "_selected_action": [club.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert b"Rebuilding the standings and ratings of 1 club(s)." in response.content
    assert ratings() == rated
