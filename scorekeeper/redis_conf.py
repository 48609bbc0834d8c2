"""Where Redis is: one server (``REDIS_URL``) or a master found through Sentinel (``REDIS_SENTINELS``).

The cache, the Celery broker and result backend, the beat lock and ``/healthz`` all read it from here,
so a failover moves them together. Every connection has short socket timeouts: a dead or black-holed
Redis costs a request at most ``CONNECT_TIMEOUT`` per call, never a hung worker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

import redis
import redis.asyncio
import redis.asyncio.sentinel
from django.core.exceptions import ImproperlyConfigured
from redis.sentinel import Sentinel

CONNECT_TIMEOUT = 1.0  # seconds to open a connection
READ_TIMEOUT = 2.0  # seconds to wait for an answer (Celery's blocking reads wait 1 s at most)
HEALTH_SECONDS = 10  # a subscription silent this long is checked with a PING
TIMEOUTS = {"socket_connect_timeout": CONNECT_TIMEOUT, "socket_timeout": READ_TIMEOUT}


@dataclass(frozen=True, slots=True)
class RedisConf:
    """``url`` for one server; with ``sentinels`` (host, port pairs), ``master`` names the monitored
    master and ``url`` only gives the database number (and password)."""

    url: str
    sentinels: tuple[tuple[str, int], ...] = ()
    master: str = ""

    @classmethod
    def from_env(cls, url: str | None, sentinels: list[str], master: str) -> RedisConf | None:
        """The configuration the environment gives, ``None`` for no Redis (eager Celery, local cache).

        Raises:
            ImproperlyConfigured: a sentinel that is not ``host:port``.
        """
        if not sentinels:
            return cls(url) if url else None
        return cls(url or "redis://", tuple(_host_port(item) for item in sentinels), master)

    @property
    def db(self) -> int:
        path = urlparse(self.url).path.strip("/")
        return int(path) if path.isdigit() else 0

    @property
    def password(self) -> str | None:
        return urlparse(self.url).password

    def client(self) -> redis.Redis:
        """A client of the current master."""
        if not self.sentinels:
            return redis.Redis.from_url(self.url, **TIMEOUTS)
        sentinel = Sentinel(self.sentinels, sentinel_kwargs=TIMEOUTS, **TIMEOUTS)  # type: ignore[no-untyped-call]  # redis-py's Sentinel is untyped
        master: redis.Redis = sentinel.master_for(self.master, db=self.db, password=self.password)  # type: ignore[no-untyped-call]  # as above
        return master

    def async_client(self) -> redis.asyncio.Redis:
        """An asyncio client of the current master, for a subscription (``games.push``): no read
        timeout (it waits for messages), a PING after ``HEALTH_SECONDS`` of silence instead."""
        options: dict[str, Any] = {
            "socket_connect_timeout": CONNECT_TIMEOUT,
            "health_check_interval": HEALTH_SECONDS,
        }
        if not self.sentinels:
            return redis.asyncio.Redis.from_url(self.url, **options)
        sentinel = redis.asyncio.sentinel.Sentinel(self.sentinels, sentinel_kwargs=TIMEOUTS, **options)  # type: ignore[no-untyped-call]
        master: redis.asyncio.Redis = sentinel.master_for(self.master, db=self.db, password=self.password)
        return master

    def cache(self) -> dict[str, Any]:
        """Django's ``CACHES["default"]``. Errors are logged and ignored (a read is a miss, a write is
        skipped), so a Redis outage never fails a request: throttles let it through."""
        options: dict[str, Any] = {
            "SOCKET_CONNECT_TIMEOUT": CONNECT_TIMEOUT,
            "SOCKET_TIMEOUT": READ_TIMEOUT,
            "IGNORE_EXCEPTIONS": True,
        }
        location = self.url
        if self.sentinels:
            location = f"redis://{self.master}/{self.db}"
            options |= {
                "CLIENT_CLASS": "django_redis.client.SentinelClient",
                "CONNECTION_FACTORY": "django_redis.pool.SentinelConnectionFactory",
                "SENTINELS": list(self.sentinels),
                "SENTINEL_KWARGS": TIMEOUTS,
                "PASSWORD": self.password,
            }
        return {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": location, "OPTIONS": options}

    def celery_url(self) -> str:
        """The broker and result backend URL (``sentinel://`` ones joined by ``;``)."""
        if not self.sentinels:
            return self.url
        auth = f":{self.password}@" if self.password else ""
        return ";".join(f"sentinel://{auth}{host}:{port}/{self.db}" for host, port in self.sentinels)

    def celery_transport_options(self) -> dict[str, Any]:
        options: dict[str, Any] = dict(TIMEOUTS)
        if self.sentinels:
            options |= {"master_name": self.master, "sentinel_kwargs": TIMEOUTS}
        return options


def redis_client() -> redis.Redis:
    """A client of the configured Redis (its master, through Sentinel).

    Raises:
        ImproperlyConfigured: no Redis is configured.
    """
    from django.conf import settings

    conf: RedisConf | None = settings.REDIS
    if conf is None:
        raise ImproperlyConfigured("Redis is not configured: set REDIS_URL or REDIS_SENTINELS")
    return conf.client()


def _host_port(item: str) -> tuple[str, int]:
    host, _, port = item.rpartition(":")
    if not host or not port.isdigit():
        raise ImproperlyConfigured(f"REDIS_SENTINELS must list host:port pairs, got {item!r}")
    return host, int(port)
