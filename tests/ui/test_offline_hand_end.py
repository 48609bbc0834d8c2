"""The end of a hand offline, with the engine in the phone (static/js/offline_hand_end.js), in Chromium
at a phone's size and the network off from the first tap: a hand played out is scored with its
breakdown and the next one started; a hand entered by its counts, a bad entry refused as the server
refuses it; then online, every write is stored once, in order, and every score is the server's."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.selectors.hands import hand_report
from games.matches.services.hands import hand_close, hand_start, hand_summary_record
from games.matches.services.plays import hand_play_record
from games.messages import problem_texts, violation_text
from games.models import Hand
from games.rules.cards import deck
from games.rules.errors import SummaryInconsistent
from games.rules.records import setup_of
from games.rules.registry import find_game
from games.rules.wording import signed
from tests.ui.flows import (
    READY,
    TABLE,
    engine_offline,
    match_of,
    match_started,
    phone_engine,
    play,
    ready_offline,
    signed_in,
    tablo_open,
)
from web.screens import who_of

pytestmark = phone_engine  # the match screen starts the engine in the phone

NEXT_TABLE = ["AS", "3D", "8C", "QH"]
REPEATED_IDS = """() => {
  const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
  return ids.filter((id, index) => ids.indexOf(id) !== index);
}"""


def hand_api(page: Page, url: str, number: int) -> dict[str, Any]:
    response = page.request.get(f"{url.replace('/matches/', '/api/v1/matches/')}hands/{number}/")
    assert response.ok
    found: dict[str, Any] = response.json()
    return found


def played_but(url: str, left: int, number: int = 1) -> list[str]:
    """Hand ``number`` (dealt ``TABLE``) recorded on the server up to its last ``left`` cards (7♥ takes
    2♣ 7♠ 5♥, then every card is left on the table), as another phone would; the cards left, in deck
    order."""
    hand = Hand.objects.get(match=match_of(url), number=number)
    cards = [str(card) for card in deck() if str(card) not in {"7H", *TABLE}]
    plays = [("7H", ["2C", "7S", "5H"]), *((card, []) for card in cards[:-left])]
    seat = hand_report(hand).next_seat or 0
    for seq, (card, taken) in enumerate(plays):
        recorded = hand_play_record(hand=hand, seat=seat, card=card, taken=taken, expected_seq=seq)
        seat = recorded.report.next_seat if recorded.report.next_seat is not None else seat
    return cards[-left:]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_hand_played_out_offline_is_scored_and_the_next_one_started(
    live_server: LiveServer, page: Page
) -> None:
    url = tablo_open(page, live_server.url)
    last = played_but(url, 2)
    page.reload()
    engine_offline(page)

    for card in last:
        play(page, card)
    page.get_by_role("button", name="Score the hand").click()
    scored = page.locator("#offline-hand-end .scored")
    expect(scored.get_by_role("heading", name="Hand 1 scored")).to_be_visible()
    expect(scored.locator("table.breakdown tr.item-total")).to_be_visible()
    shown_points = scored.locator(".scored-points").inner_text()
    shown_hand = scored.locator("table.breakdown tr.item-total td").all_inner_texts()
    shown_totals = page.locator(".side-total").all_inner_texts()
    expect(page.locator("#offline-queue-title")).to_contain_text("waiting")

    expect(page.locator("section.hand")).to_be_hidden()
    expect(page.locator("#offline-hand-end").get_by_role("heading", name="Hand 2")).to_be_visible()
    form = page.locator("#offline-hand-end form.hand-new")
    dealer = form.locator("#offline-hand-dealer").input_value()  # its ids its own (the server's form's)
    for card in NEXT_TABLE:
        form.locator(f"#offline-table-{card}").check()
    form.get_by_role("button", name="Start the hand").click()
    expect(page.get_by_role("heading", name="Hand 2", exact=True)).to_be_visible()
    expect(page.locator(".table-cards")).to_contain_text("A♠")
    undo = page.locator(".last-play").get_by_role("button", name="Undo the last play")
    expect(undo).to_be_disabled()  # and looks it (app.css button:disabled)
    expect(undo).to_have_css("cursor", "not-allowed")
    play(page, "KD", "#play-options button[value='AS QH']")  # a capture must be made (docs/rules/tablo.md)
    expect(page.locator("#offline-queue .offline-plays li")).to_have_count(5)
    page.screenshot(path="test-artifacts/offline-hand-end-next.png", full_page=True)
    page.reload()  # offline: the same screen, worked out again from the kept page and the queue
    page.wait_for_function(READY, timeout=60_000)
    expect(page.get_by_role("heading", name="Hand 2", exact=True)).to_be_visible()
    expect(page.locator("#card-KD:enabled")).to_have_count(0)
    expect(page.locator("#offline-queue .offline-plays li")).to_have_count(5)

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)  # five writes in turn
    first, second = hand_api(page, url, 1), hand_api(page, url, 2)
    assert not first["is_open"]
    assert [play["card"] for play in first["plays"]][-2:] == last
    assert [play["seq"] for play in first["plays"]] == list(range(len(first["plays"])))
    names = ("Marija", "Dragan")
    assert shown_points == " · ".join(f"{n} {t:+d}" for n, t in zip(names, first["totals"], strict=True))
    assert second["dealer"] == int(dealer)
    assert sorted(second["table"]) == sorted(NEXT_TABLE)
    assert [(play["seq"], play["card"], sorted(play["taken"])) for play in second["plays"]] == [
        (0, "KD", ["AS", "QH"])
    ]
    assert shown_hand == [signed(total) for total in first["totals"]]
    assert Hand.objects.filter(match=match_of(url)).count() == 2
    expect(page.locator(".side-total")).to_have_text(shown_totals)  # the server's screen, hand 2 open


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_quick_counts_are_checked_offline_refused_as_the_server_refuses_and_scored(
    live_server: LiveServer, page: Page
) -> None:
    """Hand 1 is started offline from the counts, without table cards, as the server lets it."""
    match = match_started(signed_in(page, live_server.url))
    url = f"{live_server.url}/matches/{match.pk}/"
    page.goto(url)
    engine_offline(page)
    page.get_by_label("From the counts at the end (no table cards needed)").check()
    page.get_by_role("button", name="Start the hand").click()
    started = "Hand 1 is started: waiting to be sent"
    expect(page.locator("#offline-queue-title")).to_have_text(started)

    # 51 cards leave the other side a single card, which cannot happen (docs/rules/tablo.md B2).
    bad = {"cards_0": "51", "point_cards_0": "12", "tablos_0": "1"}
    for name, value in bad.items():
        page.locator(f"[name={name}]").fill(value)
    page.get_by_role("button", name="Score the hand from these counts").click()
    refused = page.locator("#offline-summary-refused")
    message, problems = server_refusal(
        url, [{"cards": 51, "point_cards": 12, "tablos": 1}, {"cards": 1, "point_cards": 10, "tablos": 0}]
    )
    expect(refused.locator("p")).to_have_text(message)
    expect(refused.locator("li")).to_have_text(problems)
    expect(page.locator("#offline-queue-title")).to_have_text(started)  # not queued

    page.locator("[name=cards_0]").fill("30")
    page.get_by_role("button", name="Score the hand from these counts").click()
    expect(refused).to_have_count(0)
    expect(page.locator("#offline-queue-title")).to_have_text("The counts of hand 1 are waiting to be sent")
    scored = page.locator("#offline-hand-end .scored")
    expect(scored.get_by_role("heading", name="Hand 1 scored")).to_be_visible()
    expect(scored.locator(".scored-points")).to_have_text("Marija +15 · Dragan +10")
    shown_breakdown = scored.locator("table.breakdown").inner_text()
    expect(page.locator(".side-total")).to_have_text(["15", "10"])
    expect(page.locator("#offline-hand-end form.hand-new")).to_be_visible()  # beside the server's, hidden
    assert page.evaluate(REPEATED_IDS) == []
    page.screenshot(path="test-artifacts/offline-hand-end-counts.png", full_page=True)

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    expect(page.locator("#offline-hand-end")).to_have_count(0)  # the server's screen now
    server = page.locator("#match-live .scored")
    expect(server.locator(".scored-points")).to_have_text("Marija +15 · Dragan +10")
    assert server.locator("table.breakdown").inner_text() == shown_breakdown
    expect(page.locator(".side-total")).to_have_text(["15", "10"])
    assert hand_api(page, url, 1)["totals"] == [15, 10]
    assert Hand.objects.filter(match=match_of(url)).count() == 1


def server_refusal(url: str, entries: list[dict[str, int]]) -> tuple[str, list[str]]:
    """How the server words the refusal of ``entries`` for hand 1, dealt by Marija and started from the
    counts (web/views/hands.py refusal)."""
    match = match_of(url)
    game = find_game(match.game)
    setup = {
        "players": 2,
        "teams": False,
        "dealer": 0,
        "starter": None,
        "table": [],
        "set_aside": [],
        "sweeps_before": [0, 0],
        "number": 1,
    }
    with pytest.raises(SummaryInconsistent) as refused:
        game.score_summary(setup_of(setup), entries, match.options)
    who = who_of(match)
    return violation_text(refused.value, who), problem_texts(refused.value, who)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_hand_that_wins_the_match_offline_shows_its_end(live_server: LiveServer, page: Page) -> None:
    tablo_open(page, live_server.url, target=10)
    engine_offline(page)

    page.get_by_text("Quick entry").click()
    for name, value in {"cards_0": "30", "point_cards_0": "12", "tablos_0": "1"}.items():
        page.locator(f"[name={name}]").fill(value)
    page.get_by_role("button", name="Score the hand from these counts").click()
    expect(page.get_by_role("heading", name="Marija won")).to_be_visible()
    expect(page.locator("#offline-finished")).to_contain_text("Marija 15 · Dragan 10")
    expect(page.locator("form.hand-new")).to_have_count(0)  # no next hand
    expect(page.locator(".side-list")).not_to_contain_text("to go")  # as _sides.html once it is over

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    expect(page.get_by_role("heading", name="Marija won")).to_be_visible()
    expect(page.locator("#offline-finished")).to_have_count(0)  # the server's screen now


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_match_progress_offline_counts_the_hands_closed_before(
    live_server: LiveServer, page: Page
) -> None:
    """A play's answer carries no closed hand's report (the server reads none for it): the phone keeps
    those the screen had."""
    url = tablo_open(page, live_server.url)
    match = match_of(url)
    counts = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    hand_summary_record(hand=Hand.objects.get(match=match, number=1), entries=counts)
    hand_start(match=match, table=TABLE)
    last = played_but(url, 2, number=2)
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    play(page, last[0])  # online: the answer keeps the sheet, and no reports
    expect(page.locator(".last-play")).to_contain_text(last[0][:-1])
    ready_offline(page)

    play(page, last[1])
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#offline-hand-end .scored")).to_be_visible()
    shown = page.locator(".side-total").all_inner_texts()

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    expect(page.locator("#offline-hand-end")).to_have_count(0)
    expect(page.locator(".side-total")).to_have_text(shown)
    assert shown == [str(total) for total in match_of(url).totals]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_new_match_is_dealt_and_played_offline_from_its_first_hand(
    live_server: LiveServer, page: Page
) -> None:
    """A page drawn between hands (here a new match's) holds the next hand, hidden, for the phone to
    start offline: its deal checked, its plays checked by the engine, a reload in the middle kept."""
    signed_in(page, live_server.url)
    page.goto(live_server.url + "/matches/new/")
    page.get_by_label("Seat 1").fill("Marija")
    page.get_by_label("Seat 2").fill("Dragan")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    url = page.url
    engine_offline(page)

    form = page.locator("form.hand-new")
    form.locator("#table-10D").check()
    form.get_by_role("button", name="Start the hand").click()
    expect(page.locator("#offline-error")).to_contain_text("4 cards")  # the deal checked: 1 card, not 4
    for card in TABLE[1:]:
        form.locator(f"#table-{card}").check()
    form.get_by_role("button", name="Start the hand").click()
    expect(page.get_by_text("Dragan to play")).to_be_visible()
    expect(page.locator("form.hand-new")).to_be_hidden()
    expect(page.locator(".table-cards")).to_contain_text("10♦")

    page.locator("#card-7H").check()
    expect(page.locator('#play-options [data-engine-choices="7H"]')).to_have_count(1)  # the engine's
    page.locator("#play-options details.manual summary").click()
    page.locator("#taken-10D").check()
    expect(page.locator("#play-options .verdict")).to_contain_text("Not legal.")
    page.get_by_role("button", name="Record these cards").click()
    expect(page.locator("#offline-error")).to_contain_text("It could have taken")
    expect(page.locator("#offline-queue .offline-plays li")).to_have_count(1)  # the start alone
    page.locator("#play-options .capture-button").first.click()
    expect(page.locator("#offline-queue .offline-plays li")).to_have_count(2)
    page.reload()  # offline, in the middle of the hand
    page.wait_for_function(READY, timeout=60_000)
    expect(page.get_by_text("Marija to play")).to_be_visible()
    expect(page.locator("#card-7H:enabled")).to_have_count(0)
    page.locator("#card-KD").click()  # the engine knows it can take nothing from 10♦: recorded at its tap
    expect(page.locator("#play-options .one-tapped")).to_contain_text("recorded at the tap")
    expect(page.locator("#offline-queue .offline-plays li")).to_have_count(3)

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    first = hand_api(page, url, 1)
    assert sorted(first["table"]) == sorted(TABLE)
    assert [(play["seq"], play["card"], sorted(play["taken"])) for play in first["plays"]] == [
        (0, "7H", ["2C", "5H", "7S"]),
        (1, "KD", []),
    ]
    expect(page.get_by_text("Dragan to play")).to_be_visible()  # the server's screen now


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("same_deal", [True, False], ids=["the same deal", "another deal"])
def test_a_hand_another_phone_scored_and_dealt_first_is_caught_up_with(
    live_server: LiveServer, page: Page, same_deal: bool
) -> None:
    """This phone scores hand 1 and deals hand 2 offline; meanwhile another phone does so online. The
    same deal: the close and the start are done, and the play after them is stored. Another deal: the
    start is refused as the server refuses it, and dropped with what follows."""
    url = tablo_open(page, live_server.url)
    last = played_but(url, 1)
    page.reload()
    play(page, last[0])  # online: hand 1 played out
    engine_offline(page)
    page.get_by_role("button", name="Score the hand").click()
    form = page.locator("#offline-hand-end form.hand-new")
    dealer = int(form.locator("#offline-hand-dealer").input_value())
    for card in NEXT_TABLE:
        form.locator(f"#offline-table-{card}").check()
    form.get_by_role("button", name="Start the hand").click()
    play(page, "KD", "#play-options button[value='AS QH']")
    expect(page.locator("#offline-queue .offline-plays li")).to_have_count(3)

    match = match_of(url)
    hand_close(hand=Hand.objects.get(match=match, number=1))  # the other phone
    theirs = NEXT_TABLE if same_deal else ["2S", "3H", "8D", "QC"]
    hand_start(match=match, dealer=dealer, table=theirs)
    page.context.set_offline(False)

    if same_deal:
        expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
        second = hand_api(page, url, 2)
        assert [(play["seq"], play["card"]) for play in second["plays"]] == [(0, "KD")]
    else:
        refusal = page.locator("#offline-refusal")
        expect(refusal).to_contain_text("The next hand is number 3, not 2: someone else recorded first.")
        refusal.get_by_role("button", name="Drop this play and the ones after it").click()
        expect(page.locator("#offline-queue")).to_be_hidden()
        assert hand_api(page, url, 2)["plays"] == []
        expect(page.locator(".table-cards")).to_contain_text("2♠")  # the server's hand 2
    assert Hand.objects.filter(match=match).count() == 2
