"""The score's reasons on the match screen: the result at once after scoring, the breakdown
on the score sheet, the correction page and the share link, no "points to go" after the end, quick
entry that asks only what the deck leaves open, and messages with words and suit symbols."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.matches.services.hands import hand_start, hand_summary_record
from games.messages import violation_text
from games.models import Match
from games.rules.errors import BadCardText, SummaryTotalMismatch, label
from tests.web.conftest import start_match

HTMX = {"HX-Request": "true"}
TABLE = ["10D", "2C", "7S", "5H"]
COUNTS = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


def _scored(match: Match) -> None:
    hand_summary_record(hand=hand_start(match=match, table=TABLE), entries=COUNTS)


def test_scoring_a_hand_shows_its_result_and_breakdown_at_once(owner_client: Client, tablo: Match) -> None:
    hand_start(match=tablo, table=TABLE, mode="summary")
    entries = {"hand": 1, "cards_0": 30, "point_cards_0": 12, "tablos_0": 1, "tablos_1": 0}
    page = owner_client.post(reverse("summary", args=[tablo.pk]), entries, headers=HTMX).content.decode()
    assert "Hand 1 scored" in page
    assert "Marija +15 · Dragan +10" in page
    assert 'data-key="point_cards"' in page
    assert "Point cards" in page
    assert "point_cards<" not in page  # the key is never shown as text


def test_the_breakdown_is_on_the_sheet_the_share_link_and_the_correction_page(
    owner_client: Client, tablo: Match
) -> None:
    _scored(tablo)
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert 'aria-controls="hand-1-breakdown"' in page
    assert 'id="hand-1-breakdown" hidden' in page
    owner_client.post(reverse("match-share", args=[tablo.pk]), {"enabled": "1"})
    tablo.refresh_from_db()
    shared = Client().get(reverse("match-shared", args=[tablo.share_token])).content.decode()
    assert 'id="hand-1-breakdown"' in shared
    correction = owner_client.get(reverse("hand-correct", args=[tablo.pk, 1])).content.decode()
    assert 'data-key="card_bonus"' in correction
    assert "Card bonus" in correction


def test_a_finished_match_shows_no_points_to_go(owner: User, owner_client: Client) -> None:
    match = start_match(owner, "tablo", target=10)
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "points to go" in page
    _scored(match)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "to go" not in page


def test_with_two_sides_the_quick_entry_asks_one_side_for_what_the_deck_fixes(
    owner_client: Client, tablo: Match
) -> None:
    hand_start(match=tablo, table=TABLE, mode="summary")
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert 'name="cards_0"' in page
    assert 'name="point_cards_0"' in page
    assert 'name="cards_1"' not in page
    assert 'name="point_cards_1"' not in page
    assert 'name="tablos_1"' in page  # tablos are not fixed by the deck
    assert "the rest of the deck" in page
    check = owner_client.get(
        reverse("summary-check", args=[tablo.pk]),
        {"hand": 1, "cards_0": 30, "point_cards_0": 12, "tablos_0": 1, "tablos_1": 0},
        headers=HTMX,
    ).content.decode()
    assert "Marija: +15 · Dragan: +10" in check  # Dragan's 22 cards and 10 points worked out


def test_escoba_with_two_players_derives_the_other_sides_cards_and_suits(
    owner: User, owner_client: Client
) -> None:
    match = start_match(owner, "escoba")
    hand_start(match=match, table=["AC", "2C", "3C", "4C"], mode="summary")
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    for key in ("cards", "diamonds", "sevens", "seven_diamonds"):
        assert f'name="{key}_0"' in page
        assert f'name="{key}_1"' not in page
    assert 'name="sweeps_1"' in page


@pytest.mark.parametrize(
    ("language", "error", "expected", "hidden"),
    [
        pytest.param(
            "en",
            SummaryTotalMismatch(key="point_cards", what=label("point_cards"), total=21, expected="22"),
            "The sides' points in point cards add up to 21",
            "point_cards",
            id="a-key-in-words",
        ),
        pytest.param(
            "ru",
            SummaryTotalMismatch(key="point_cards", what=label("point_cards"), total=21, expected="22"),
            "очки за очковые карты",
            "point_cards",
            id="a-key-in-russian",
        ),
        pytest.param("en", BadCardText(text="10H 4S"), "10♥ 4♠", "10H", id="cards-in-a-list-with-suits"),
    ],
)
def test_messages_word_keys_and_show_cards_with_suit_symbols(
    language: str, error: Exception, expected: str, hidden: str
) -> None:
    with translation.override(language):
        text = violation_text(error)  # type: ignore[arg-type]  # a RuleViolation
    assert expected in text
    assert hidden not in text


def test_the_classic_escoba_preset_says_a_card_takes_at_most_two(owner_client: Client) -> None:
    page = owner_client.get(reverse("match-new")).content.decode()
    assert "Escoba, classic: a card takes at most two" in page
