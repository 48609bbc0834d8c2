"""Every offered game and preset ends a hand offline (docs/offline-engine.md): a whole hand of legal plays
is recorded on the server but for its last cards, which the phone plays with the network off (with a
challenge where the preset has them, docs/rules/escoba.md 3.2(g)); the phone scores the hand and starts
the next; back online every play is stored once, in order, and the phone's score is the server's. The
presets come from the registry (web/presets.py), so a new one is played here without a word."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.matches.services.hands import hand_start
from games.matches.services.plays import hand_play_record
from games.models import Hand, Match
from games.rules.game import LogEntry
from games.rules.registry import find_game
from games.rules.wording import signed
from tests.rules.playouts import game_hand
from tests.ui.flows import NAMES, engine_offline, match_started, one_tap, phone_engine, signed_in
from tests.ui.test_challenges import ENGLISH
from tests.ui.waiting import until
from web.presets import preset_find, presets_available

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), *phone_engine]

OFFLINE = 2  # the hand's last plays, made on the phone with the network off
ANSWERED = """card => document.getElementById(`card-${card}`).disabled
    || document.querySelector(`#play-options [data-engine-choices="${card}"]`) !== null"""


def started(match: Match, seed: str) -> tuple[Hand, list[LogEntry]]:
    """Hand 1 of ``match`` dealt at random and played out on the server but for its last plays."""
    setup, log = game_hand(
        match.game, match.options, 2, random.Random(seed).randrange, dealer=match.first_dealer
    )
    hand = hand_start(
        match=match,
        dealer=setup.dealer,
        starter=setup.starter,
        table=[str(card) for card in setup.table],
        set_aside=[str(card) for card in setup.set_aside],
    )
    for seq, entry in enumerate(log[:-OFFLINE]):
        taken = [str(card) for card in entry.taken]
        hand_play_record(hand=hand, seat=entry.seat, card=str(entry.card), taken=taken, expected_seq=seq)
    return hand, list(log)


def tap(page: Page, entry: LogEntry, manual: bool) -> None:
    """Play ``entry`` as a finger does: at the tap when forced, else through the engine's choices (or,
    with manual capture, the cards ticked by hand)."""
    card, taken = str(entry.card), [str(each) for each in entry.taken]
    if not manual and one_tap(page, card):
        page.locator(f"#card-{card}").click()
    elif manual:
        page.locator(f"#card-{card}").check()
        expect(page.locator(f'#play-options [data-engine-choices="{card}"]')).to_have_count(1)
        page.get_by_text(ENGLISH.pick).click()
        for text in taken:
            page.locator(f"#taken-{text}").check()
        page.get_by_role("button", name=ENGLISH.record).click()
    else:
        page.locator(f"#card-{card}").click()
        choices = page.locator(f'#play-options:has([data-engine-choices="{card}"])')
        until(page, ANSWERED, card)  # recorded at the tap (the engine knows it takes nothing), or asked
        if choices.count():
            choices.locator(f'button[value="{" ".join(taken) if taken else "trail"}"]').first.click()
    expect(page.locator(f"#card-{card}:enabled")).to_have_count(0)


def next_deal(page: Page, match: Match) -> dict[str, Any]:
    """Start hand 2 on the phone's form, with a deal of the game's; what it was given."""
    setup, _log = game_hand(match.game, match.options, 2, random.Random("next").randrange, number=2)
    form = page.locator("#offline-hand-end form.hand-new")
    given = {"table": sorted(map(str, setup.table)), "set_aside": sorted(map(str, setup.set_aside))}
    for name, cards in given.items():
        for card in cards:
            form.locator(f"#offline-{name}-{card}").check()
    form.get_by_role("button", name=re.compile(r"^Start the (hand|round)$")).click()
    return given


@pytest.mark.parametrize("slug", [preset.slug for preset in presets_available()])
def test_a_hand_of_every_preset_ends_offline_and_is_stored_as_the_server_scores_it(
    live_server: LiveServer, page: Page, slug: str
) -> None:
    preset = preset_find(slug)
    assert preset is not None
    keys = {spec.key for spec in find_game(preset.game).option_specs}
    far = {"target": 500} if "target" in keys else {}  # no match ends with its first hand here
    options: dict[str, object] = {**preset.options, **far}
    match = match_started(signed_in(page, live_server.url), preset.game, NAMES, **options)
    _hand, log = started(match, slug)
    manual = bool(match.options.get("manual_capture"))
    url = f"{live_server.url}/matches/{match.pk}/"
    page.goto(url)
    engine_offline(page)

    for index, entry in enumerate(log[-OFFLINE:]):
        tap(page, entry, manual)
        if manual and index == 0:  # a legal capture challenged: a false alarm, ruled on the phone
            challenger = NAMES[1 - entry.seat]
            page.get_by_role("button", name=ENGLISH.challenge.format(challenger)).click()
            expect(page.locator(".last-play")).to_contain_text(f"{challenger} challenged, but")
    page.get_by_role("button", name=re.compile(r"^Score the (hand|round)$")).click()
    scored = page.locator("#offline-hand-end .scored")
    expect(scored.locator("table.breakdown")).to_be_visible()
    phone = {
        "points": scored.locator(".scored-points").inner_text(),
        "totals": page.locator(".side-list .side-total").all_inner_texts(),
    }
    given = next_deal(page, match)
    expect(page.locator("#offline-hand-end")).to_have_count(0)  # hand 2 open, on the phone alone

    page.context.set_offline(False)
    expect(page.locator("#offline-queue")).to_be_hidden(timeout=30_000)
    api = url.replace("/matches/", "/api/v1/matches/")
    first, second = (page.request.get(f"{api}hands/{number}/").json() for number in (1, 2))
    assert [(p["seq"], p["seat"], p["card"], sorted(p["taken"])) for p in first["plays"]] == [
        (seq, entry.seat, str(entry.card), sorted(map(str, entry.taken))) for seq, entry in enumerate(log)
    ]
    challenged = [seq for seq, p in enumerate(first["plays"]) if p["challenged_by"]]
    assert challenged == ([len(log) - OFFLINE] if manual else [])
    assert not first["is_open"]
    assert phone["points"] == " · ".join(
        f"{name} {signed(total)}" for name, total in zip(NAMES, first["totals"], strict=True)
    )
    assert page.locator(".side-list .side-total").all_inner_texts() == phone["totals"]
    assert {"table": sorted(second["table"]), "set_aside": sorted(second["set_aside"])} == given
    assert Hand.objects.filter(match=match).count() == 2
