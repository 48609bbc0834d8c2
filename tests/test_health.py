"""``/healthz`` answers 200 when the parts work and 503 naming the part that does not."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings


@pytest.mark.django_db
def test_healthz_is_ok_with_a_database(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["checks"]["database"] is True


@pytest.mark.django_db
@override_settings(REDIS_URL="redis://127.0.0.1:1/0")
def test_healthz_names_redis_when_it_is_down(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["failed"] == ["redis"]


@pytest.mark.redis
@pytest.mark.django_db
def test_healthz_checks_real_redis(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["checks"] == {"database": True, "redis": True}
