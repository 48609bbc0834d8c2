"""The finished match screen's rematch button (web/views/matches.py)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Match
from games.people.services.players import player_create
from tests.factories import ClubFactory
from tests.stats.matches import tamlin_match


def finished_match(owner: User) -> Match:
    club = ClubFactory.create(created_by=owner)
    return tamlin_match(club, [player_create(name=name, by=owner) for name in ("Ana", "Bo")], by=owner)


def test_the_finished_screen_offers_a_rematch_that_opens_once(owner_client: Client, owner: User) -> None:
    finished = finished_match(owner)
    page = owner_client.get(reverse("match", args=[finished.pk])).content.decode()
    assert "Rematch: same seats and options" in page
    response = owner_client.post(reverse("match-rematch", args=[finished.pk]))
    rematch = Match.objects.get(rematch_of=finished)
    assert response.status_code == 302
    assert response["Location"] == reverse("match", args=[rematch.pk])
    again = owner_client.post(reverse("match-rematch", args=[finished.pk]))  # a double tap
    assert again["Location"] == response["Location"]
    assert Match.objects.count() == 2


def test_a_match_in_progress_has_no_rematch(owner_client: Client, tablo: Match) -> None:
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert "Rematch" not in page
    response = owner_client.post(reverse("match-rematch", args=[tablo.pk]), follow=True)
    assert "only a finished match can be played again" in response.content.decode()
    assert Match.objects.count() == 1


def test_an_outsider_gets_404(client: Client, owner: User, outsider: User) -> None:
    finished = finished_match(owner)
    client.force_login(outsider)
    assert client.post(reverse("match-rematch", args=[finished.pk])).status_code == 404
    assert Match.objects.count() == 1
