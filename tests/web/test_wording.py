"""Wording on the match screen that must say what happened: a challenged trail, the leftovers'
count (issue's wording list; docs/rules/escoba.md 3.2(g), docs/rules/tablo.md B10)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.matches.services.hands import hand_start
from games.models import Match
from games.rules.wording import BreakdownRow
from tests.web.conftest import start_match
from web.templatetags.breakdown_tags import breakdown

HTMX = {"HX-Request": "true"}


@pytest.mark.parametrize(
    ("card", "said", "not_said"),
    [
        # 7♥ trails though 3♣ 4♦ adds up to 7: rightly challenged, and it was no capture (E6, 3.2(g))
        ("7H", "the card could have captured, so it could not stay on the table", "the capture broke"),
        # A♠ can take nothing (no ace on the table, no two cards make 1): a false alarm
        ("AS", "the card could take nothing", "the capture was legal"),
    ],
)
def test_a_challenged_trail_is_said_to_be_a_trail(
    owner: User, owner_client: Client, card: str, said: str, not_said: str
) -> None:
    match = start_match(owner, "escoba", manual_capture=True)
    owner_client.post(
        reverse("hand-new", args=[match.pk]), {"dealer": 0, "table": ["3C", "4D", "5H", "6S"]}, headers=HTMX
    )
    play = {"hand": 1, "card": card, "capture": "trail", "expected_seq": 0, "key": "p1"}
    assert owner_client.post(reverse("play", args=[match.pk]), play, headers=HTMX).status_code == 200
    challenge = {"hand": 1, "seat": 0, "play_seq": 0, "expected_seq": 1, "key": "c1"}
    page = owner_client.post(
        reverse("play-challenge", args=[match.pk]), challenge, headers=HTMX
    ).content.decode()
    assert said in page
    assert not_said not in page


def leftovers(values: list[int | None]) -> BreakdownRow:
    return {
        "key": "leftovers",
        "label": "Leftovers",
        "values": values,
        "points": False,
        "note": "",
        "cards": [],
    }


@pytest.mark.parametrize(("language", "word"), [("en", "3 cards"), ("ru", "3 карты")])
def test_the_leftovers_are_counted_as_cards_not_points(language: str, word: str) -> None:
    with translation.override(language):
        html = breakdown([leftovers([3, 0])], ["Marija", "Dragan"])
    cells = html.split('data-key="leftovers"')[1].split("<td>")[1:]
    assert cells[0].startswith(word)
    assert "\u00b7" in cells[1]  # nothing for the side that did not take them
    assert "+3" not in html


def test_one_card_counts_are_switches_and_score_as_0_or_1(owner: User, owner_client: Client) -> None:
    match = start_match(owner, "tamlin", target=50)
    hand_start(match=match, table=["2H", "3H", "4H", "5H"], mode="summary")
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    for key in ("ten_diamonds", "two_spades"):  # one card each: a switch, not a number (T14)
        assert f'<input type="checkbox" role="switch" name="{key}_0"' in page
        assert f'name="{key}_1"' not in page  # the other side's is the rest of the deck
    assert 'type="number" inputmode="numeric" min="0" max="52" name="cards_0"' in page
    assert "(1 or 0)" not in page
    counts = {"hand": 1, "cards_0": 30, "ten_diamonds_0": "1", "aces_0": 3, "tamlins_0": 0}  # no spades (T14)
    counts |= {"jack_penalties_0": 0, "tamlins_1": 0, "jack_penalties_1": 0}  # no two_spades_0: unticked
    response = owner_client.post(reverse("summary", args=[match.pk]), counts, headers=HTMX)
    assert response.status_code == 200, response.content.decode()
    summary = Match.objects.get(pk=match.pk).hands.get().summary.entries
    assert (summary[0]["ten_diamonds"], summary[0]["two_spades"]) == (1, 0)
    assert (summary[1]["ten_diamonds"], summary[1]["two_spades"]) == (0, 1)
