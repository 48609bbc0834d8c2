"""``/healthz``: is the database (and Redis, when configured) answering?"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return bool(cursor.fetchone() == (1,))
    except Exception:  # any driver error means "down"; the body says which part failed
        return False


def _redis_ok(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_timeout=2).ping())
    except redis.RedisError:
        return False


def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database_ok()}
    if settings.REDIS_URL:
        checks["redis"] = _redis_ok(settings.REDIS_URL)
    failed = [name for name, ok in checks.items() if not ok]
    body = {"status": "fail" if failed else "ok", "checks": checks, "failed": failed}
    return JsonResponse(body, status=503 if failed else 200)
