"""One tap where there is no choice: which cards the play form records at the tap, and the answer to
such a play (docs/rules/ E6, T9, T11; web/one_tap.py)."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.matches.services.hands import hand_start
from games.models import Match, Play
from games.rules.capture.capturing import capturing_of
from games.rules.cards import Card
from tests.web.conftest import start_match
from tests.web.test_match_screen import HTMX, start_hand


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(map(Card.parse, texts))


@pytest.mark.parametrize(
    ("game", "table", "card", "forced"),
    [
        ("tablo", ("10D", "2C"), "3H", ()),  # nothing to take: it trails (B8)
        ("tablo", ("10D", "2C"), "2H", None),  # Tablo: taking is optional, so 2♥ may trail too
        ("escoba", ("3C", "4D"), "7S", ("3C", "4D")),  # 3 + 4 = 7, the one capture (E5, E6)
        ("escoba", ("3C", "4D", "7H"), "7S", None),  # 7♥, or 3 + 4: a choice
        ("escoba", ("3C",), "AS", ()),
        ("tamlin", ("3C", "9D"), "JS", ("3C", "9D")),  # the Jack takes everything (T11)
        ("tamlin", ("3C", "9D"), "3H", ("3C",)),  # compulsory, and the only capture (T9)
        ("tamlin", ("3C", "9D"), "QH", ("3C", "9D")),  # 12 = 3 + 9
    ],
)
def test_the_engine_says_which_play_is_forced(
    game: str, table: tuple[str, ...], card: str, forced: tuple[str, ...] | None
) -> None:
    capturing = capturing_of(game)
    assert capturing is not None
    found = capturing.forced_plays(cards(*table), [Card.parse(card)]).get(Card.parse(card))
    assert found == (None if forced is None else cards(*forced))


def one_tap(client: Client, match: Match) -> str:
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    found = re.search(r'data-one-tap="([^"]*)"', page)
    assert found is not None
    return found.group(1).replace("&quot;", '"')


def test_twenty_records_every_card_at_the_tap(owner_client: Client, owner: User) -> None:
    match = start_match(owner, "twenty")
    hand_start(match=match, starter=0, set_aside=["AS", "2H"])
    assert one_tap(owner_client, match) == "all"


def test_a_tablo_screen_lists_the_forced_trails_only(owner_client: Client, tablo: Match) -> None:
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    listed = json.loads(one_tap(owner_client, tablo))
    assert listed["3H"] == "trail"
    assert listed["QS"] == "trail"
    assert listed["3D"] == "trail"
    assert "7H" not in listed
    assert "KS" not in listed
    assert "10D" not in listed  # on the table: seen


def test_tamlin_lists_forced_captures_but_asks_first_for_a_jack_onto_an_empty_table(
    owner_client: Client, owner: User
) -> None:
    match = start_match(owner, "tamlin")
    hand_start(match=match, dealer=0, table=["3C", "9D", "4H", "6S"])
    listed = json.loads(one_tap(owner_client, match))
    assert listed["JS"] == "3C 9D 4H 6S"
    assert listed["3H"] == "3C"
    assert "9C" not in listed
    assert listed["2S"] == "trail"

    owner_client.post(  # the Jack sweeps: the next Jack would lie on an empty table (-1)
        reverse("play", args=[match.pk]),
        {"hand": 1, "card": "JS", "capture": "3C 9D 4H 6S", "expected_seq": 0, "seat": 1},
        headers=HTMX,
    )
    assert "JC" not in json.loads(one_tap(owner_client, match))
    empty = match
    options = owner_client.get(reverse("play-options", args=[empty.pk]), {"card": "JS"}, headers=HTMX)
    assert "\N{MINUS SIGN}1: a Jack on an empty table" in options.content.decode()  # said first (T11)
    options = owner_client.get(reverse("play-options", args=[empty.pk]), {"card": "5S"}, headers=HTMX)
    assert "\N{MINUS SIGN}1" not in options.content.decode()


def test_escoba_with_manual_capture_asks_for_every_play(owner_client: Client, owner: User) -> None:
    match = start_match(owner, "escoba", manual_capture=True)
    hand_start(match=match, table=["3C", "4D", "5H", "6S"])
    assert json.loads(one_tap(owner_client, match)) == {}


def test_a_play_made_at_the_tap_is_answered_with_its_undo(owner_client: Client, tablo: Match) -> None:
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    response = owner_client.post(
        reverse("play", args=[tablo.pk]),
        {"hand": 1, "card": "3H", "capture": "trail", "one_tap": "1", "expected_seq": 0, "seat": 1},
        headers=HTMX,
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert Play.objects.get().card == "3H"
    assert "recorded at the tap: it had no other play" in page
    assert 'form="play-undo"' in page
    assert 'id="play-undo"' in page
    listed = json.loads(one_tap(owner_client, tablo))
    assert "3H" not in listed
    assert "3D" not in listed
