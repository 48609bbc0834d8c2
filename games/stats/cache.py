"""The standings cache (Redis in production, local memory otherwise), versioned per club.

Every key of a club holds the club's current token, so one write (a new token) invalidates them all.
Keys also hold a fingerprint of the club's finished matches, so a finished match shows up even if the
task that invalidates was lost. When the cache is down, reads compute from the database and writes are
skipped: matches are recorded either way, and the standings catch up when it returns.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django_redis.exceptions import ConnectionInterrupted  # type: ignore[import-untyped]  # django-redis has no types
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)
T = TypeVar("T")

TIMEOUT = 24 * 60 * 60
CACHE_ERRORS = (ConnectionInterrupted, RedisError, OSError)


def _token_key(club_id: int) -> str:
    return f"stats:club:{club_id}:token"


def cached(club_id: int, parts: tuple[object, ...], compute: Callable[[], T]) -> T:
    """The value cached under ``parts`` for the club, computed (and stored) on a miss."""
    try:
        token = cache.get_or_set(_token_key(club_id), uuid.uuid4().hex, timeout=None)
        key = ":".join(["stats", str(club_id), str(token), *map(str, parts)])
        value: T | None = cache.get(key)
    except CACHE_ERRORS:
        logger.warning("Cache unavailable: computing the statistics of club %s", club_id, exc_info=True)
        return compute()
    if value is None:
        value = compute()
        try:
            cache.set(key, value, timeout=TIMEOUT)
        except CACHE_ERRORS:
            logger.warning("Cache unavailable: statistics of club %s not stored", club_id, exc_info=True)
    return value


def invalidate(club_id: int) -> bool:
    """Give the club a new token; ``False`` (logged) when the cache is down."""
    try:
        cache.set(_token_key(club_id), uuid.uuid4().hex, timeout=None)
    except CACHE_ERRORS:
        logger.warning("Cache unavailable: statistics of club %s not invalidated", club_id, exc_info=True)
        return False
    return True
