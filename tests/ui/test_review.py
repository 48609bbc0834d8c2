"""The hand review in a real browser at a phone's size: from the match screen to the review."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.reviews import hand_review
from games.services.clubs import player_create
from games.services.demo import demo_hand_play
from games.services.matches import match_start
from tests.ui.test_match import sign_in


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_after_a_hand_is_scored_its_review_opens_from_the_match_screen(
    live_server: LiveServer, page: Page
) -> None:
    sign_in(page, live_server.url)
    owner = User.objects.get(username="marija")
    players = [player_create(name=name, by=owner) for name in ("Marija", "Dragan")]
    match = match_start(game="tablo", players=players, by=owner)
    hand = demo_hand_play(match=match, rng=random.Random(2))
    hand.match = match
    misses = [play for play in hand_review(hand).plays if play.missed]
    first = min(misses, key=lambda play: (-play.points_lost, play.play_index))  # the biggest miss leads
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.get_by_role("link", name="Review hand 1").click()
    expect(page.get_by_role("heading", name="Review of hand 1")).to_be_visible()
    missed = page.get_by_role("region", name="Missed plays").get_by_role("listitem")
    expect(missed.first).to_contain_text(f"Play {first.play_index + 1}:")
    expect(missed.first).to_contain_text("The table")
    page.screenshot(path="test-artifacts/hand-review.png", full_page=True)
    page.get_by_role("link", name="Back to the match").click()
    expect(page.get_by_role("link", name="Review hand 1")).to_be_visible()
