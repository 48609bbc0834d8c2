"""A poll that finds a change is answered with the live region rendered once per version for every
phone of the same kind (language, may write, share link), kept in the cache; what is each phone's own
(its CSRF token, its forms' key) is filled in per request and never served to another."""

from __future__ import annotations

import re
import threading

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.matches import match_share
from games.models import Hand, Match
from games.screen_keys import READ, screen_key
from tests.web.conftest import start_match
from web.views import live
from web.views.live import rendered_once

HTMX = {"HX-Request": "true"}
TABLE = ["10D", "2C", "7S", "5H"]
SUMMARY = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
ESCOBA_SUMMARY = [
    {"cards": 22, "diamonds": 6, "sevens": 3, "seven_diamonds": 1, "sweeps": 1},
    {"cards": 18, "diamonds": 4, "sevens": 1, "seven_diamonds": 0, "sweeps": 0},
]
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
KEY = re.compile(r'name="key" value="([0-9a-f]{32})(?:-c\d+)?"')


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


def _slotless(page: str) -> str:
    return CSRF.sub("", KEY.sub("", page))


@pytest.mark.django_db
@pytest.mark.parametrize("write", ["play", "undo", "challenge"])
def test_a_writes_answer_is_the_region_a_poll_renders_from_the_stored_rows(owner: User, write: str) -> None:
    """The writer's answer, drawn from what the write's service computed, is cached for the other phones:
    it must be what a poll renders from the stored rows at the same version, byte for byte."""
    match = start_match(owner, "escoba", manual_capture=True)
    escoba = ["3C", "4D", "5H", "6S"]
    hand_summary_record(hand=hand_start(match=match, dealer=0, table=escoba), entries=ESCOBA_SUMMARY)
    hand_start(match=match, dealer=1, table=escoba)
    writer, reader = _phone(owner), _phone(owner)
    token = CSRF.findall(writer.get(reverse("match", args=[match.pk])).content.decode())[0]
    played: dict[str, object] = {
        "hand": 2,
        "seat": 0,
        "card": "7H",
        "capture": "5H",
        "expected_seq": 0,
        "key": "p",
    }
    forms: dict[str, tuple[str, dict[str, object]]] = {
        "play": ("play", played),
        "undo": ("play-undo", {"hand": 2, "expected_seq": 1}),
        "challenge": ("play-challenge", {"hand": 2, "seat": 1, "play_seq": 0, "expected_seq": 1, "key": "c"}),
    }
    if write != "play":
        _post(writer, "play", played, token)
    name, form = forms[write]
    answer = _post(writer, name, form, token)
    cache.clear()  # the poll renders the region again, from the rows
    polled, _queries = _poll(reader, match)
    assert _slotless(answer) == _slotless(polled)
    assert 'id="hand-1-breakdown"' in answer


def _post(phone: Client, name: str, form: dict[str, object], token: str) -> str:
    match = Match.objects.get()
    response = phone.post(reverse(name, args=[match.pk]), form | {"csrfmiddlewaretoken": token}, headers=HTMX)
    assert response.status_code == 200, response.content.decode()
    return response.content.decode()


def test_the_phones_asking_at_once_wait_for_the_first_ones_render() -> None:
    """One phone renders a version while the others, asking at the same moment, wait for its render."""
    key, renders = "live:test:waited", []

    def render() -> str:
        renders.append(key)
        return "mine"

    cache.delete_many([key, f"{key}:rendering"])
    assert cache.add(f"{key}:rendering", 1, 5)  # another phone is rendering it
    threading.Timer(0.05, lambda: cache.set(key, "the other phone's", 60)).start()
    assert rendered_once(key, render) == "the other phone's"
    assert renders == []
    assert rendered_once(key, lambda: "never") == "the other phone's"


def test_a_phone_renders_itself_when_the_first_ones_render_does_not_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A renderer that died (or is slow) holds no phone for more than the wait, nor fails it."""
    monkeypatch.setattr(live, "WAIT_SECONDS", 0.05)
    key = "live:test:abandoned"
    cache.delete_many([key, f"{key}:rendering"])
    assert cache.add(f"{key}:rendering", 1, 5)
    assert rendered_once(key, lambda: "mine") == "mine"
    assert cache.get(key) == "mine"  # and kept for the next phone


def test_a_render_that_fails_leaves_no_phone_waiting_for_it() -> None:
    """The lock goes with a failed render: the next phone renders at once instead of waiting."""
    key = "live:test:failed"
    cache.delete_many([key, f"{key}:rendering"])

    def broken() -> str:
        raise RuntimeError("the template failed")

    with pytest.raises(RuntimeError):
        rendered_once(key, broken)
    assert cache.get(f"{key}:rendering") is None
    assert rendered_once(key, lambda: "mine") == "mine"


@pytest.mark.django_db
@pytest.mark.parametrize("write", ["hand", "close"])
def test_a_hand_started_or_scored_on_the_screen_is_served_to_the_other_phones_from_the_cache(
    owner: User, write: str, session_queries: int
) -> None:
    """The answer of a write that is not a play is rendered from the rows, at the version it made."""
    match = _dealt(owner) if write == "close" else start_match(owner)
    writer, reader = _phone(owner), _phone(owner)
    token = CSRF.findall(writer.get(reverse("match", args=[match.pk])).content.decode())[0]
    if write == "hand":
        answer = _post(writer, "hand-new", {"dealer": 0, "mode": "plays", "table": TABLE}, token)
    else:
        counts = {
            f"{name}_{side}": value for side, entry in enumerate(SUMMARY) for name, value in entry.items()
        }
        answer = _post(writer, "summary", {"hand": 1, **counts}, token)
    version = str(Match.objects.get(pk=match.pk).screen_version)
    assert f'data-version="{version}"' in answer
    polled, queries = _poll(reader, match)
    assert queries == 3 + session_queries  # from the cache
    assert _slotless(polled) == _slotless(answer)


@pytest.mark.django_db
def test_a_match_page_shows_the_region_its_phones_are_served_rendered_once(owner: User) -> None:
    """The phones of a table open a new match's page together: the first renders its region and its
    offline recording's part, the others take them from the cache, each with its own token and key, as
    the region's polls are served it."""
    match = _dealt(owner, closed=1)
    url = reverse("match", args=[match.pk])
    first, second = _phone(owner).get(url), _phone(owner).get(url)
    assert first.status_code == second.status_code == 200
    for part in ("web/matches/_live.html", "web/matches/_offline.html"):  # the region, offline recording
        assert part in [template.name for template in first.templates]
        assert part not in [template.name for template in second.templates]
    polled, _ = _poll(_phone(owner), match)
    pages = [CSRF.sub("", KEY.sub("", page.content.decode())) for page in (first, second)]
    assert all(CSRF.sub("", KEY.sub("", polled)).strip() in page for page in pages)
    keys = [set(KEY.findall(page.content.decode())) for page in (first, second)]
    assert keys[0]
    assert keys[1]
    assert not keys[0] & keys[1]
