"""The push streams (web/views/push.py, games/push.py): the version shown now at once, then one message
per committed change, through Redis when it is configured and within the process when it is not."""

from __future__ import annotations

import asyncio
import html
import json
import re
import zlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.auth.models import User
from django.http import StreamingHttpResponse
from django.test import AsyncClient, Client, override_settings
from django.urls import reverse

from games import push
from games.events.selectors import event_version
from games.events.services import entry_add, event_create
from games.matches.services import plays
from games.matches.services.hands import hand_start
from games.matches.services.matches import match_share
from games.matches.services.plays import hand_play_record
from games.models import Hand, Match, Play
from games.people.services.accounts import devices_end
from games.rules.game import HandReport
from scorekeeper.sessions import ended
from tests.factories import ClubFactory
from web.views import live

Capture = Callable[..., Any]


def _stream_after(
    user: User | None,
    url: str,
    write: Callable[[], object],
    capture: Capture,
    messages: int = 2,
    *,
    gzip: bool = False,
) -> list[str]:
    """The first ``messages`` chunks of the stream at ``url`` as ``user`` (or a visitor not signed in)
    sees it (``gzip``: asked compressed, and
    uncompressed here), ``write`` made (and committed) after the first one arrived; fewer if the
    stream ends."""

    async def scenario() -> list[str]:
        client = AsyncClient()
        if user is not None:
            await client.aforce_login(user)
        response = await client.get(url, headers={"Accept-Encoding": "gzip"} if gzip else {})
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert response["Content-Encoding"] == ("gzip" if gzip else "identity")
        stream: StreamingHttpResponse = response  # type: ignore[assignment]
        chunks: AsyncIterator[bytes] = aiter(stream.streaming_content)  # type: ignore[arg-type]
        unpacker = zlib.decompressobj(16 + zlib.MAX_WBITS)

        def text(chunk: bytes) -> str:
            return (unpacker.decompress(chunk) if gzip else chunk).decode()

        seen = [text(await anext(chunks))]

        def committed() -> None:
            with capture(execute=True):
                write()

        await sync_to_async(committed)()
        while len(seen) < messages:
            try:
                seen.append(text(await asyncio.wait_for(anext(chunks), 3)))
            except StopAsyncIteration:
                break
        await chunks.aclose()  # type: ignore[attr-defined]
        return seen

    return async_to_sync(scenario)()


def _web_play(user: User, match: Match, phone: str = "", seq: int = 0) -> Callable[[], object]:
    """A play through the match screen's form, as htmx sends it, by ``user``'s phone (``phone``: the
    page's name for itself, which push.js sends): the hand's first card (3♥ from seat 1) or its second
    (``seq`` 1: 4♥ from seat 0)."""
    client = Client()
    client.force_login(user)
    card, seat = ("3H", 1) if seq == 0 else ("4H", 0)
    form = {"hand": 1, "seat": seat, "card": card, "capture": "trail", "expected_seq": seq, "key": f"k{seq}"}
    headers = {"HX-Request": "true"} | ({"X-SK-Phone": phone} if phone else {})
    return lambda: client.post(f"/matches/{match.pk}/play/", form, headers=headers)


@pytest.mark.django_db
def test_a_match_stream_sends_its_version_then_each_change(
    owner: User, tablo: Match, django_capture_on_commit_callbacks: Capture
) -> None:
    url = reverse("match-push", args=[tablo.pk])
    seen = _stream_after(
        owner, url, lambda: match_share(match=tablo, by=owner), django_capture_on_commit_callbacks
    )
    assert seen == [f"retry: 3000\ndata: {tablo.screen_version}\n\n", f"data: {tablo.screen_version + 1}\n\n"]


@pytest.mark.django_db
def test_without_redis_the_process_hands_changes_to_its_streams(
    owner: User, tablo: Match, django_capture_on_commit_callbacks: Capture
) -> None:
    url = reverse("match-push", args=[tablo.pk])
    with override_settings(REDIS=None):
        seen = _stream_after(
            owner, url, lambda: match_share(match=tablo, by=owner), django_capture_on_commit_callbacks
        )
    assert seen[1] == f"data: {tablo.screen_version + 1}\n\n"


@pytest.mark.redis
@pytest.mark.django_db
def test_a_message_published_on_redis_reaches_a_listening_process() -> None:
    async def scenario() -> str:
        async with push.listening(push.event_topic(7)) as changes:
            await sync_to_async(push._send)(push.event_topic(7), "12")
            return await asyncio.wait_for(changes.get(), 3)

    assert async_to_sync(scenario)() == "12"


def test_under_wsgi_a_stream_is_not_served_and_the_screen_polls(owner_client: Client, tablo: Match) -> None:
    """gunicorn would hold a thread for a stream it never sends: 204, and the browser does not ask again."""
    assert owner_client.get(reverse("match-push", args=[tablo.pk])).status_code == 204


@pytest.mark.django_db
def test_an_event_stream_sends_its_version_then_each_change(
    owner: User, django_capture_on_commit_callbacks: Capture
) -> None:
    event = event_create(club=ClubFactory.create(created_by=owner), by=owner, name="Friday", game="tablo")
    url = reverse("event-push", args=[event.pk])
    shown = event_version(event.pk)
    seen = _stream_after(
        owner, url, lambda: entry_add(event=event, by=owner, name="Cy"), django_capture_on_commit_callbacks
    )
    assert seen == [f"retry: 3000\ndata: {shown}\n\n", f"data: {event_version(event.pk)}\n\n"]


@pytest.mark.django_db
@pytest.mark.parametrize("gzip", [False, True], ids=["identity", "gzip"])
def test_a_match_stream_carries_the_region_its_web_play_rendered(
    owner: User, tablo: Match, django_capture_on_commit_callbacks: Capture, gzip: bool
) -> None:
    """The play's answer renders the region before the push is sent, so the stream finds it in the
    cache and carries it, with this phone's own CSRF token and a fresh key for its forms."""
    hand_start(match=tablo, dealer=0, table=["10D", "2C", "7S", "5H"])
    shown = Match.objects.get(pk=tablo.pk).screen_version
    url = reverse("match-push", args=[tablo.pk])
    seen = _stream_after(owner, url, _web_play(owner, tablo), django_capture_on_commit_callbacks, gzip=gzip)
    assert seen[0] == f"retry: 3000\ndata: {shown}\n\n"
    head, *lines = seen[1].removesuffix("\n\n").split("\n")
    assert [head, lines[0]] == ["event: region", f"id: {shown + 1}"]
    region = "\n".join(line.removeprefix("data: ") for line in lines[1:])
    assert region.startswith('<div id="match-live"')
    assert f'data-version="{shown + 1}"' in region
    assert "3H" in region
    assert 'name="csrfmiddlewaretoken"' in region
    assert live._slot("csrf") not in region
    assert live._slot("key") not in region


@pytest.mark.django_db(transaction=True)  # the write commits inside its view, as it does in production
def test_the_phone_that_played_is_sent_nothing_of_its_play(
    owner: User, tablo: Match, django_capture_on_commit_callbacks: Capture
) -> None:
    """The play's answer draws the region on the phone that played: its own stream (named as push.js
    names it) sends it nothing of that play, and carries another phone's next one."""
    hand_start(match=tablo, dealer=0, table=["10D", "2C", "7S", "5H"])
    shown = Match.objects.get(pk=tablo.pk).screen_version
    url = reverse("match-push", args=[tablo.pk])
    mine, theirs = _web_play(owner, tablo, phone="page-1"), _web_play(owner, tablo, phone="page-2", seq=1)
    seen = _stream_after(
        owner, f"{url}?phone=page-1", lambda: (mine(), theirs()), django_capture_on_commit_callbacks
    )
    assert seen[1].startswith(f"event: region\nid: {shown + 2}\n")


@pytest.mark.django_db
def test_a_region_not_rendered_for_this_phone_is_a_version_to_ask_for(
    owner: User, tablo: Match, django_capture_on_commit_callbacks: Capture
) -> None:
    """A write through the API renders no region: the stream sends the version, as before."""
    hand = hand_start(match=tablo, dealer=0, table=["10D", "2C", "7S", "5H"])
    url = reverse("match-push", args=[tablo.pk])

    def play() -> None:
        hand_play_record(hand=hand, seat=1, card="3H", taken=[], expected_seq=0, by=owner)

    seen = _stream_after(owner, url, play, django_capture_on_commit_callbacks)
    assert seen[1] == f"data: {Match.objects.get(pk=tablo.pk).screen_version}\n\n"


@pytest.mark.django_db
def test_a_phone_whose_engine_draws_is_sent_the_play_itself(
    owner: User, tablo: Match, owner_client: Client, django_capture_on_commit_callbacks: Capture
) -> None:
    """A phone whose engine is ready (push.js's ``draws``) is sent another phone's play as the play and
    the hand's state after it, exactly as the region of that version would hold it (its data-offline),
    so the engine draws what the server would have drawn."""
    hand_start(match=tablo, dealer=0, table=["10D", "2C", "7S", "5H"])
    shown = Match.objects.get(pk=tablo.pk).screen_version
    url = reverse("match-push", args=[tablo.pk])
    seen = _stream_after(owner, f"{url}?draws=1", _web_play(owner, tablo), django_capture_on_commit_callbacks)
    head, version, data = seen[1].removesuffix("\n\n").split("\n")
    assert [head, version] == ["event: change", f"id: {shown + 1}"]
    pushed = json.loads(data.removeprefix("data: "))
    region = owner_client.get(reverse("match-live", args=[tablo.pk]), headers={"HX-Request": "true"})
    found = re.search(r'data-offline="([^"]*)"', region.content.decode())
    assert found is not None
    state = json.loads(html.unescape(found.group(1)))
    played = {"kind": "play", "hand": 1, "seq": 0, "seat": 1, "card": "3H", "taken": []}
    assert played.items() <= pushed.items()
    assert state["plays"][-1] == {key: pushed[key] for key in ("seq", "seat", "card", "taken")}
    assert state["log"][-1] == {key: pushed[key] for key in ("seat", "card", "taken")}
    assert [state[key] for key in ("seq", "revision", "seat", "table")] == [
        pushed[key] for key in ("next_seq", "revision", "next_seat", "table")
    ]


def test_a_play_that_ends_the_hand_is_pushed_as_a_version() -> None:
    """The played-out hand's screen changes beyond the hand (its scoring): the phones ask for it."""
    report = HandReport(complete=True, next_seat=None)
    assert plays._pushed_play(Play(seq=47, seat=1, card="3H", taken=[]), report, Hand(number=1)) == ""


@pytest.mark.django_db
@pytest.mark.parametrize("draws", ["", "?draws=1"], ids=["region", "play"])
@pytest.mark.parametrize("recheck", [30, 0], ids=["ended-mark", "session-read-again"])
def test_a_phone_signed_out_is_carried_nothing_more(
    owner: User,
    tablo: Match,
    django_capture_on_commit_callbacks: Capture,
    monkeypatch: pytest.MonkeyPatch,
    recheck: int,
    draws: str,
) -> None:
    """A phone's session ended (signed out elsewhere) before a play: the stream carries nothing more and
    ends (with Redis, on its session's message; every ``RECHECK_SECONDS``, and without Redis each time,
    on the session and access read again), and the phone's next ask is refused."""
    monkeypatch.setattr(live, "RECHECK_SECONDS", recheck)
    hand = hand_start(match=tablo, dealer=0, table=["10D", "2C", "7S", "5H"])
    url = reverse("match-push", args=[tablo.pk])

    def signed_out_then_played() -> None:
        devices_end(user=owner)
        hand_play_record(hand=hand, seat=1, card="3H", taken=[], expected_seq=0, by=owner)

    seen = _stream_after(
        owner, url + draws, signed_out_then_played, django_capture_on_commit_callbacks, messages=3
    )
    assert len(seen) == 1


@pytest.mark.redis
@pytest.mark.django_db
def test_a_stream_that_may_have_missed_its_sessions_end_reads_its_mark(
    owner: User, tablo: Match, django_capture_on_commit_callbacks: Capture
) -> None:
    """The session's end published while the process was not subscribed (its message lost), then the
    "ask" every stream is sent after a lost subscription: the stream reads the session's mark and ends,
    rather than asking its phone to look."""
    url = reverse("match-push", args=[tablo.pk]) + "?draws=1"

    def ended_unheard_then_asked() -> None:
        ended.disconnect(push.sessions_ended)
        try:
            devices_end(user=owner)
        finally:
            ended.connect(push.sessions_ended)
        hub = push._hub
        assert hub is not None
        hub.loop.call_soon_threadsafe(hub.ask_all)

    seen = _stream_after(owner, url, ended_unheard_then_asked, django_capture_on_commit_callbacks)
    assert len(seen) == 1


@pytest.mark.django_db
def test_a_share_links_stream_ends_when_the_link_is_withdrawn(
    owner: User, tablo: Match, django_capture_on_commit_callbacks: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stream opened by a share link carries regions while the link stands; read again after it is
    withdrawn, the match is no longer readable by it and the stream ends."""
    monkeypatch.setattr(live, "RECHECK_SECONDS", 0)
    shared = match_share(match=tablo, by=owner)
    url = reverse("match-shared-push", args=[shared.share_token])
    seen = _stream_after(
        None,
        url,
        lambda: match_share(match=tablo, enabled=False, by=owner),
        django_capture_on_commit_callbacks,
    )
    assert len(seen) == 1


@pytest.mark.redis
@pytest.mark.django_db
def test_a_stream_opened_after_its_page_takes_the_pages_check(
    owner: User, outsider: User, tablo: Match, django_assert_num_queries: Capture
) -> None:
    """The match's page, checked in full, stands for the stream its phone opens next (the same session,
    within ``RECHECK_SECONDS``): the stream reads neither the session's account nor the match; another
    phone of the same account, or one that has not loaded the page, is checked in full."""
    page, other, stranger = Client(), Client(), Client()
    for client, user in ((page, owner), (other, owner), (stranger, outsider)):
        client.force_login(user)
    push_url = reverse("match-push", args=[tablo.pk])
    with django_assert_num_queries(2):  # the account, the match
        assert page.get(push_url).status_code == 204  # 204: a WSGI request (the test's), once checked
    assert page.get(reverse("match", args=[tablo.pk])).status_code == 200
    with django_assert_num_queries(0):
        assert page.get(push_url).status_code == 204
    with django_assert_num_queries(2):
        assert other.get(push_url).status_code == 204
    assert stranger.get(reverse("match", args=[tablo.pk])).status_code == 404
    assert stranger.get(push_url).status_code == 404
