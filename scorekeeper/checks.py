"""System checks of a deployment: state that must be shared is shared once there are several nodes."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, register


@register(Tags.compatibility)
def several_nodes_share_state(app_configs: Any, **kwargs: Any) -> list[CheckMessage]:
    """With ``NODES`` > 1 the cache (throttles, standings) and the task queue must live in Redis: a
    per-process cache would throttle and invalidate each node alone, and eager tasks would run inside
    the request on whichever node took it."""
    if settings.NODES <= 1:
        return []
    errors: list[CheckMessage] = []
    if settings.CACHES["default"]["BACKEND"].endswith("LocMemCache"):
        errors.append(
            Error(
                f"NODES={settings.NODES} with the local-memory cache: each node would keep its own.",
                hint="Set REDIS_URL (or REDIS_SENTINELS) so that every node shares one cache.",
                id="scorekeeper.E001",
            )
        )
    if settings.CELERY_TASK_ALWAYS_EAGER:
        errors.append(
            Error(
                f"NODES={settings.NODES} with eager Celery: tasks would run inside requests.",
                hint="Set REDIS_URL (or REDIS_SENTINELS) and run Celery workers.",
                id="scorekeeper.E002",
            )
        )
    return errors


@register(Tags.compatibility)
def tasks_outlive_no_visibility_timeout(app_configs: Any, **kwargs: Any) -> list[CheckMessage]:
    """A task still running when its message becomes visible again would run twice at once."""
    timeout = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    if timeout > settings.CELERY_TASK_TIME_LIMIT:
        return []
    return [
        Error(
            f"CELERY_VISIBILITY_TIMEOUT ({timeout} s) must exceed the task time limit "
            f"({settings.CELERY_TASK_TIME_LIMIT} s).",
            id="scorekeeper.E003",
        )
    ]
