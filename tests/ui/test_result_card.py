"""The result card from the match screen: the Share button hands the phone's share sheet the image as a
file (where the phone can share files), and the download link saves the PNG."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser
from pytest_django.live_server_helper import LiveServer

from games.matches.services.demo import demo_hand_play
from games.matches.services.matches import match_share, match_start
from games.models import Match
from games.people.services.players import player_create
from tests.ui.test_table_mode import _phone

# A phone whose share sheet takes files: what it was handed is kept for the test to read.
SHARE_SHEET = """
window.__shared = [];
navigator.canShare = () => true;
navigator.share = (data) => { window.__shared.push({title: data.title, url: data.url,
  files: (data.files || []).map((f) => [f.name, f.type, f.size])}); return Promise.resolve(); };
"""


@pytest.fixture
def match(live_server: LiveServer) -> Match:
    owner = User.objects.create_user("marija", password="tablo-101-tally")
    players = [player_create(name=name, by=owner) for name in ("Marija", "Dragan")]
    started = match_start(game="tablo", players=players, by=owner)
    demo_hand_play(match=started, rng=random.Random(2))  # a card once a hand is scored (docs/ui.md)
    return match_share(match=started)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [320, 360, 390])
def test_the_share_button_shares_the_card_and_the_link_downloads_it(
    live_server: LiveServer, browser: Browser, match: Match, width: int
) -> None:
    for context in _phone(browser, live_server.url, (width, 844)):
        context.add_init_script(SHARE_SHEET)
        page = context.new_page()
        page.goto(f"{live_server.url}/matches/{match.pk}/")
        page.locator("#share-button").tap()
        page.wait_for_function("() => window.__shared.length === 1")
        shared = page.evaluate("window.__shared[0]")
        assert shared["url"] == f"{live_server.url}/shared/{match.share_token}/"
        [(name, kind, size)] = shared["files"]
        assert (name, kind) == (f"scorekeeper-{match.pk}.png", "image/png")
        assert size > 1000
        with page.expect_download() as download:
            page.get_by_role("link", name="Download the result card (PNG)").tap()
        path = download.value.path()
        assert download.value.suggested_filename == f"scorekeeper-{match.pk}.png"
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
