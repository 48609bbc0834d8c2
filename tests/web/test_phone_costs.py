"""What the phone's requests cost in queries, next to the API's (issue #15); their times are in
``benchmarks/phone.py``. Polls that find nothing new answer 204 (htmx) or 304 (the API's ETags)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from games.models import Hand, Match
from games.services.clubs import club_create, membership_create
from games.services.hands import hand_close, hand_correct, hand_start, hand_summary_record
from games.services.matches import match_abandon, match_share
from games.services.plays import hand_challenge_record, hand_play_record, hand_play_undo
from tests.web.conftest import start_match
from web.screens import screen_version

HTMX = {"HX-Request": "true"}
TABLE = ["10D", "2C", "7S", "5H"]
SUMMARY = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


def _queries(request: Callable[[], Any]) -> tuple[Any, int]:
    with CaptureQueriesContext(connection) as captured:
        response = request()
    return response, len(captured.captured_queries)


def _api(user: User) -> Client:
    """The API as a phone app calls it: a token (one query to check it)."""
    return Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")


def _dealt(owner: User, game: str = "tablo", **options: object) -> Match:
    match = start_match(owner, game, ("Marija", "Dragan"), **options)
    hand_start(match=match, dealer=0, table=TABLE)
    return match


def _poll(client: Client, match: Match, version: str) -> int:
    return client.get(reverse("match-live", args=[match.pk]), {"v": version}, headers=HTMX).status_code


def _version(match: Match) -> str:
    return screen_version(Match.objects.get(pk=match.pk))


def test_an_unchanged_poll_answers_204_in_two_queries(owner_client: Client, tablo: Match) -> None:
    hand_start(match=tablo, dealer=0, table=TABLE)
    shown = owner_client.get(reverse("match-live", args=[tablo.pk]), headers=HTMX).content.decode()
    version = shown.split('"v": "')[1].split('"')[0]
    assert version == _version(tablo)
    response, queries = _queries(
        lambda: owner_client.get(reverse("match-live", args=[tablo.pk]), {"v": version}, headers=HTMX)
    )
    assert response.status_code == 204
    assert queries <= 2  # the session, then the match's version with the read check


def test_an_outsider_polling_a_current_version_gets_nothing(
    client: Client, tablo: Match, outsider: User
) -> None:
    client.force_login(outsider)
    assert _poll(client, tablo, _version(tablo)) == 404


def test_a_share_link_poll_answers_204_until_the_link_is_withdrawn(owner: User, client: Client) -> None:
    match = match_share(match=start_match(owner))
    url, version = reverse("match-shared-live", args=[match.share_token]), _version(match)
    response, queries = _queries(lambda: client.get(url, {"v": version}, headers=HTMX))
    assert (response.status_code, queries) == (204, 1)  # no session: the token is the key
    match_share(match=match, enabled=False)
    assert client.get(url, {"v": version}, headers=HTMX).status_code == 404


WRITES: dict[str, Callable[[Match], object]] = {
    "play": lambda match: hand_play_record(hand=Hand.objects.get(), seat=1, card="9C", expected_seq=0),
    "undo": lambda match: hand_play_undo(hand=Hand.objects.get(), expected_seq=1),
    "close": lambda match: hand_summary_record(hand=Hand.objects.get(), entries=SUMMARY),
    "next hand": lambda match: hand_start(match=match, dealer=1, table=["3C", "4D", "6H", "8S"]),
    "correction": lambda match: hand_correct(hand=Hand.objects.get(number=1), summary=SUMMARY[::-1]),
    "share": lambda match: match_share(match=match),
    "abandon": lambda match: match_abandon(match=match),
}


def test_every_write_changes_the_version_a_poll_compares(owner: User, owner_client: Client) -> None:
    match = _dealt(owner)
    for name, write in WRITES.items():
        before = _version(match)
        write(match)
        assert _version(match) != before, name
        assert _poll(owner_client, match, before) == 200, name


def test_a_closed_hand_and_a_challenge_change_the_version(owner: User) -> None:
    match = _dealt(owner, "escoba", manual_capture=True)
    versions = [_version(match)]
    hand_play_record(hand=Hand.objects.get(), seat=1, card="7H", taken=["5H"], expected_seq=0)
    versions.append(_version(match))
    hand_challenge_record(hand=Hand.objects.get(), seat=0, play_seq=0, expected_seq=1)
    versions.append(_version(match))
    assert len(set(versions)) == 3
    other = _dealt(owner)
    before = _version(other)
    with pytest.raises(Exception, match="not over"):
        hand_close(hand=Hand.objects.get(match=other))  # refused: nothing changes
    assert _version(other) == before


# ``owner`` may be shared by the examples: each plays its own new match.
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.sampled_from(["play", "undo"]), min_size=1, max_size=8))
def test_versions_never_repeat_whatever_is_played_and_undone(owner: User, steps: list[str]) -> None:
    """Undo brings a hand's ``next_seq`` back; the screen version still moves on, so a phone that saw
    the state before the undone play is told to redraw."""
    match = _dealt(owner)
    hand = Hand.objects.get(match=match)
    cards = iter(["9C", "3H", "4S", "8D", "KC", "QH", "JS", "6C"])
    seen = [_version(match)]
    for step in steps:
        hand.refresh_from_db()
        if step == "play":
            seat = (1 + hand.next_seq) % 2
            hand_play_record(hand=hand, seat=seat, card=next(cards), expected_seq=hand.next_seq)
        elif hand.next_seq:
            hand_play_undo(hand=hand, expected_seq=hand.next_seq)
        else:
            continue
        seen.append(_version(match))
    assert len(seen) == len(set(seen))


def test_the_clock_of_a_timed_match_is_part_of_its_version(owner: User) -> None:
    match = start_match(owner, "tamlin", time_limit_minutes=30)
    assert _version(match) == f"{match.screen_version}-30"


@pytest.mark.parametrize("write", ["play", "undo", "challenge"])
def test_a_web_write_costs_at_most_one_and_a_half_api_writes(owner: User, write: str) -> None:
    """The web UI shows the match from what the write service computed: no second replay, no
    per-seat queries; its session costs one query more than the API's token."""
    web, api = Client(), _api(owner)
    web.force_login(owner)
    counts = []
    for client, prefix in ((api, "api"), (web, "web")):
        match = _dealt(owner, "escoba", manual_capture=True)
        hand_play_record(hand=Hand.objects.get(match=match), seat=1, card="7H", taken=["5H"], expected_seq=0)
        request = _request(client, prefix, match, write)
        response, queries = _queries(request)
        assert response.status_code in {200, 201}, response.content.decode()
        counts.append(queries)
    api_queries, web_queries = counts
    assert web_queries <= 1.5 * api_queries, counts


def _request(client: Client, prefix: str, match: Match, write: str) -> Callable[[], Any]:
    hand_url = f"/api/v1/matches/{match.pk}/hands/1/"
    bodies: dict[str, tuple[dict[str, object], str, str]] = {
        "play": ({"seat": 0, "card": "9C", "expected_seq": 1}, "plays/", "play"),
        "undo": ({"expected_seq": 1}, "plays/undo/", "play-undo"),
        "challenge": ({"seat": 0, "play_seq": 0, "expected_seq": 1}, "challenges/", "play-challenge"),
    }
    body, api_path, name = bodies[write]
    key: dict[str, object] = {} if write == "undo" else {"idempotency_key": f"{write}-1"}  # as phones do
    if prefix == "api":
        return lambda: client.post(hand_url + api_path, body | key, content_type="application/json")
    form = {**body, "hand": 1, "key": f"{write}-1"} | ({"capture": "trail"} if write == "play" else {})
    return lambda: client.post(reverse(name, args=[match.pk]), form, headers=HTMX)


def _web_play(client: Client, match: Match, hand: Hand) -> tuple[str, int]:
    """A trail on ``hand``, as the phone sends it: the answer and its queries."""
    play = {"hand": hand.number, "seat": 0, "card": "9C", "capture": "trail", "expected_seq": 0}
    url = reverse("play", args=[match.pk])
    response, queries = _queries(lambda: client.post(url, play, headers=HTMX))
    assert response.status_code == 200
    return response.content.decode(), queries


def test_a_web_play_reads_the_closed_hands_only_after_the_first_hand(
    owner: User, owner_client: Client
) -> None:
    """Hands close in order: a play on the first hand has no closed hand to read; on a later one,
    the closed hands and their score rows are read in one query."""
    first = start_match(owner)
    _page, on_first = _web_play(owner_client, first, hand_start(match=first, dealer=1, table=TABLE))
    later = start_match(owner)
    hand_summary_record(hand=hand_start(match=later, dealer=0, mode=Hand.Mode.SUMMARY), entries=SUMMARY)
    page, on_second = _web_play(owner_client, later, hand_start(match=later, dealer=1, table=TABLE))
    assert (on_first, on_second) == (10, 11)  # the session, the account, the write, the seats (hands)
    assert 'class="sheet-hand" data-breakdown="hand-1-breakdown"' in page
    assert 'id="hand-1-breakdown"' in page


def test_the_quick_entry_is_offered_until_the_first_play(owner: User, owner_client: Client) -> None:
    match = _dealt(owner)
    live = reverse("match-live", args=[match.pk])
    assert 'class="summary-entry"' in owner_client.get(live, headers=HTMX).content.decode()
    hand_play_record(hand=Hand.objects.get(), seat=1, card="9C", expected_seq=0)
    assert 'class="summary-entry"' not in owner_client.get(live, headers=HTMX).content.decode()


def test_the_web_play_answer_shows_the_new_state(owner: User, owner_client: Client) -> None:
    match = _dealt(owner)
    play = {"hand": 1, "seat": 1, "card": "7H", "capture": "2C 5H", "expected_seq": 0, "key": "k"}
    page = owner_client.post(reverse("play", args=[match.pk]), play, headers=HTMX).content.decode()
    assert f'"v": "{_version(match)}"' in page
    assert 'name="expected_seq" value="1"' in page
    assert 'name="table" value="10D 7S"' in page
    assert "Marija</strong> to play" in page


def test_capture_options_cost_the_session_and_one_query(owner_client: Client, tablo: Match) -> None:
    hand_start(match=tablo, dealer=0, table=TABLE)
    url = reverse("play-options", args=[tablo.pk])
    full = owner_client.get(url, {"card": "7H"}, headers=HTMX).content.decode()
    quick, queries = _queries(
        lambda: owner_client.get(url, {"card": "7H", "table": " ".join(TABLE)}, headers=HTMX)
    )
    assert queries <= 2  # the session; the match's game and options with the write check
    assert quick.content.decode() == full


def test_capture_options_are_refused_to_a_reader_who_may_not_write(
    owner: User, client: Client, tablo: Match
) -> None:
    club = club_create(name="Tuesday club", by=owner)
    reader = User.objects.create_user("reader")
    membership_create(club=club, user=reader)  # a member reads the club's matches; admins write them
    Match.objects.filter(pk=tablo.pk).update(club=club)
    hand_start(match=tablo, dealer=0, table=TABLE)
    client.force_login(reader)
    url = reverse("play-options", args=[tablo.pk])
    assert client.get(url, {"card": "7H", "table": " ".join(TABLE)}, headers=HTMX).status_code == 403


@pytest.mark.parametrize("path", ["scoreboard/", "hands/1/"])
def test_the_api_answers_304_while_nothing_changed(owner: User, path: str) -> None:
    match = _dealt(owner)
    api, url = _api(owner), f"/api/v1/matches/{match.pk}/{path}"
    first = api.get(url)
    assert first.status_code == 200
    tag = first["ETag"]
    response, queries = _queries(lambda: api.get(url, HTTP_IF_NONE_MATCH=tag))
    assert (response.status_code, response["ETag"], queries) == (304, tag, 2)  # the token, the version
    hand_play_record(hand=Hand.objects.get(), seat=1, card="9C", expected_seq=0)
    again = api.get(url, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 200
    assert again["ETag"] != tag


def test_an_etag_opens_nothing_to_an_outsider(owner: User, outsider: User) -> None:
    match = _dealt(owner)
    tag = _api(owner).get(f"/api/v1/matches/{match.pk}/scoreboard/")["ETag"]
    response = _api(outsider).get(f"/api/v1/matches/{match.pk}/scoreboard/", HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 404  # not even told that the match exists
