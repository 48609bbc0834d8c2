"""The Celery app. Eager (in-process) unless Redis (``REDIS_URL`` or ``REDIS_SENTINELS``) is the broker."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import worker_ready, worker_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

app = Celery("scorekeeper")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect
def _arrived(sender: Any, **kwargs: Any) -> None:
    from scorekeeper.health import worker_arrived

    worker_arrived(sender.hostname)


@worker_shutdown.connect
def _left(sender: Any, **kwargs: Any) -> None:
    from scorekeeper.health import worker_left

    worker_left(sender.hostname)
