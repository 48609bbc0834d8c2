"""A club night on phones, with real taps at 320 px (each screen measured at 320, 360 and 390 px): the
director checks players in (search, filter, confirm) and pairs a round (draft, then publish); the
players' open pages get the pairings by themselves; the public page, the TV and the printed sheets fit;
the TV follows a result; the sheets print one page per table on A4 and Letter, each QR code that
table's match."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

import pytest
import segno
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.events.clock import round_clock_start
from games.events.models import Entry, PairingJob, Round, Table
from games.events.services import entry_check_in, event_share, round_pair, table_result_set
from tests.ui.flows import AXE, WIDTHS, fits_at_each_width, width_walk
from tests.web.test_events import Night, entered, make_night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _phone(
    browser: Browser,
    live_server: LiveServer,
    user: User | None,
    width: int,
    locale: str = "en-US",
    scheme: Literal["light", "dark"] = "light",
) -> BrowserContext:
    """A phone of ``width`` px, signed in as ``user`` (a session made by the test client)."""
    context = browser.new_context(
        viewport={"width": width, "height": 800}, locale=locale, color_scheme=scheme, has_touch=True
    )
    if user is not None:
        client = Client()
        client.force_login(user)
        host = live_server.url.split("//", 1)[1].split(":")[0]
        cookie = {
            "name": settings.SESSION_COOKIE_NAME,
            "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        }
        context.add_cookies([cookie | {"domain": host, "path": "/"}])  # type: ignore[list-item]
    return context


@pytest.fixture
def night() -> Night:
    return make_night(guests=5)


def test_the_director_checks_in_with_a_search_and_a_confirm_step(
    live_server: LiveServer, browser: Browser, night: Night
) -> None:
    entries = entered(night)
    entry_check_in(event=night.event, player_id=entries[1].player_id, by=night.admin)  # Guest 1 is here
    context = _phone(browser, live_server, night.admin, WIDTHS[0])
    page = context.new_page()
    page.goto(live_server.url + reverse("event-entries", args=[night.event.pk]))
    fits_at_each_width(page, where="entries")
    page.get_by_label("Only those not checked in").tap()
    expect(page.locator("#entry-list .entry")).to_have_count(5)  # Mia and Guests 2-5
    page.get_by_label("Find a player").fill("guest 3")
    expect(page.locator("#entry-list .entry")).to_have_count(1)
    page.get_by_role("link", name="Check in Guest 3").tap()
    expect(page.get_by_text("Check in Guest 3?")).to_be_visible()
    assert Entry.objects.get(pk=entries[3].pk).checked_in_at is None
    fits_at_each_width(page, where="confirm")
    page.get_by_role("button", name="Confirm").tap()
    expect(page.locator(f"#entry-{entries[3].pk}")).to_have_class(re.compile(r"\bchecked-in\b"))
    assert Entry.objects.get(pk=entries[3].pk).checked_in_at is not None
    page.get_by_role("link", name="Drop Guest 3").tap()  # asked, then cancelled: nothing written
    page.get_by_role("link", name="Cancel").tap()
    expect(page.get_by_role("link", name="Drop Guest 3")).to_be_visible()
    assert Entry.objects.get(pk=entries[3].pk).dropped_round is None
    context.close()


def test_the_director_pairs_a_draft_and_publishes_it_to_every_open_phone(
    live_server: LiveServer, browser: Browser, night: Night
) -> None:
    entered(night)
    phones = [_phone(browser, live_server, user, WIDTHS[0]) for user in (night.member, night.admin)]
    player, director = (phone.new_page() for phone in phones)
    player.goto(live_server.url + reverse("event", args=[night.event.pk]))
    expect(player.get_by_text("No round yet; 6 players entered.")).to_be_visible()
    director.goto(live_server.url + reverse("event", args=[night.event.pk]))
    director.get_by_role("link", name="Pair the next round").tap()
    expect(director.get_by_role("heading", name="Draft of round 1")).to_be_visible()
    expect(director.locator(".table-card")).to_have_count(3)
    fits_at_each_width(director, where="draft")
    assert not Round.objects.exists()
    director.get_by_role("button", name="Publish round 1").tap()
    expect(director.get_by_text("Round 1 is published.")).to_be_visible()
    expect(director.locator(".table-card")).to_have_count(3)
    fits_at_each_width(director, where="published")
    # The player's open page polls: the round arrives without a reload.
    expect(player.get_by_role("heading", name="Round 1: tables")).to_be_visible(timeout=10_000)
    expect(player.locator(".name-list li")).to_have_count(6)
    fits_at_each_width(player, where="player's page")
    for phone in phones:
        phone.close()


def test_the_public_pages_fit_the_phone_in_english_and_russian(
    live_server: LiveServer, browser: Browser, night: Night
) -> None:
    entered(night)
    round_pair(event=night.event, by=night.admin)
    table = Table.objects.first()
    assert table is not None
    table_result_set(table=table, by=night.admin, winner=0)
    token = event_share(event=night.event, by=night.admin).share_token
    pk = night.event.pk
    job = PairingJob.objects.create(event=night.event, number=2, by=night.admin)  # a large round 2
    signed_in = [
        reverse("event", args=[pk]),
        reverse("event-tv", args=[pk]),
        reverse("event-entries", args=[pk]),
        reverse("event-round-print", args=[pk, 1]),
        reverse("event-table-result", args=[pk, 1, 1]),
        reverse("event-round-repair", args=[pk, 1]) + "?confirm=repair",  # table 1 kept, the rest re-paired
        reverse("event-new", args=[night.event.club_id]),
        reverse("club-events", args=[night.event.club_id]),
        reverse("event-job", args=[pk, job.pk]),
    ]
    shared = [reverse("event-shared", args=[token]), reverse("event-shared", args=[token]) + "?tv=1"]
    problems = []
    schemes: tuple[tuple[str, Literal["light", "dark"]], ...] = (("en-US", "light"), ("ru", "dark"))
    for locale, scheme in schemes:
        for user, paths in ((night.admin, signed_in), (night.member, signed_in[:2]), (None, shared)):
            context = _phone(browser, live_server, user, WIDTHS[0], locale, scheme)
            context.add_init_script(path=AXE)
            page = context.new_page()
            for width, path, findings in width_walk(page, live_server.url, tuple(paths)):
                problems += [f"{width}px {locale} {path}: {finding}" for finding in findings]
            context.close()
    assert not problems, "\n".join(problems)


def test_the_tv_shows_a_result_entered_elsewhere_by_itself(
    live_server: LiveServer, browser: Browser, night: Night
) -> None:
    entered(night)
    round_pair(event=night.event, by=night.admin)
    context = _phone(browser, live_server, night.member, 1280)
    tv = context.new_page()
    tv.goto(live_server.url + reverse("event-tv", args=[night.event.pk]))
    expect(tv.locator(".table-card")).to_have_count(3)
    assert float(tv.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")) >= 25  # big type
    table = Table.objects.get(number=2)
    table_result_set(table=table, by=night.admin, winner=None)
    expect(tv.locator("#table-1-2")).to_contain_text("Draw", timeout=15_000)
    expect(tv.locator(".standings tbody tr").first).to_contain_text("1")
    context.close()


def _modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules of a segno SVG path (``M x y`` then ``h n`` runs and relative ``m dx dy``)."""
    path = re.search(r'class="qrline"[^>]* d="([^"]+)"', svg)
    assert path is not None, svg[:200]
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for command, numbers in re.findall(r"([MmHh])([-\d. ]+)", path.group(1)):
        values = [float(each) for each in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            dark.update((int(x) + step, int(y - 0.5)) for step in range(int(values[0])))
            x += values[0]
    return dark


def _matrix(url: str, border: int = 2) -> set[tuple[int, int]]:
    """segno's encoding of ``url`` (as the sheets make it), as dark modules shifted by its border."""
    matrix = segno.make(url, error="m").matrix
    return {(x + border, y + border) for y, row in enumerate(matrix) for x, dark in enumerate(row) if dark}


@pytest.fixture
def printed(live_server: LiveServer, browser: Browser, night: Night) -> Iterator[tuple[Page, list[Table]]]:
    entered(night)
    round_pair(event=night.event, by=night.admin)
    context = _phone(browser, live_server, night.admin, 390)
    page = context.new_page()
    yield page, list(Table.objects.filter(round__number=1).order_by("number"))
    context.close()


@pytest.mark.parametrize(("paper", "size"), [("a4", "A4"), ("letter", "Letter")])
def test_the_sheets_print_the_names_then_six_tables_a_page_each_with_its_match_qr_code(
    live_server: LiveServer, printed: tuple[Page, list[Table]], night: Night, paper: str, size: str
) -> None:
    page, tables = printed
    page.goto(live_server.url + reverse("event-round-print", args=[night.event.pk, 1]) + f"?paper={paper}")
    page.emulate_media(media="print")
    expect(page.locator(".print-tools")).to_be_hidden()
    pdf = page.pdf(format=size)
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert len(tables) == 3
    assert pages == 2  # who sits where, then the three tables on one page
    for table in tables:
        sheet = page.locator(f'.table-sheet[data-table="{table.number}"]')
        url = live_server.url + reverse("match", args=[table.match_id])
        assert _modules(sheet.locator("svg").evaluate("svg => svg.outerHTML")) == _matrix(url)
        expect(sheet).to_contain_text(url)


@pytest.mark.parametrize(("paper", "size"), [("a4", "A4"), ("letter", "Letter")])
def test_six_pods_of_four_fit_one_page_with_their_lines_and_codes(
    live_server: LiveServer, browser: Browser, paper: str, size: str
) -> None:
    night = make_night(guests=23, format="pods")  # 24 players: six tables of four, the fullest sheets
    entered(night)
    round_pair(event=night.event, by=night.admin)
    context = _phone(browser, live_server, night.admin, 390)
    page = context.new_page()
    page.goto(live_server.url + reverse("event-round-print", args=[night.event.pk, 1]) + f"?paper={paper}")
    page.emulate_media(media="print")
    expect(page.locator(".table-sheet")).to_have_count(6)
    pdf = page.pdf(format=size)
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 2  # who sits where, then the six tables
    page.set_viewport_size({"width": 718, "height": 1000})  # A4's width inside its margins, as printed
    for sheet in page.locator(".table-sheet").all():  # nothing cut off: each sheet's content fits it
        assert sheet.evaluate("el => el.scrollHeight <= el.clientHeight + 1")
    context.close()


def test_check_in_by_keyboard_alone(live_server: LiveServer, browser: Browser, night: Night) -> None:
    entries = entered(night)
    context = _phone(browser, live_server, night.admin, 390)
    page = context.new_page()
    page.goto(live_server.url + reverse("event-entries", args=[night.event.pk]))
    page.get_by_label("Find a player").focus()
    page.keyboard.type("guest 2")
    expect(page).to_have_url(
        re.compile(r"q=guest")
    )  # the search has answered: its list will not replace the row
    expect(page.locator("#entry-list .entry")).to_have_count(1)
    page.keyboard.press("Tab")  # the filter
    page.keyboard.press("Tab")  # the only row's check-in
    expect(page.get_by_role("link", name="Check in Guest 2")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Confirm")).to_be_focused()  # the confirm step takes the focus
    page.keyboard.press("Enter")
    expect(page.locator(f"#entry-{entries[2].pk}")).to_have_class(re.compile(r"\bchecked-in\b"))
    undo = page.get_by_role("link", name="Undo the check-in of Guest 2")
    expect(undo).to_be_focused()  # the focus stays on the row, which says "checked in"
    expect(undo).to_have_accessible_description("checked in")
    assert Entry.objects.get(pk=entries[2].pk).checked_in_at is not None
    page.keyboard.press("Enter")  # undo asked, then cancelled: the focus is back on the row
    expect(page.get_by_role("button", name="Confirm")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(undo).to_be_focused()
    context.close()


def test_the_tv_counts_the_round_clock_down_from_the_servers_deadline(
    live_server: LiveServer, browser: Browser, night: Night
) -> None:
    entered(night)
    round_pair(event=night.event, by=night.admin)
    round_clock_start(event=night.event, by=night.admin, minutes=2)
    context = _phone(browser, live_server, night.member, 1024)
    page = context.new_page()
    page.goto(live_server.url + reverse("event-tv", args=[night.event.pk]))
    time = page.locator(".round-clock .clock-time")
    expect(time).to_have_text(re.compile(r"^1:5\d$|^2:00$"))
    first = time.inner_text()
    expect(time).not_to_have_text(first)  # it counts down in the page, without a new answer
    minutes, seconds = map(int, time.inner_text().split(":"))
    assert 60 * minutes + seconds < 120
    context.close()
