"""The hand review in a real browser at a phone's size: from the match screen to the review."""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.clubs.services.clubs import club_create
from games.matches.replay import hand_report_now, table_of
from games.matches.reviews import hand_review
from games.matches.services.demo import demo_hand_play, demo_match_play, random_play, random_setup
from games.matches.services.hands import hand_close, hand_start
from games.matches.services.matches import match_start
from games.matches.services.plays import hand_play_record
from games.models import Match
from games.people.services.players import player_create
from games.rules.capture.capturing import capture_check
from games.rules.registry import find_game
from tests.ui.flows import LOCALES, MEASURE, WIDTHS, signed_in, viewport


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_after_a_hand_is_scored_its_review_opens_from_the_match_screen(
    live_server: LiveServer, page: Page
) -> None:
    signed_in(page, live_server.url)
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


def _escoba_hand_with_a_wrong_capture(match: Match, rng: random.Random) -> None:
    """Hand 1 of an Escoba ``manual_capture`` match: the first play that can take two table cards
    takes two that break the rules, and nobody challenges; every other play is a random legal one."""
    setup = random_setup("escoba", 1, rng)
    hand = hand_start(match=match, **setup)
    seen = {*setup["table"], *setup["set_aside"]}
    report, wrong = hand_report_now(hand, table_of(match)), False
    while not report.complete and report.next_seat is not None:
        table = [str(card) for card in report.table]
        unseen = [card for card in find_game("escoba").deck if str(card) not in seen]
        card, taken = random_play("escoba", table, unseen, match.options, rng)
        pairs = [] if wrong else combinations(table, 2)
        bad = next(
            (list(pair) for pair in pairs if not capture_check("escoba", table, str(card), pair).legal), None
        )
        wrong = wrong or bad is not None
        played = hand_play_record(
            hand=hand, seat=report.next_seat, card=str(card), taken=bad or taken, expected_seq=hand.next_seq
        )
        hand.next_seq, report = played.next_seq, played.report
        seen.add(str(card))
    assert wrong
    hand_close(hand=hand)


def _open_first_review(page: Page, match_url: str) -> None:
    """From the match screen to the last hand's review, then back hand by hand to hand 1."""
    page.goto(match_url)
    page.get_by_role("link", name=re.compile(r"^Review hand \d+")).click()
    expect(page.get_by_role("heading", name=re.compile(r"^Review of hand"))).to_be_visible()
    back = page.get_by_role("link", name=re.compile(r"^← Hand"))
    while back.count():
        number = back.inner_text().split()[-1]
        back.click()
        expect(page.get_by_role("heading", name=f"Review of hand {number}")).to_be_visible()
    expect(page.get_by_role("heading", name="Review of hand 1")).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_coach_at_phone_widths_names_an_illegal_play_the_points_lost_the_biggest_misses_and_progress(
    live_server: LiveServer, page: Page
) -> None:
    """The review's new parts at 320, 360 and 390 px: an unchallenged wrong capture said to break the
    rules, the three biggest misses first with what each lost and the table as it was, and the
    player's review by month as a chart; no page wider than the phone."""
    signed_in(page, live_server.url)
    owner = User.objects.get(username="marija")
    club = club_create(name="Friday table", by=owner)
    players = [player_create(name="Marija", by=owner, user=owner), player_create(name="Dragan", by=owner)]
    rng = random.Random(27)
    tablo = match_start(game="tablo", players=players, by=owner, club=club, options={"target": 1})
    demo_match_play(match=tablo, rng=rng)
    escoba = match_start(
        game="escoba", players=players, by=owner, club=club, options={"manual_capture": True, "target": 1}
    )
    _escoba_hand_with_a_wrong_capture(escoba, rng)
    demo_match_play(match=escoba, rng=rng)
    lost = re.compile(r"\d+ points? more|no more points|missed")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 844})
        _open_first_review(page, f"{live_server.url}/matches/{tablo.pk}/")
        biggest = page.get_by_role("list", name="The biggest misses").get_by_role("listitem")
        expect(biggest).to_have_count(3)
        for line in biggest.all():
            expect(line).to_contain_text(lost)
            expect(line).to_contain_text("The table")
        assert not page.evaluate(MEASURE, "body")["findings"]

        _open_first_review(page, f"{live_server.url}/matches/{escoba.pk}/")
        wrong = page.get_by_role("region", name="Missed plays").get_by_text(
            "this capture broke the rules (nobody challenged)"
        )
        expect(wrong).to_be_visible()
        expect(page.get_by_role("region", name="Players")).to_contain_text("Illegal plays")
        assert not page.evaluate(MEASURE, "body")["findings"]

        page.goto(f"{live_server.url}/clubs/{club.pk}/players/{players[0].pk}/")
        charts = page.get_by_role(
            "img", name=re.compile(r"^Best plays [\d.]+%, [\d.]+ points lost per hand in")
        )
        expect(charts).to_have_count(2)  # Tablo and Escoba
        for chart in charts.all():
            chart.scroll_into_view_if_needed()
            expect(chart).to_be_visible()
        assert not page.evaluate(MEASURE, "body")["findings"]
        page.screenshot(path=f"test-artifacts/coach-{width}.png", full_page=True)


# Each player's review figure, name and label that is wider than its place, or past the screen's edge.
REVIEW_OVERFLOW = """() => [
  ...document.querySelectorAll('.review-players, .review-player, .review-figures > div > *')
].filter((el) => el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > window.innerWidth
).map((el) => `${el.tagName} "${el.innerText}" ${el.scrollWidth} px in ${el.clientWidth}`)"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_review_figures_fit_the_narrowest_phone_in_every_language(
    live_server: LiveServer, browser: Browser, locale: str
) -> None:
    """Each player's review (the finished match's and the hand's) shows every figure at 320 px without
    scrolling sideways, whatever the language's words: nothing in it wider than its place."""
    owner = User.objects.create_user("marija")
    players = [player_create(name=name, by=owner) for name in ("Marija", "Dragan", "Ljiljana", "Njegoš")]
    match = match_start(game="tablo", players=players, by=owner, teams=True, options={"target": 1})
    demo_hand_play(match=match, rng=random.Random(2))
    context = browser.new_context(viewport=viewport(WIDTHS[0]), locale=locale)
    page = context.new_page()
    signed_in(page, live_server.url)
    for path in (f"/matches/{match.pk}/", f"/matches/{match.pk}/hands/1/review/"):
        page.goto(live_server.url + path)
        expect(page.locator(".review-figures").first).to_be_visible()
        assert page.locator(".review-figures").count() == 4, path
        assert page.evaluate(REVIEW_OVERFLOW) == [], (locale, path)
    context.close()
