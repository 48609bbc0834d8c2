"""The public rules API is rate-limited per client address."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from api.rules.views import RulesThrottle


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
