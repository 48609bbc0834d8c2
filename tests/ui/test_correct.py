"""Correcting a scored hand from the score sheet, in a real browser at a phone's size."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.matches import match_start
from games.people.services.players import player_create
from tests.ui.flows import TABLE, signed_in

COUNTS = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_hand_is_corrected_and_the_totals_change(live_server: LiveServer, page: Page) -> None:
    signed_in(page, live_server.url)
    owner = User.objects.get(username="marija")
    players = [player_create(name=name, by=owner) for name in ("Marija", "Dragan")]
    match = match_start(game="tablo", players=players, by=owner)
    hand_summary_record(hand=hand_start(match=match, table=TABLE), entries=COUNTS)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator(".side-total")).to_have_text(["15", "10"])  # 12 + 3 for 29+ cards (B11)

    page.get_by_role("link", name="Correct hand 1").click()
    marija, dragan = page.get_by_role("group", name="Marija"), page.get_by_role("group", name="Dragan")
    marija.get_by_label("Cards taken").fill("31")
    dragan.get_by_label("Tablos").fill("15")
    expect(page.locator("#summary-check")).to_contain_text("do not add up")  # 15 tablos need 30 cards
    dragan.get_by_label("Tablos").fill("0")
    expect(dragan.get_by_label("Cards taken")).to_have_count(0)  # the rest of the deck: 21
    marija.get_by_label("Points in point cards").fill("14")  # Dragan: the other 8
    expect(page.locator("#summary-check")).to_contain_text("Marija: +17 · Dragan: +8")
    page.screenshot(path="test-artifacts/correct-hand.png", full_page=True)
    page.get_by_role("button", name="Save the corrected counts").click()

    expect(page.get_by_text("Hand 1 is corrected")).to_be_visible()
    expect(page.locator(".side-total")).to_have_text(["17", "8"])
    expect(page.locator(".sheet tbody tr").first).to_contain_text("17")
