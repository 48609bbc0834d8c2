"""The public rules API is rate-limited per client address, which a client cannot make up, and keeps
answering when the cache (the throttle's store) is unreachable."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import override_settings
from rest_framework.test import APIClient

from api.rules.views import RulesThrottle
from scorekeeper.redis_conf import RedisConf


def test_too_many_requests_get_a_429_in_the_envelope(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RulesThrottle, "THROTTLE_RATES", {"rules": "2/minute"})
    cache.clear()
    client = APIClient()
    statuses = [client.get("/api/v1/rules/").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    response = client.get("/api/v1/rules/")
    assert response.json()["code"] == "request.throttled"
    assert int(response["Retry-After"]) > 0
    cache.clear()


def _burst(monkeypatch: pytest.MonkeyPatch, forwarded_for: list[str]) -> list[int]:
    monkeypatch.setattr(RulesThrottle, "THROTTLE_RATES", {"rules": "3/minute"})
    cache.clear()
    client = APIClient()
    statuses = [client.get("/api/v1/rules/", HTTP_X_FORWARDED_FOR=xff).status_code for xff in forwarded_for]
    cache.clear()
    return statuses


def test_made_up_forwarded_addresses_do_not_bypass_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    made_up = [f"203.0.113.{n}" for n in range(6)]
    assert _burst(monkeypatch, made_up) == [200, 200, 200, 429, 429, 429]


@override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": 1})
def test_behind_one_proxy_the_address_it_appended_is_the_client(monkeypatch: pytest.MonkeyPatch) -> None:
    spoofed = [f"203.0.113.{n}, 198.51.100.7" for n in range(6)]  # the client's lie, then the proxy's entry
    assert _burst(monkeypatch, spoofed) == [200, 200, 200, 429, 429, 429]
    two_clients = ["198.51.100.7", "198.51.100.8"] * 3
    assert _burst(monkeypatch, two_clients) == [200, 200, 200, 200, 200, 200]


@override_settings(CACHES={**settings.CACHES, "default": RedisConf("redis://127.0.0.1:1/0").cache()})
def test_with_the_cache_unreachable_the_throttle_lets_requests_through_and_logs_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(RulesThrottle, "THROTTLE_RATES", {"rules": "2/minute"})
    statuses = [APIClient().get("/api/v1/rules/").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 200]
    assert "Exception ignored" in caplog.text
