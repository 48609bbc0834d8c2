"""Correcting a scored hand from the score sheet: counts, plays replaced by counts, refusals."""

from __future__ import annotations

import random

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import PlayInput, hand_correct, hand_start, hand_summary_record
from games.models import Hand, Match
from games.rules.cards import deck
from tests.web.conftest import start_match

HTMX = {"HX-Request": "true"}
TABLE = ["10D", "2C", "7S", "5H"]
COUNTS = {
    "cards_0": 30,
    "point_cards_0": 12,
    "tablos_0": 1,
    "cards_1": 22,
    "point_cards_1": 10,
    "tablos_1": 0,
}


def _summary_hand(match: Match) -> Hand:
    entries = [
        {key.removesuffix(f"_{side}"): value for key, value in COUNTS.items() if key.endswith(f"_{side}")}
        for side in (0, 1)
    ]
    return hand_summary_record(hand=hand_start(match=match, table=TABLE), entries=entries)


def test_the_score_sheet_links_each_hand_to_its_correction(owner_client: Client, tablo: Match) -> None:
    _summary_hand(tablo)
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert reverse("hand-correct", args=[tablo.pk, 1]) in page
    page = owner_client.get(reverse("hand-correct", args=[tablo.pk, 1])).content.decode()
    assert "Correct hand 1" in page
    assert 'name="cards_0" id="id_cards_0" value="30"' in page  # the stored counts, to be changed


def test_corrected_counts_are_checked_live_and_rescore_the_match(owner_client: Client, tablo: Match) -> None:
    _summary_hand(tablo)
    assert Match.objects.get(pk=tablo.pk).totals == [15, 10]
    swapped = {"hand": 1, **{key: COUNTS[key[:-1] + str(1 - int(key[-1]))] for key in COUNTS}}
    check = owner_client.get(reverse("summary-check", args=[tablo.pk]), swapped, headers=HTMX)
    assert "Marija: +10 · Dragan: +15" in check.content.decode()  # the closed hand, previewed
    response = owner_client.post(reverse("hand-correct-summary", args=[tablo.pk, 1]), swapped)
    assert response.status_code == 302
    tablo.refresh_from_db()
    assert tablo.totals == [10, 15]
    page = owner_client.get(response["Location"]).content.decode()
    assert "Hand 1 is corrected" in page
    assert Hand.objects.get().corrections == 1


def test_counts_that_do_not_add_up_are_refused_with_every_problem(owner_client: Client, tablo: Match) -> None:
    _summary_hand(tablo)
    bad = {**COUNTS, "cards_0": 50, "tablos_1": 12}  # Dragan's 2 cards cannot make 12 tablos
    response = owner_client.post(reverse("hand-correct-summary", args=[tablo.pk, 1]), bad)
    page = response.content.decode()
    assert response.status_code == 422
    assert 'name="cards_0" id="id_cards_0" value="50"' in page  # kept, to be fixed
    tablo.refresh_from_db()
    assert tablo.totals == [15, 10]
    assert Hand.objects.get().corrections == 0


def test_a_hand_of_plays_is_replaced_by_counts(owner: User, owner_client: Client) -> None:
    match = start_match(owner, "tablo")
    demo_hand_play(match=match, rng=random.Random(7))
    page = owner_client.get(reverse("hand-correct", args=[match.pk, 1])).content.decode()
    assert "Replace the plays with the counts" in page
    assert "played" in page  # the recorded plays are listed
    response = owner_client.post(reverse("hand-correct-summary", args=[match.pk, 1]), COUNTS)
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.mode == Hand.Mode.SUMMARY
    assert not hand.plays.exists()
    match.refresh_from_db()
    assert match.totals == [15, 10]


def test_an_outsider_cannot_correct_and_an_open_hand_is_not_corrected(
    client: Client, owner_client: Client, tablo: Match, outsider: User
) -> None:
    _summary_hand(tablo)
    hand_start(match=tablo, table=["3D", "4H", "6S", "8C"])
    response = owner_client.get(reverse("hand-correct", args=[tablo.pk, 2]))
    assert response.status_code == 302  # back to the match screen: undo its plays instead
    assert owner_client.get(reverse("hand-correct", args=[tablo.pk, 9])).status_code == 404
    client.force_login(outsider)
    assert client.get(reverse("hand-correct", args=[tablo.pk, 1])).status_code == 404
    assert client.post(reverse("hand-correct-summary", args=[tablo.pk, 1]), COUNTS).status_code == 404
    tablo.refresh_from_db()
    assert tablo.totals == [15, 10]


def _trailed_hand(match: Match) -> list[str]:
    """Hand 1 of a two-player Tablo match, every card left on the table (B8: capturing is optional);
    the draft texts of its plays, Dragan (seat 1, left of the dealer) first."""
    hand = _summary_hand(match)
    cards = [str(card) for card in deck() if str(card) not in TABLE]
    plays = [PlayInput(seat=(index + 1) % 2, card=card) for index, card in enumerate(cards)]
    hand_correct(hand=hand, plays=plays)
    return [f"{play.seat} {play.card}" for play in plays]


def test_a_play_is_changed_and_the_plays_after_it_entered_again(owner_client: Client, tablo: Match) -> None:
    recorded = _trailed_hand(tablo)
    url = reverse("hand-correct-plays", args=[tablo.pk, 1])
    page = owner_client.get(reverse("hand-correct", args=[tablo.pk, 1])).content.decode()
    assert f"{url}?keep=0" in page  # "Change from here" on the first play
    options = owner_client.get(url, {"keep": "0", "card": "7H"}, headers=HTMX).content.decode()
    assert 'value="2C 7S 5H"' in options  # TB-2: the engine's captures, best first
    step = owner_client.get(url, {"keep": "0", "card": "7H", "capture": "2C 7S 5H"}, headers=HTMX)
    assert 'name="p" value="1 7H 2C 7S 5H"' in step.content.decode()
    assert step["HX-Push-Url"] == f"{url}?keep=0&p=1+7H+2C+7S+5H"
    again = owner_client.get(url, {"keep": "0", "p": "1 7H 2C 7S 5H", "card": "7H", "capture": "trail"})
    assert again.status_code == 422  # 7♥ was played already (A1)
    back = owner_client.get(url, {"keep": "0", "p": "1 7H 2C 7S 5H", "back": "1"}).content.decode()
    assert 'name="p"' not in back
    rest = [text.split()[1] for text in recorded if text.split()[1] != "7H"]
    corrected = ["1 7H 2C 7S 5H", *(f"{index % 2} {card}" for index, card in enumerate(rest))]
    response = owner_client.post(url, {"keep": "0", "p": corrected})
    assert response.status_code == 302, response.content.decode()
    hand = Hand.objects.get()
    assert (hand.corrections, hand.plays.count()) == (2, 48)
    assert hand.plays.get(seq=0).taken == ["2C", "7S", "5H"]
    tablo.refresh_from_db()
    assert tablo.totals != [0, 0]
