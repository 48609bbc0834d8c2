"""The push streams (web/views/push.py, games/push.py): the version shown now at once, then one message
per committed change, through Redis when it is configured and within the process when it is not."""

from __future__ import annotations

import asyncio
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
from games.matches.services.matches import match_share
from games.models import Match
from tests.factories import ClubFactory

Capture = Callable[..., Any]


def _stream_after(
    user: User, url: str, write: Callable[[], object], capture: Capture, messages: int = 2
) -> list[str]:
    """The first ``messages`` chunks of the stream at ``url``, ``write`` made (and committed) after the
    first one arrived."""

    async def scenario() -> list[str]:
        client = AsyncClient()
        await client.aforce_login(user)
        response = await client.get(url)
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        stream: StreamingHttpResponse = response  # type: ignore[assignment]
        chunks: AsyncIterator[bytes] = aiter(stream.streaming_content)  # type: ignore[arg-type]
        seen = [(await anext(chunks)).decode()]

        def committed() -> None:
            with capture(execute=True):
                write()

        await sync_to_async(committed)()
        while len(seen) < messages:
            seen.append((await asyncio.wait_for(anext(chunks), 3)).decode())
        await chunks.aclose()  # type: ignore[attr-defined]
        return seen

    return async_to_sync(scenario)()


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
