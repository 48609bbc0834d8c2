"""A rematch in one tap from the finished match screen, at a phone's widths: the same seats, the deal
passed on (docs/rules/shared.md A4); and the result shared in one tap, its link made on the way."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Match
from games.people.services.players import player_create
from tests.factories import ClubFactory
from tests.stats.matches import tamlin_match
from tests.ui.flows import WIDTHS, fits_at_each_width, signed_in


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_one_tap_on_the_finished_screen_starts_the_rematch(live_server: LiveServer, page: Page) -> None:
    page.set_viewport_size({"width": WIDTHS[0], "height": 740})
    signed_in(page, live_server.url)
    owner = User.objects.get(username="marija")
    club = ClubFactory.create(created_by=owner)
    finished = tamlin_match(club, [player_create(name=name, by=owner) for name in ("Ana", "Bo")], by=owner)
    page.goto(f"{live_server.url}/matches/{finished.pk}/")
    expect(page.get_by_role("heading", name="Ana won")).to_be_visible()
    fits_at_each_width(page, ".finished", "the finished screen")

    page.get_by_role("button", name="Share the result").click()  # no link yet: made, then shared
    expect(page.locator("#result-share-status")).not_to_be_empty()  # shared, copied, or to copy by hand
    finished.refresh_from_db()
    assert finished.share_token
    expect(page).to_have_url(f"{live_server.url}/matches/{finished.pk}/")  # no page load on the way

    page.get_by_role("button", name="Rematch: same seats and options").click()
    rematch = Match.objects.get(rematch_of=finished)
    expect(page).to_have_url(f"{live_server.url}/matches/{rematch.pk}/")
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    expect(page.locator("#hand-dealer")).to_have_value("1")  # Bo deals: the deal passed on from Ana
    assert [seat.player.name for seat in rematch.seats.order_by("number")] == ["Ana", "Bo"]

    page.go_back()
    page.reload()
    page.get_by_role("button", name="Rematch: same seats and options").click()  # again: the same rematch
    expect(page).to_have_url(f"{live_server.url}/matches/{rematch.pk}/")
    assert Match.objects.count() == 2
