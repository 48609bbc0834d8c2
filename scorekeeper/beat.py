"""Exactly one Celery beat sends the periodic tasks, however many are started (one per machine is fine).

``celery -A scorekeeper beat`` uses :class:`LockedScheduler` (``CELERY_BEAT_SCHEDULER``): a beat sends
only while it holds a lock in Redis, renewed every ``RENEW`` seconds and lost after ``TTL``; the others
wait and take over within ``TTL`` seconds of its death. Without Redis (eager Celery) there is no lock.
"""

from __future__ import annotations

import logging
from typing import Any

from celery.beat import PersistentScheduler
from django.conf import settings
from redis.exceptions import LockError, RedisError
from redis.lock import Lock

from scorekeeper.redis_conf import redis_client

logger = logging.getLogger(__name__)

LOCK_NAME = "scorekeeper:beat:lock"
TTL = 30.0
RENEW = 10.0


class BeatLock:
    """The deployment's one beat lock, as seen from one beat."""

    def __init__(self) -> None:
        self._lock: Lock | None = None

    def held(self) -> bool:
        """Renew the lock if this beat holds it, else try to take it; ``False`` when Redis is down."""
        try:
            if self._lock is not None:
                self._lock.reacquire()
                return True
            lock = Lock(redis_client(), LOCK_NAME, timeout=TTL, thread_local=False)
            if lock.acquire(blocking=False):
                logger.info("This beat holds the lock: it sends the periodic tasks")
                self._lock = lock
                return True
        except LockError:
            logger.warning("This beat lost its lock: another one sends the periodic tasks now")
            self._lock = None
        except RedisError:
            logger.warning("Redis unavailable: this beat sends nothing until it answers", exc_info=True)
            self._lock = None
        return False

    def release(self) -> None:
        if self._lock is None:
            return
        try:
            self._lock.release()
        except (LockError, RedisError):
            logger.info("The beat lock was already gone")
        self._lock = None


class LockedScheduler(PersistentScheduler):
    """A beat that sends nothing unless it holds the deployment's beat lock."""

    lock = BeatLock()  # one beat process runs one scheduler

    def tick(self, *args: Any, **kwargs: Any) -> float:
        if settings.REDIS is None:
            return float(super().tick(*args, **kwargs))
        if not self.lock.held():
            return RENEW
        return min(float(super().tick(*args, **kwargs)), RENEW)

    def close(self) -> None:
        self.lock.release()
        super().close()
