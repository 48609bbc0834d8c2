"""People at the table on two phones, each signed in to its own account: an invitation
accepted and recorded from the second phone, a guest claimed and merged into the standings, and
sharing: the Share button, a revoked link, the friendly 404 page."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from games.clubs.services.clubs import club_create, membership_create
from games.models import Match
from games.people.services.players import player_create
from tests.stats.matches import tamlin_match

PASSWORD = "tablo-101-tally"
PHONE: ViewportSize = {"width": 390, "height": 844}
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phones(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two phones: separate browser contexts, so separate sessions."""
    first = browser.new_context(viewport=PHONE, locale="en-US")
    second = browser.new_context(viewport=PHONE, locale="en-US")
    yield first, second
    first.close()
    second.close()


def sign_in(context: BrowserContext, base: str, username: str) -> Page:
    User.objects.filter(username=username).exists() or User.objects.create_user(username, password=PASSWORD)
    page = context.new_page()
    page.goto(base + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    return page


def test_an_invited_friend_accepts_and_records_from_their_own_phone(
    live_server: LiveServer, phones: tuple[BrowserContext, BrowserContext]
) -> None:
    base = live_server.url
    ana = sign_in(phones[0], base, "ana")
    ana.goto(base + "/matches/new/")
    ana.get_by_label("Seat 1").fill("ana")
    ana.get_by_label("Seat 2").fill("Mira")
    ana.get_by_label("Seat 2").press("Tab")
    expect(ana.locator("#seat-mark-0")).to_have_text("account")
    expect(ana.locator("#seat-mark-1")).to_have_text("new guest")
    ana.get_by_role("button", name="Start the match").click()
    people = ana.locator("#people")
    expect(people.locator(".mark.account")).to_have_text("account @ana")
    expect(people.locator(".mark.guest")).to_have_text("guest")

    people.get_by_role("button", name="Invite").click()  # no user name: a one-time link
    link = ana.get_by_label("Invitation link").input_value()
    ana.get_by_text("Show the QR code").click()
    expect(ana.get_by_role("img", name="QR code of the invitation link")).to_be_visible()
    ana.screenshot(path="test-artifacts/people-invitation.png", full_page=True)

    mira = sign_in(phones[1], base, "mira")
    mira.goto(link)
    mira.get_by_role("button", name="Accept the seat").click()
    expect(mira.get_by_text("You have your seat")).to_be_visible()
    expect(mira.locator("#people .mark.account")).to_have_count(2)
    for card in ["10D", "2C", "7S", "5H"]:
        mira.locator(f"#table-{card}").check()
    mira.get_by_role("button", name="Start the hand").click()  # recorded from Mira's phone
    mira.locator("#card-3H").click()  # nothing to take: recorded at the tap
    expect(mira.locator(".last-play")).to_contain_text("3♥")

    ana.reload()
    expect(ana.locator(".last-play")).to_contain_text("3♥")
    expect(ana.get_by_label("Invitation link")).to_have_count(0)  # used: the link is gone
    mira.goto(link)
    expect(mira.get_by_text("This invitation was already used.")).to_be_visible()


def test_a_guest_claimed_by_its_account_merges_into_the_standings(
    live_server: LiveServer, phones: tuple[BrowserContext, BrowserContext]
) -> None:
    base = live_server.url
    ana_user = User.objects.create_user("ana", password=PASSWORD)
    mira_user = User.objects.create_user("mira", password=PASSWORD)
    club = club_create(name="Kafana", by=ana_user)
    membership_create(club=club, user=mira_user)
    ana_player = player_create(name="Ana", by=ana_user, user=ana_user)
    guest = player_create(name="Mira G", by=ana_user)
    mira_player = player_create(name="Mira", by=mira_user, user=mira_user)
    first = tamlin_match(club, [ana_player, guest], winner=1, by=ana_user)
    tamlin_match(club, [ana_player, mira_player], winner=1, by=ana_user)

    mira = sign_in(phones[1], base, "mira")
    mira.goto(f"{base}/matches/{first.pk}/")
    mira.get_by_role("button", name="I am Mira G").click()
    expect(mira.get_by_text("waiting for whoever added the guest to confirm")).to_be_visible()

    ana = sign_in(phones[0], base, "ana")
    ana.get_by_role("link", name=re.compile("mira says the guest Mira G")).click()
    ana.get_by_role("button", name="Confirm").click()
    expect(ana.get_by_text("The guest's matches are mira's now")).to_be_visible()
    expect(ana.locator("#people .mark.account")).to_have_count(2)

    mira.goto(f"{base}/clubs/{club.pk}/standings/")
    table = mira.get_by_role("table")
    expect(table).not_to_contain_text("Mira G")
    mira_row = table.get_by_role("row").filter(has_text="Mira")
    cells = mira_row.get_by_role("cell")  # rank, then played, won, drawn, lost (the name is a row header)
    expect(cells.nth(1)).to_have_text("2")  # played: both matches are hers now
    expect(cells.nth(2)).to_have_text("2")  # won
    ana_cells = table.get_by_role("row").filter(has_text="Ana").get_by_role("cell")
    expect(ana_cells.nth(1)).to_have_text("2")
    expect(ana_cells.nth(4)).to_have_text("2")  # lost both
    mira.screenshot(path="test-artifacts/people-merged-standings.png", full_page=True)


SHARE_STUB = "navigator.share = (data) => { window.sharedData = data; return Promise.resolve(); };"
NO_SHARE = "Object.defineProperty(Navigator.prototype, 'share', {value: undefined, configurable: true});"


def test_sharing_a_match_then_revoking_the_link_leaves_a_friendly_404(
    live_server: LiveServer, phones: tuple[BrowserContext, BrowserContext]
) -> None:
    base = live_server.url
    ana = sign_in(phones[0], base, "ana")
    ana.goto(base + "/matches/new/")
    ana.get_by_label("Seat 1").fill("ana")
    ana.get_by_label("Seat 2").fill("Bo")
    ana.get_by_role("button", name="Start the match").click()
    ana.get_by_role("button", name="Create a share link").click()
    link = ana.get_by_label("Anyone with this link can follow the match").input_value()
    assert "/shared/" in link

    # A phone without a share sheet copies the link.
    phones[0].grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    ana.add_init_script(NO_SHARE)
    ana.reload()
    ana.get_by_role("button", name="Share", exact=True).click()
    expect(ana.locator("#share-status")).to_have_text("Link copied.")
    assert ana.evaluate("navigator.clipboard.readText()") == link

    # A phone with one hands the link to it.
    sharer = phones[0].new_page()
    sharer.add_init_script(SHARE_STUB)
    sharer.goto(ana.url)
    sharer.get_by_role("button", name="Share", exact=True).click()
    expect(sharer.locator("#share-status")).to_have_text("")
    assert sharer.evaluate("window.sharedData.url") == link

    spectator = phones[1].new_page()
    spectator.goto(link)
    expect(spectator.locator('meta[property="og:title"]')).to_have_attribute(
        "content", "Tablo: ana 0 \u2013 Bo 0"
    )
    expect(spectator.get_by_role("button", name="Share", exact=True)).to_have_count(0)

    ana.get_by_role("button", name="Revoke the link").click()
    expect(ana.get_by_role("button", name="Create a share link")).to_be_visible()
    response = spectator.goto(link)
    assert response is not None
    assert response.status == 404
    expect(spectator.get_by_role("heading", level=1)).to_have_text("Not found")
    expect(spectator.get_by_role("heading", name="How to get access")).to_be_visible()
    spectator.screenshot(path="test-artifacts/people-404.png", full_page=True)
    assert Match.objects.get().share_token == ""
