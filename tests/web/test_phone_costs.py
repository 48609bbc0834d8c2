"""What the phone's requests cost in queries, next to the API's; their times are in
``benchmarks/phone.py``. Polls that find nothing new answer 204 (htmx) or 304 (the API's ETags)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import partial
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

from games.clubs.services.clubs import club_create, membership_create
from games.matches.services.hands import hand_close, hand_correct, hand_start, hand_summary_record
from games.matches.services.matches import match_abandon, match_share
from games.matches.services.plays import hand_challenge_record, hand_play_record, hand_play_undo
from games.models import Hand, Match, Membership
from games.screen_keys import READ, WRITE, screen_key
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
    url, key = reverse("match-live", args=[match.pk]), screen_key(match.pk, READ)
    return client.get(url, {"v": version, "k": key}, headers=HTMX).status_code


def _version(match: Match) -> str:
    return screen_version(Match.objects.get(pk=match.pk))


def _vals(page: str) -> dict[str, str]:
    """The values the live region polls with (its ``hx-vals``)."""
    vals: dict[str, str] = json.loads(page.split("hx-vals='")[1].split("'")[0])
    return vals


def test_an_unchanged_poll_answers_204_in_one_query(owner_client: Client, tablo: Match) -> None:
    hand_start(match=tablo, dealer=0, table=TABLE)
    url = reverse("match-live", args=[tablo.pk])
    vals = _vals(owner_client.get(url, headers=HTMX).content.decode())
    assert vals["v"] == _version(tablo)
    response, queries = _queries(lambda: owner_client.get(url, vals, headers=HTMX))
    assert (response.status_code, queries) == (204, 1)  # the match's version: no session, no account


@pytest.mark.parametrize("key", ["", "0" * 32, "write", "another match"])
def test_a_poll_without_its_key_is_checked_in_full(
    client: Client, owner: User, outsider: User, tablo: Match, key: str
) -> None:
    key = {"write": screen_key(tablo.pk, WRITE), "another match": screen_key(tablo.pk + 1, READ)}.get(
        key, key
    )
    url, vals = reverse("match-live", args=[tablo.pk]), {"v": _version(tablo), "k": key}
    client.force_login(outsider)
    assert client.get(url, vals, headers=HTMX).status_code == 404
    client.force_login(owner)
    response, queries = _queries(lambda: client.get(url, vals, headers=HTMX))
    assert response.status_code == 204
    assert queries > 1  # the session, the account, the match with its seats...


def test_an_outsider_with_a_key_is_told_nothing_new_only_while_nothing_is(
    client: Client, tablo: Match, outsider: User
) -> None:
    """A visitor who lost access keeps the key of the screen once shown (or one leaked): it answers
    "nothing new" until the screen changes, then the poll is checked in full."""
    client.force_login(outsider)
    before = _version(tablo)
    assert _poll(client, tablo, before) == 204
    hand_start(match=tablo, dealer=0, table=TABLE)
    assert _poll(client, tablo, before) == 404


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


def test_the_clock_of_a_timed_match_is_part_of_its_version(owner: User, owner_client: Client) -> None:
    match = start_match(owner, "tamlin", time_limit_minutes=30)
    assert _version(match) == f"{match.screen_version}-30"
    assert _poll(owner_client, match, _version(match)) == 204
    assert _poll(owner_client, match, str(match.screen_version)) == 200  # the clock moved on


@pytest.mark.parametrize("write", ["play", "undo", "challenge"])
def test_a_web_write_costs_at_most_one_and_a_half_api_writes(owner: User, write: str) -> None:
    """The web UI shows the match from what the write service computed: no second replay, no
    per-seat queries; its session (from Redis) and account cost what the API's token does."""
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


def test_a_web_play_answers_the_region_every_phone_is_served_at_its_version(
    owner: User, owner_client: Client, session_queries: int
) -> None:
    """A play cannot change a closed hand (hands close in order): its answer shows the hand from what
    the write computed (not read again nor replayed) and the score sheet from the closed hands' stored
    reports (one query; none on the first hand), the same region a poll of its version gets, kept in
    the cache: the match's other phones, told of the version by the push, are served it from there."""
    first = start_match(owner)
    _page, on_first = _web_play(owner_client, first, hand_start(match=first, dealer=1, table=TABLE))
    later = start_match(owner)
    hand_summary_record(hand=hand_start(match=later, dealer=0, mode=Hand.Mode.SUMMARY), entries=SUMMARY)
    page, on_second = _web_play(owner_client, later, hand_start(match=later, dealer=1, table=TABLE))
    # The session (from Redis), the account, the write (its chain link), the seats; on a later hand the
    # closed hands' reports.
    assert (on_first, on_second) == (10 + session_queries, 11 + session_queries)
    assert 'id="hand-1-breakdown"' in page
    assert "Create a share link" in page
    other = Client()
    other.force_login(owner)
    url, vals = reverse("match-live", args=[later.pk]), {"v": "0", "k": screen_key(later.pk, READ)}
    polled, queries = _queries(lambda: other.get(url, vals, headers=HTMX))
    assert queries == 3 + session_queries  # from the cache: the version, the account, the match
    assert _slotless(polled.content.decode()) == _slotless(page)
    stored = [str(total) for total in Match.objects.get(pk=later.pk).totals]
    assert _side_totals(page) == stored != ["0", "0"]


@pytest.mark.parametrize("one_tap", [False, True], ids=["choice", "one-tap"])
def test_a_play_the_phones_engine_draws_is_answered_with_the_play_alone(
    owner: User, owner_client: Client, session_queries: int, one_tap: bool
) -> None:
    """A phone whose engine is ready (``X-SK-Draws``, static/js/push.js) is answered with the play and
    the version it made, as the push sends them: no region is read or rendered, so the play costs the
    queries of the API's; a retry of it (its key again) is answered with the region."""
    match = _dealt(owner)
    play = {"hand": 1, "seat": 1, "card": "9C", "capture": "trail", "expected_seq": 0, "key": "k1"}
    url = reverse("play", args=[match.pk])
    headers = HTMX | {"X-SK-Draws": "1"}
    form = play | ({"one_tap": "1"} if one_tap else {})
    response, queries = _queries(lambda: owner_client.post(url, form, headers=headers))
    assert (response.status_code, response.content, response["HX-Reswap"]) == (200, b"", "none")
    assert response["X-SK-Version"] == _version(match)
    change = json.loads(response["X-SK-Change"])
    assert {key: change[key] for key in ("seq", "seat", "card", "next_seq", "next_seat")} == {
        "seq": 0,
        "seat": 1,
        "card": "9C",
        "next_seq": 1,
        "next_seat": 0,
    }
    assert change["table"] == [*TABLE, "9C"]
    other, api = _dealt(owner), _api(owner)
    api_url = f"/api/v1/matches/{other.pk}/hands/1/plays/"
    api_play = {"seat": 1, "card": "9C", "expected_seq": 0, "idempotency_key": "k1"}
    _answer, api_queries = _queries(lambda: api.post(api_url, api_play, content_type="application/json"))
    assert queries == api_queries + session_queries  # the account for the token; then the same write
    again = owner_client.post(url, form, headers=headers)
    assert again.status_code == 200
    assert again.content.decode().lstrip().startswith('<div id="match-live"')


def test_a_play_tapped_in_one_go_keeps_the_sheet_the_phone_shows(
    owner: User, owner_client: Client, session_queries: int
) -> None:
    """A play recorded at its card's tap offers its undo there, in its own answer: no closed hand is
    read, and the phone keeps the score sheet and the sharing controls it shows (``hx-preserve``)."""
    match = start_match(owner)
    hand_summary_record(hand=hand_start(match=match, dealer=0, mode=Hand.Mode.SUMMARY), entries=SUMMARY)
    hand = hand_start(match=match, dealer=1, table=TABLE)
    play = {"hand": hand.number, "seat": 0, "card": "9C", "capture": "trail", "expected_seq": 0, "one_tap": 1}
    response, queries = _queries(
        lambda: owner_client.post(reverse("play", args=[match.pk]), play, headers=HTMX)
    )
    page = response.content.decode()
    assert queries == 10 + session_queries
    assert "recorded at the tap" in page
    assert '<section id="sheet" class="sheet" hx-preserve="true"></section>' in page
    assert '<section id="manage" class="stack manage" hx-preserve="true"></section>' in page
    assert "hand-1-breakdown" not in page


def _slotless(page: str) -> str:
    """A region without what is each phone's own (its CSRF token, its forms' key)."""
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)
    return re.sub(r'name="key" value="[0-9a-f]{32}"', "", page)


def test_a_web_play_decides_access_once_under_the_lock(
    owner: User, client: Client, session_queries: int
) -> None:
    """A club's admin (not the match's creator, whose access costs no query) records a play: the
    service decides access under the match's lock and the screen it draws takes that answer, so the
    play costs what the creator's does, and the screen offers the next play."""
    club = club_create(name="Tuesday club", by=owner)
    admin = User.objects.create_user("admin")
    membership_create(club=club, user=admin, role=Membership.Role.ADMIN)
    match = start_match(owner)
    Match.objects.filter(pk=match.pk).update(club=club)
    client.force_login(admin)
    page, queries = _web_play(client, match, hand_start(match=match, dealer=1, table=TABLE))
    assert queries == 11 + session_queries  # the creator's and one access query, under the lock (was two)
    assert 'name="expected_seq" value="1"' in page


def _side_totals(page: str) -> list[str]:
    return re.findall(r'class="side-total">([^<]+)<', page)


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


def test_capture_options_cost_one_query(owner_client: Client, tablo: Match) -> None:
    """The ``/captures/`` of the API plus the match's game and options; the key comes with the screen."""
    hand_start(match=tablo, dealer=0, table=TABLE)
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    key = page.split('hx-vals=\'{"k": "')[1].split('"')[0]
    assert key == screen_key(tablo.pk, WRITE)
    url = reverse("play-options", args=[tablo.pk])
    full = owner_client.get(url, {"card": "7H"}, headers=HTMX).content.decode()
    quick, queries = _queries(
        lambda: owner_client.get(url, {"card": "7H", "table": " ".join(TABLE), "k": key}, headers=HTMX)
    )
    assert queries == 1
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
    response, queries = _queries(lambda: api.get(url, HTTP_IF_NONE_MATCH=f'"other", {tag}'))
    assert (response.status_code, response["ETag"], queries) == (304, tag, 1)  # the version: no token
    assert "private" in response["Cache-Control"]
    hand_play_record(hand=Hand.objects.get(), seat=1, card="9C", expected_seq=0)
    again = api.get(url, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 200
    assert again["ETag"] != tag


def test_an_etag_without_the_match_key_opens_nothing(owner: User, outsider: User) -> None:
    match = _dealt(owner)
    url = f"/api/v1/matches/{match.pk}/scoreboard/"
    tag = _api(owner).get(url)["ETag"]
    version, key = tag.strip('W/"').split(".")[1:]
    wrong = key[:-1] + ("1" if key.endswith("0") else "0")
    for forged in (
        f'W/"{match.pk}.{version}"',
        f'"{match.pk}.{version}.{wrong}"',
        f'"{match.pk + 1}.{version}.{key}"',
    ):
        client = _api(outsider)
        response, queries = _queries(partial(client.get, url, HTTP_IF_NONE_MATCH=forged))
        assert response.status_code == 404, forged  # not even told that the match exists
        assert queries > 1


def test_an_etag_tells_nothing_new_only_while_nothing_is(owner: User, outsider: User) -> None:
    """Someone who lost access (or was leaked the tag) is told "not modified" until the match changes."""
    match = _dealt(owner)
    url = f"/api/v1/matches/{match.pk}/scoreboard/"
    tag = _api(owner).get(url)["ETag"]
    assert _api(outsider).get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    hand_play_record(hand=Hand.objects.get(), seat=1, card="9C", expected_seq=0)
    assert _api(outsider).get(url, HTTP_IF_NONE_MATCH=tag).status_code == 404


# The queries of a write and of its retry with the same key (``benchmarks/phone.py`` pins them too).
# The API's play: the token, BEGIN, the hand and match locked, the plays (its idempotency key found
# among them), the play, the hand's count, its chain link, the match's version, COMMIT; the web's: the
# account for the token (the session is read from Redis: one query more without it), and the seats it
# draws the hand with. A challenge's key marks
# the play it challenged, in the same read; the retry then reads the challenges, and the challenge.
WRITE_QUERIES = {
    ("api", "play"): (9, 5),
    ("web", "play"): (10, 6),
    ("api", "challenge"): (9, 8),
    ("web", "challenge"): (10, 8),
}


@pytest.mark.parametrize(("prefix", "write"), list(WRITE_QUERIES))
def test_a_write_finds_its_key_in_the_rows_it_reads_anyway(
    owner: User, prefix: str, write: str, session_queries: int
) -> None:
    """The idempotency key is looked up among the hand's plays, which a write reads under the hand's
    lock to replay the log: no round trip of its own. A retry gets the first answer and writes nothing."""
    client = _api(owner)
    if prefix == "web":
        client = Client()
        client.force_login(owner)
    match = _dealt(owner, "escoba", manual_capture=True)
    hand_play_record(hand=Hand.objects.get(match=match), seat=1, card="7H", taken=["5H"], expected_seq=0)
    request = _request(client, prefix, match, write)
    first, retried = (_queries(request) for _ in range(2))
    assert (first[0].status_code, retried[0].status_code) == ((201, 201) if prefix == "api" else (200, 200))
    session = session_queries if prefix == "web" else 0
    assert (first[1] - session, retried[1] - session) == WRITE_QUERIES[prefix, write]
    if prefix == "api":
        assert retried[0].headers["Idempotent-Replayed"] == "true"
