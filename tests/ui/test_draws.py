"""The table's draws by lot (docs/rules/shared.md A4), tapped as a finger would at 320 px: "Shuffle the
seats" deals the typed names to the seats at random and says so; the first hand's "Draw who deals" picks
its dealer and says who; each side's colour dot is on the sides and the last play."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Match
from tests.ui.flows import WIDTHS, signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Marija", "Dragan", "Ana", "Bo"]


def test_the_seats_and_the_first_dealer_are_drawn_by_lot(live_server: LiveServer, page: Page) -> None:
    page.set_viewport_size({"width": WIDTHS[0], "height": 640})
    signed_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/new/")
    for seat, name in enumerate(NAMES):
        page.locator(f"#id_seat_{seat}").fill(name)
    orders = set()
    for _draw in range(6):  # six draws of four names: all in one order once in 24^5
        page.get_by_role("button", name="Shuffle the seats").click()
        seated = [page.locator(f"#id_seat_{seat}").input_value() for seat in range(len(NAMES))]
        assert sorted(seated) == sorted(NAMES)
        expect(page.locator("#seats-drawn")).to_have_text("Seats drawn by lot: " + ", ".join(seated))
        orders.add(tuple(seated))
    assert len(orders) > 1
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#hand-dealer")).to_be_visible()
    match = Match.objects.get()
    assert [seat.player.name for seat in match.seats.order_by("number")] == list(seated)

    page.get_by_role("button", name="Draw who deals").click()
    dealer = page.locator("#hand-dealer option:checked").inner_text()
    expect(page.locator("#dealer-drawn")).to_have_text(f"Drawn by lot: {dealer}")
    dots = [page.locator(f'.side-list [data-side="{side}"] .side-dot').count() for side in range(4)]
    assert dots == [1] * 4
