"""The score's reasons at the table, on a phone in English and Russian: a tablo made in the
middle of a hand is tallied at once and the scored hand's breakdown is the engine's
(docs/rules/tablo.md B9-B11); a Twenty round's doubling chain grows to 60 before the players' eyes (W5)
and its awards are listed."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.services.hands import hand_start
from games.matches.services.matches import match_start
from games.matches.services.plays import hand_play_record
from games.models import Hand, Match
from games.people.services.players import player_create
from games.rules.breakdown import hand_rows
from games.rules.cards import Card, deck, parse_cards
from games.rules.game import HandReport, HandSetup, LogEntry
from games.rules.registry import find_game
from tests.ui.flows import TABLE, one_tap, signed_in

LANGUAGES = [pytest.param("en", id="english"), pytest.param("ru", id="russian")]
TABLO_WORD = {"en": "Tablo for Dragan", "ru": "Табло: Dragan"}
CARDS_WORD = {"en": "card", "ru": "карт"}  # the leftovers' count comes with its word


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points).replace("-", "\u2212")


def open_match(page: Page, base: str, game: str, names: tuple[str, str], language: str) -> Match:
    """Sign in, start a match of ``game`` for ``names``, and show its screen in ``language``."""
    signed_in(page, base)
    owner = User.objects.get(username="marija")
    players = [player_create(name=name, by=owner) for name in names]
    match = match_start(game=game, players=players, by=owner, options={})
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    return match


def tap(page: Page, card: str, taken: tuple[str, ...] = ()) -> None:
    """Play ``card`` from the grid, taking ``taken`` (ticked by hand) or nothing (at the tap when
    nothing else is allowed), and wait for the redraw."""
    forced = not taken and one_tap(page, card)
    if forced:
        page.locator(f"#card-{card}").click()  # recorded at once: the redrawn tile is greyed out
    else:
        page.locator(f"#card-{card}").check()
    if taken:
        expect(page.locator("#play-options button[value=trail]")).to_be_visible()  # the card's choices
        page.locator("#play-options details.manual summary").click()
        for text in taken:
            page.locator(f"#taken-{text}").check()
            expect(page.locator(f"#taken-{text}")).to_be_checked()
        expect(page.locator("#play-options .verdict.ok")).to_be_visible()  # the engine's verdict came
        page.locator("#play-options button[name=capture][value='']").click()
    elif not forced:
        page.locator("#play-options button[value=trail]").first.click()
    expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)


def record_rest(hand: Hand, report: HandReport, log: list[LogEntry], played: set[str]) -> None:
    """Record the hand's other plays through the service: each next player trails an unplayed card."""
    game = find_game(hand.match.game)
    for card in deck():
        if report.next_seat is None:
            return
        if str(card) in played:
            continue
        record(hand, report.next_seat, card, log)
        report = game.replay_hand(setup_of(hand), log, hand.match.options)


def record(hand: Hand, seat: int, card: Card, log: list[LogEntry]) -> None:
    """Record a play that takes nothing, as another phone would, and add it to ``log``."""
    expected = Hand.objects.get(pk=hand.pk).next_seq
    hand_play_record(hand=hand, seat=seat, card=str(card), expected_seq=expected)
    log.append(LogEntry(seat=seat, card=card))


def setup_of(hand: Hand) -> HandSetup:
    return HandSetup(
        players=2,
        dealer=hand.dealer,
        starter=hand.starter,
        table=parse_cards(hand.table),
        set_aside=parse_cards(hand.set_aside),
    )


def grid_top(page: Page) -> float:
    """Where the card grid starts on the page (not in the viewport, which scrolls)."""
    top = page.locator("#card-grid").evaluate("grid => grid.getBoundingClientRect().top + window.scrollY")
    assert isinstance(top, int | float)
    return float(top)


def row_values(page: Page, scope: str, key: str) -> list[str]:
    return [text.strip() for text in page.locator(f'{scope} tr[data-key="{key}"] td').all_inner_texts()]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tablo_made_mid_hand_is_tallied_at_once_and_the_breakdown_is_the_engines(
    live_server: LiveServer, page: Page, language: str
) -> None:
    match = open_match(page, live_server.url, "tablo", ("Marija", "Dragan"), language)
    hand = hand_start(match=match, dealer=0, table=TABLE)  # Dragan plays first (docs/rules/tablo.md B7)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator(".play-events li")).to_have_count(0)
    header = page.locator(".site-header").bounding_box()
    assert header is not None
    assert header["height"] <= 64  # the header leaves the phone's screen to the game
    grid = grid_top(page)

    tap(page, "7H", ("7S",))
    assert grid_top(page) == grid  # "Last play" appearing does not push the cards down
    tap(page, "3S")
    expect(page.locator('.side[data-side="1"] .tally-count')).to_have_text("0")
    tap(page, "10H", ("10D", "2C", "5H", "3S"))  # 10 and 2+5+3: the whole table, a tablo (B9)
    expect(page.locator(".play-events")).to_contain_text(TABLO_WORD[language])
    expect(page.locator(".play-events")).to_have_attribute("aria-live", "polite")  # a list, announced
    expect(page.locator('.side[data-side="1"] .tally-count')).to_have_text("1")  # at once, mid-hand
    expect(page.locator('.side[data-side="0"] .tally-count')).to_have_text("0")
    page.screenshot(path=f"test-artifacts/breakdown-tablo-{language}.png", full_page=True)

    log = [
        LogEntry(seat=1, card=Card.parse("7H"), taken=(Card.parse("7S"),)),
        LogEntry(seat=0, card=Card.parse("3S")),
        LogEntry(seat=1, card=Card.parse("10H"), taken=tuple(parse_cards(["10D", "2C", "5H", "3S"]))),
    ]
    game = find_game("tablo")
    report = game.replay_hand(setup_of(hand), log, match.options)
    assert [event.kind for event in report.events] == ["tablo"]
    record_rest(hand, report, log, {"7H", "3S", "10H", *TABLE})
    expected = game.replay_hand(setup_of(hand), log, match.options)
    assert expected.complete

    page.reload()
    page.locator(f'form[action="/matches/{match.pk}/finish/"] button').click()
    scored = ".scored"
    expect(page.locator(scored)).to_be_visible()  # the result at once, with its reasons
    for scope in (scored, "#hand-1-breakdown"):
        for key in ("point_cards", "card_bonus", "tablo_points"):
            assert row_values(page, scope, key) == [signed(side.points[key]) for side in expected.sides]
        assert row_values(page, scope, "cards") == [str(side.cards) for side in expected.sides]
        assert row_values(page, scope, "tablos") == ["0", "1"]
        assert row_values(page, scope, "total") == [signed(side.total) for side in expected.sides]
        if scope == scored:
            expect(page.locator("#hand-1-breakdown")).to_be_hidden()
            page.locator("tr.sheet-hand").first.click()  # tap the hand's row on the score sheet
            expect(page.locator("#hand-1-breakdown")).to_be_visible()
    assert expected.leftover_side is not None
    taker = row_values(page, scored, "leftovers")[expected.leftover_side]
    other = row_values(page, scored, "leftovers")[1 - expected.leftover_side]
    assert taker.startswith(f"{len(expected.leftovers)} ")  # cards, not points
    assert CARDS_WORD[language] in taker
    assert not any(character.isdigit() for character in other)
    body = page.locator("#match-live").inner_text()
    assert "point_cards" not in body
    assert "tablo_points" not in body
    page.screenshot(path=f"test-artifacts/breakdown-tablo-scored-{language}.png", full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_twenty_chain_grows_to_60_as_it_is_played_and_each_award_is_listed(
    live_server: LiveServer, page: Page, language: str
) -> None:
    match = open_match(page, live_server.url, "twenty", ("Ana", "Boris"), language)
    hand = hand_start(match=match, dealer=1, starter=0, set_aside=["7D", "3C"])
    page.goto(f"{live_server.url}/matches/{match.pk}/")

    chain = [("AS", None), ("AH", None), ("AD", None), ("AC", None), ("2S", 15), ("2H", 30), ("2D", 60)]
    for index, (card, award) in enumerate(chain):
        tap(page, card)
        if award is not None:  # five tally cards under 20 score 15, each further one twice the last (W5)
            expect(page.locator(".play-events")).to_contain_text(signed(award))
            expect(page.locator(".play-events")).to_contain_text(("Ana", "Boris")[index % 2])
    expect(page.locator(".tally-chain")).to_contain_text("+15 → +30 → +60")
    expect(page.locator(".tally-sum")).to_contain_text("10")  # A A A A 2 2 2
    expect(page.locator('.side[data-side="0"] .hand-points-live')).to_contain_text("+75")
    expect(page.locator('.side[data-side="1"] .hand-points-live')).to_contain_text("+30")
    page.screenshot(path=f"test-artifacts/breakdown-twenty-chain-{language}.png", full_page=True)

    log = [LogEntry(seat=index % 2, card=Card.parse(card)) for index, (card, _award) in enumerate(chain)]
    game = find_game("twenty")
    report = game.replay_hand(setup_of(hand), log, match.options)
    assert [event.points for event in report.events] == [15, 30, 60]
    record_rest(hand, report, log, {card for card, _award in chain} | {"7D", "3C"})
    report = game.replay_hand(setup_of(hand), log, match.options)
    assert report.complete

    page.reload()
    page.locator(f'form[action="/matches/{match.pk}/finish/"] button').click()
    rows = page.locator(".scored tbody tr")
    expected = hand_rows("twenty", match.options, report)  # a row per kind of award, the bonus, the total
    expect(rows).to_have_count(len(expected))
    for row, item in zip(rows.all(), expected, strict=True):
        for side, value in enumerate(item.values):
            if value is not None:
                expect(row.locator("td").nth(side)).to_have_text(signed(value))
    bonus = [signed(side.points["bonus"]) for side in report.sides]
    assert row_values(page, ".scored", "bonus") == bonus
    assert row_values(page, ".scored", "total") == [signed(side.total) for side in report.sides]
    page.screenshot(path=f"test-artifacts/breakdown-twenty-scored-{language}.png", full_page=True)
