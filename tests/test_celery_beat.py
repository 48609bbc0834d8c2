"""Celery beat re-sends the follow-ups a broker outage held back, with a task the worker knows."""

from __future__ import annotations

from scorekeeper.celery import app


def test_beat_schedules_a_registered_catch_up_task() -> None:
    entry = app.conf.beat_schedule["followups-resend"]
    app.loader.import_default_modules()
    assert entry["task"] in app.tasks
    assert entry["schedule"] <= 300
