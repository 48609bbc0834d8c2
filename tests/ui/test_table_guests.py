"""A table of guests records its own match (docs/events.md, "Guests' tables"): a phone that never
signed in opens the table's QR link, is asked for the table's code, enters it, records the hand from
its counts and finishes the match, tapped at 320 px with each screen measured at every width."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.events.models import Table
from games.events.services import round_pair
from games.models import Match, Player
from tests.ui.flows import fits_at_each_width
from tests.web.test_events import entered, make_night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_never_signed_in_enters_the_table_code_and_finishes_the_match(
    live_server: LiveServer, page: Page
) -> None:
    night = make_night(guests=3)
    night.event.options = {**night.event.options, "target": 1}  # one hand finishes the match
    night.event.save(update_fields=["options"])
    entered(night)
    round_pair(event=night.event, by=night.admin)
    table = Table.objects.get(round__event=night.event, number=1)
    first, second = (Player.objects.get(pk=player).name for player in table.players)

    page.set_viewport_size({"width": 320, "height": 740})
    page.goto(f"{live_server.url}/matches/{table.match_id}/")  # the QR code's link, as the sheet prints it
    expect(page.get_by_role("heading", name="Record this table's match")).to_be_visible()
    fits_at_each_width(page, where="the table's code page")
    page.get_by_label("Table code").fill(f"{table.code[:4].lower()} {table.code[4:].lower()}")
    page.get_by_role("button", name="Open the match").click()

    expect(page.get_by_text("Round 1, table 1")).to_be_visible()
    page.get_by_label("From the counts at the end (no table cards needed)").check()
    page.get_by_role("button", name="Start the hand").click()
    entry = page.locator("#match-live .summary-entry")
    winner, loser = entry.get_by_role("group", name=first), entry.get_by_role("group", name=second)
    winner.get_by_label("Cards taken").fill("30")
    winner.get_by_label("Points in point cards").fill("12")
    winner.get_by_label("Tablos").fill("1")
    loser.get_by_label("Tablos").fill("0")
    fits_at_each_width(page, where="the guest's match screen")
    entry.get_by_role("button", name="Score the hand from these counts").click()

    expect(page.get_by_role("heading", name=f"{first} won")).to_be_visible()
    expect(page.get_by_role("button", name="Rematch: same seats and options")).to_have_count(0)
    match = Match.objects.get(pk=table.match_id)
    assert (match.status, match.totals) == (Match.Status.FINISHED, [15, 10])
    assert match.hands.get(number=1).summary.created_by is None  # a guest, no account
