"""The correction page shows the hand's history: each earlier version with what changed (plays taken out
and put in, counts, points), in English and Russian; a correction drawn from a stale page is refused."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from games.matches.services.hands import PlayInput, hand_correct
from games.models import Hand, HandVersion, Match
from games.rules.cards import deck
from tests.web.test_hand_correct import COUNTS, TABLE, _summary_hand

SWAPPED = {key: COUNTS[key[:-1] + str(1 - int(key[-1]))] for key in COUNTS}


def _page(client: Client, match: Match, language: str = "en") -> str:
    url = reverse("hand-correct", args=[match.pk, 1])
    return client.get(url, headers={"accept-language": language}).content.decode()


def test_the_page_shows_what_each_correction_changed(owner_client: Client, tablo: Match) -> None:
    _summary_hand(tablo)
    assert "History of the hand" not in _page(owner_client, tablo)  # nothing corrected yet
    revision = Hand.objects.get().revision
    url = reverse("hand-correct-summary", args=[tablo.pk, 1])
    assert f'name="expected_revision" value="{revision}"' in _page(owner_client, tablo)
    assert owner_client.post(url, {**SWAPPED, "expected_revision": revision}).status_code == 302
    page = _page(owner_client, tablo)
    for text in (
        "History of the hand",
        "As first recorded",
        "As it stands now",
        "Marija: 15 points before, 10 after",
        "Dragan: 10 points before, 15 after",
        "Marija, Cards taken: 30 before, 22 after",
        "marija · ",  # who corrected it (the owner's account)
    ):
        assert text in page, text
    russian = _page(owner_client, tablo, "ru")
    assert "История кона" in russian
    assert "Marija, очки: было 15, стало 10" in russian


def test_a_correction_from_a_stale_page_is_refused_and_changes_nothing(
    owner_client: Client, tablo: Match
) -> None:
    hand = _summary_hand(tablo)
    seen = Hand.objects.get().revision
    hand_correct(hand=hand, summary=[{"cards": 26, "point_cards": 11, "tablos": 0}] * 2)  # another phone
    url = reverse("hand-correct-summary", args=[tablo.pk, 1])
    response = owner_client.post(url, {**SWAPPED, "expected_revision": seen})
    assert response.status_code == 409
    assert "was changed after you opened it" in response.content.decode()
    tablo.refresh_from_db()
    assert tablo.totals == [11, 11]
    assert (Hand.objects.get().corrections, HandVersion.objects.count()) == (1, 1)


def test_re_entered_plays_show_the_plays_taken_out_and_put_in(owner_client: Client, tablo: Match) -> None:
    hand = _summary_hand(tablo)
    cards = [str(card) for card in deck() if str(card) not in TABLE]
    hand_correct(hand=hand, plays=[PlayInput(seat=(i + 1) % 2, card=card) for i, card in enumerate(cards)])
    revision = Hand.objects.get().revision
    rest = [card for card in cards if card != "7H"]
    corrected = ["1 7H 2C 7S 5H", *(f"{index % 2} {card}" for index, card in enumerate(rest))]
    url = reverse("hand-correct-plays", args=[tablo.pk, 1])
    response = owner_client.post(url, {"keep": "0", "p": corrected, "expected_revision": revision})
    assert response.status_code == 302
    page = _page(owner_client, tablo)
    assert "Correction 1" in page  # the plays that replaced the counts, themselves replaced
    assert "The counts were replaced with the plays." in page
    taken_out = page.index("Plays taken out:")
    assert page.rindex("Plays put in:") > taken_out  # the last correction: one play out, its own in
    stale = owner_client.post(url, {"keep": "0", "p": corrected, "expected_revision": revision})
    assert stale.status_code == 409
    assert Hand.objects.get().corrections == 2
