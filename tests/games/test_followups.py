"""Follow-ups (standings refresh, notifications) go through Celery after commit and never endanger the
write: with the broker down the hand is still closed, the match stays flagged, and a later resend sends."""

from __future__ import annotations

import contextlib
import logging
import random
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from io import StringIO
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command

from games import push, tasks
from games.matches.services.demo import demo_hand_play
from games.matches.services.followups import followups_resend, followups_schedule
from games.matches.services.hands import hand_start
from games.matches.services.matches import match_abandon
from games.models import Hand, Match
from games.stats.models import RatingSnapshot
from games.tasks import match_updated
from scorekeeper.celery import app
from tests.factories import ClubFactory, MatchFactory, PlayerFactory, api_client, make_personas
from tests.stats.matches import tamlin_match

DEAD_BROKER = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connections are refused at once


@contextmanager
def broker(url: str) -> Iterator[None]:
    """Point Celery at ``url`` and send for real (not eagerly); the connection pools are rebuilt."""
    previous = {"broker_url": app.conf.broker_url, "task_always_eager": app.conf.task_always_eager}
    app.conf.update(broker_url=url, task_always_eager=False)
    _drop_pools()
    try:
        yield
    finally:
        app.conf.update(previous)
        _drop_pools()


def _drop_pools() -> None:
    # Celery caches the broker connection pool and the producer pool built on it (private attributes).
    app._pool = None  # type: ignore[attr-defined]
    app.amqp._producer_pool = None  # type: ignore[attr-defined]


@pytest.mark.django_db
def test_a_closed_hand_sends_its_follow_ups_after_commit(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    match = MatchFactory.create(game="tablo")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        demo_hand_play(match=match, rng=random.Random(1))
    pushes = [call for call in callbacks if isinstance(call, partial) and call.func is push._send_or_hold]
    assert len(callbacks) - len(pushes) == 1  # the follow-up; each write also pushes (games/push.py)
    match.refresh_from_db()
    assert not match.pending_followups


@pytest.mark.django_db
def test_nothing_is_sent_when_the_write_fails(django_capture_on_commit_callbacks: Callable[..., Any]) -> None:
    match = match_abandon(match=MatchFactory.create(game="tablo"))
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(Exception, match="abandoned"):
        match_abandon(match=match)
    assert callbacks == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_with_the_broker_down_the_write_stands_and_the_follow_up_is_resent_later(
    caplog: pytest.LogCaptureFixture,
) -> None:
    match = MatchFactory.create(game="tablo")
    with broker(DEAD_BROKER), caplog.at_level(logging.WARNING, logger="games.matches.services.followups"):
        hand = demo_hand_play(match=match, rng=random.Random(1))
    hand.refresh_from_db()
    match.refresh_from_db()
    assert not hand.is_open
    assert hand.scores.count() == 2
    assert match.pending_followups
    assert "Broker unavailable" in caplog.text
    assert followups_resend() == 1  # the broker is back (eager here): the catch-up sends it
    assert not Match.objects.get(pk=match.pk).pending_followups


@pytest.mark.django_db
def test_the_resend_command_sends_what_is_pending() -> None:
    pending = MatchFactory.create(game="tablo")
    Match.objects.filter(pk=pending.pk).update(pending_followups=True)
    out = StringIO()
    call_command("followups_resend", stdout=out)
    assert "1 match" in out.getvalue()
    assert not Match.objects.get(pk=pending.pk).pending_followups


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_the_flag_is_cleared_when_the_task_has_run_not_when_it_is_published() -> None:
    """A published message can still be lost with a broker or a worker, so only the task
    itself clears the flag; until then beat's resend may send it again (the task is idempotent)."""
    match = MatchFactory.create(game="tablo")
    with broker(str(settings.REDIS_URL)):
        demo_hand_play(match=match, rng=random.Random(1))
        app.control.purge()  # no worker here: drop the message instead of leaving it to another test
    assert Match.objects.get(pk=match.pk).pending_followups
    match_updated(match.pk)  # what the worker runs
    assert not Match.objects.get(pk=match.pk).pending_followups


@pytest.mark.django_db
def test_a_write_while_the_task_runs_keeps_the_flag_for_another_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand closed while the task recomputes may not be in what it computed: the flag stays, so beat
    (or the next write) sends the task again."""
    match = MatchFactory.create(game="tablo")
    Match.objects.filter(pk=match.pk).update(pending_followups=True)

    def a_write_meanwhile(*, match_id: int) -> None:
        followups_schedule(match=Match.objects.get(pk=match_id))

    monkeypatch.setattr(tasks, "stats_refresh_for_match", a_write_meanwhile)
    match_updated(match.pk)
    assert Match.objects.get(pk=match.pk).pending_followups
    monkeypatch.undo()
    match_updated(match.pk)  # the next run, with no write during it
    assert not Match.objects.get(pk=match.pk).pending_followups


@pytest.mark.django_db
def test_the_follow_up_task_is_idempotent(django_capture_on_commit_callbacks: Callable[..., Any]) -> None:
    ana, bo = PlayerFactory.create(name="Ana"), PlayerFactory.create(name="Bo")
    with django_capture_on_commit_callbacks(execute=True):
        match = tamlin_match(ClubFactory.create(), [ana, bo])
    ratings = RatingSnapshot.objects.order_by("match_ref", "player_id").values_list(
        "match_ref", "player_id", "mu", "sigma"
    )
    first = list(ratings)
    match_updated(match.pk)
    match_updated(match.pk)
    assert first
    assert list(ratings) == first


@contextmanager
def garbage_broker() -> Iterator[str]:
    """A broker address that accepts connections and answers nonsense, then hangs up."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(5)

    def answer() -> None:
        with contextlib.suppress(OSError):
            while True:
                peer, _ = server.accept()
                with peer:
                    peer.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    finally:
        server.close()
        thread.join(5)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_broker_answering_nonsense_never_turns_a_committed_write_into_a_500() -> None:
    people = make_personas()
    hand = hand_start(match=people.match, dealer=0, mode=Hand.Mode.SUMMARY)
    url = f"/api/v1/matches/{people.match.pk}/hands/{hand.number}/summary/"
    sides = [{"cards": 26, "point_cards": 11, "tablos": 0}] * 2
    with garbage_broker() as url_of_broker, broker(url_of_broker):
        response = api_client(people.owner).post(url, {"sides": sides}, format="json")
    assert response.status_code == 201
    assert Match.objects.get(pk=people.match.pk).pending_followups
    assert Hand.objects.get(pk=hand.pk).closed_at is not None
