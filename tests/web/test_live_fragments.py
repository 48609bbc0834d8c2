"""A poll that finds a change is answered with the live region rendered once per version for every
phone of the same kind (language, may write, share link), kept in the cache; what is each phone's own
(its CSRF token, its forms' key) is filled in per request and never served to another."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.matches import match_share
from games.models import Hand, Match
from games.screen_keys import READ, screen_key
from tests.web.conftest import start_match

HTMX = {"HX-Request": "true"}
TABLE = ["10D", "2C", "7S", "5H"]
SUMMARY = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
KEY = re.compile(r'name="key" value="([0-9a-f]{32})"')


def _phone(user: User, language: str = "en") -> Client:
    """A phone signed in as ``user``, with its own session, that Django checks the CSRF token of."""
    phone = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE=language)
    phone.force_login(user)
    return phone


def _dealt(owner: User, closed: int = 0) -> Match:
    match = start_match(owner)
    for number in range(closed):
        hand_summary_record(hand=hand_start(match=match, dealer=number % 2, table=TABLE), entries=SUMMARY)
    hand_start(match=match, dealer=closed % 2, table=TABLE)
    return match


def _poll(phone: Client, match: Match) -> tuple[str, int]:
    """The region a phone that saw an earlier version gets, and the queries it took."""
    url, vals = reverse("match-live", args=[match.pk]), {"v": "0", "k": screen_key(match.pk, READ)}
    with CaptureQueriesContext(connection) as captured:
        response = phone.get(url, vals, headers=HTMX)
    assert response.status_code == 200
    return response.content.decode(), len(captured.captured_queries)


@pytest.mark.django_db
def test_the_region_is_rendered_once_and_each_phone_gets_its_own_token_and_key(
    owner: User, session_queries: int
) -> None:
    match = _dealt(owner, closed=2)
    first, second = _phone(owner), _phone(owner)
    page, rendered = _poll(first, match)
    again, cached = _poll(second, match)
    # The version, the match row, the account (the session from Redis); not the seats, hands, reports or
    # plays.
    assert (rendered, cached) == (7 + session_queries, 3 + session_queries)
    assert CSRF.sub("", KEY.sub("", page)) == CSRF.sub("", KEY.sub("", again))
    tokens = [set(CSRF.findall(html)) for html in (page, again)]
    keys = [set(KEY.findall(html)) for html in (page, again)]
    assert all(len(found) == 1 for found in [*tokens, *keys])
    assert tokens[0] != tokens[1]
    assert keys[0] != keys[1]
    # The token filled in is the phone's own: Django takes the play it sends.
    form = {
        "csrfmiddlewaretoken": tokens[1].pop(),
        "hand": 3,
        "seat": 1,
        "card": "9C",
        "capture": "trail",
        "expected_seq": 0,
        "key": keys[1].pop(),
    }
    played = second.post(reverse("play", args=[match.pk]), form, headers=HTMX)
    assert played.status_code == 200
    assert Hand.objects.get(match=match, number=3).next_seq == 1


@pytest.mark.django_db
def test_a_reader_a_language_and_a_new_version_each_get_their_own_region(
    owner: User, client: Client, session_queries: int
) -> None:
    match = match_share(match=_dealt(owner))
    written, _ = _poll(_phone(owner), match)
    shared = client.get(
        reverse("match-shared-live", args=[match.share_token]), {"v": "0"}, headers=HTMX
    ).content.decode()
    assert 'name="key"' in written
    assert 'name="key"' not in shared
    assert "csrfmiddlewaretoken" not in shared
    russian, queries = _poll(_phone(owner, "ru"), match)
    assert queries == 7 + session_queries
    assert russian != written
    hand_summary_record(hand=Hand.objects.get(match=match), entries=SUMMARY)
    after, queries = _poll(_phone(owner), match)
    assert queries > 4
    assert after != written
