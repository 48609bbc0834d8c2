"""Maltese Twenty's quick end-of-round entry on the match screen: awards or points per seat, and who got
the bonus, checked live by the engine (docs/rules/twenty.md W5, W8)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Hand, HandSummary, Match
from tests.web.conftest import start_match

HTMX = {"HX-Request": "true"}
ROUND = {"hand": "1", "awards_0": "10 15", "awards_1": "30", "bonus": "0"}  # 30 answers Marija's 15


def _round_by_awards(owner: User, client: Client) -> str:
    """A Twenty match whose first round (bonus cards 2♣ 3♦: a bonus of 1, W3) is scored from awards."""
    match = start_match(owner, "twenty")
    setup = {"dealer": "1", "starter": "0", "set_aside": ["2C", "3D"], "mode": "summary"}
    page = client.post(reverse("hand-new", args=[match.pk]), setup, headers=HTMX).content.decode()
    assert Hand.objects.get().mode == Hand.Mode.SUMMARY
    assert "Quick entry: each player&#x27;s awards at the end of the round" in page
    return str(match.pk)


def test_awards_are_checked_live_with_the_players_names(owner: User, owner_client: Client) -> None:
    pk = _round_by_awards(owner, owner_client)
    url = reverse("summary-check", args=[pk])
    check = owner_client.get(url, {**ROUND, "awards_0": "10 7"}, headers=HTMX).content.decode()
    assert "Seat Marija: 7 is not an award" in check
    check = owner_client.get(url, {**ROUND, "points_0": "25"}, headers=HTMX).content.decode()
    assert "Marija: give the awards or the round&#x27;s points, not both." in check
    check = owner_client.get(url, {**ROUND, "bonus": ""}, headers=HTMX).content.decode()
    assert "Seat Marija has a positive award, so someone gets the end-of-round bonus." in check
    check = owner_client.get(url, ROUND, headers=HTMX).content.decode()
    assert "Marija: +26 · Dragan: +30" in check  # 10 + 15 + the bonus of 1; 30


def test_a_round_scored_from_awards_is_corrected_to_points(owner: User, owner_client: Client) -> None:
    pk = _round_by_awards(owner, owner_client)
    response = owner_client.post(reverse("summary", args=[pk]), ROUND, headers=HTMX)
    assert response.status_code == 200, response.content.decode()
    assert Hand.objects.get().summary.entries == [
        {"awards": [10, 15], "bonus": 1},
        {"awards": [30], "bonus": 0},
    ]
    page = owner_client.get(reverse("hand-correct", args=[pk, 1])).content.decode()
    assert 'name="awards_0" id="id_awards_0" value="10 15"' in page
    points = {"hand": "1", "points_0": "10", "points_1": "-20", "bonus": "0"}
    response = owner_client.post(reverse("hand-correct-summary", args=[pk, 1]), points)
    assert response.status_code == 302, response.content.decode()
    assert Hand.objects.get().summary.entries == [{"points": 10, "bonus": 1}, {"points": -20, "bonus": 0}]
    assert Match.objects.get().totals == [11, -20]  # the bonus of 1 to Marija (W8)


def test_a_hand_number_of_odd_digits_is_no_500(owner: User, owner_client: Client) -> None:
    """``str.isdigit`` passes "²", which ``int`` refuses: the form names no hand the match has."""
    pk = _round_by_awards(owner, owner_client)
    for number in ("²", "9" * 5000):
        response = owner_client.post(reverse("summary", args=[pk]), {**ROUND, "hand": number}, headers=HTMX)
        assert response.status_code < 500
    assert not HandSummary.objects.exists()
