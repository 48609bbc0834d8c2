"""A static file whose name carries its content's hash is kept by the browser for good; any other one
for WhiteNoise's short default (``WHITENOISE_IMMUTABLE_FILE_TEST``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client

from tests.conftest import IN_CI

MANIFEST = django_settings.BASE_DIR / "static" / "engine" / "manifest.json"


@pytest.mark.skipif(
    not MANIFEST.exists() and not IN_CI, reason="static/engine/ is not built: make engine-web"
)
def test_the_engines_hashed_files_are_kept_for_good_and_its_manifest_is_asked_again(settings: Any) -> None:
    settings.WHITENOISE_USE_FINDERS = settings.WHITENOISE_AUTOREFRESH = True  # static/, not collected
    client = Client()  # its own middleware, built with these settings
    names = json.loads(MANIFEST.read_text())
    for name in (names["engine"], names["stdlib"]):
        response = client.get(f"/static/engine/{name}")
        assert response.status_code == 200, name
        assert response["Cache-Control"] == "max-age=315360000, public, immutable", name
    manifest = client.get("/static/engine/manifest.json")
    assert "immutable" not in manifest["Cache-Control"]
    assert "immutable" not in client.get("/static/js/offline.js")["Cache-Control"]
