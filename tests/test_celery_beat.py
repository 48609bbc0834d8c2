"""Celery beat re-sends the follow-ups a broker outage held back, with a task the worker knows; of the
beats started, only the one holding the Redis lock sends."""

from __future__ import annotations

import pytest
from django.test import override_settings

from scorekeeper.beat import LOCK_NAME, BeatLock
from scorekeeper.celery import app
from scorekeeper.redis_conf import RedisConf, redis_client


def test_beat_schedules_a_registered_catch_up_task() -> None:
    entry = app.conf.beat_schedule["followups-resend"]
    app.loader.import_default_modules()
    assert entry["task"] in app.tasks
    assert entry["schedule"] <= 300


@pytest.mark.redis
def test_of_two_beats_only_the_lock_holder_sends_and_the_other_takes_over_when_it_stops() -> None:
    redis_client().delete(LOCK_NAME)
    first, second = BeatLock(), BeatLock()
    assert (first.held(), second.held()) == (True, False)
    assert (first.held(), second.held()) == (True, False)  # renewing keeps it
    first.release()
    assert (second.held(), first.held()) == (True, False)
    second.release()


@override_settings(REDIS=RedisConf("redis://127.0.0.1:1/0"))
def test_a_beat_sends_nothing_while_redis_is_down() -> None:
    assert BeatLock().held() is False
