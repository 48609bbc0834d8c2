"""Static files in production: hashed names, gzip copies, and cached for good by browsers."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from django.core.management import call_command
from django.http import HttpResponse
from django.templatetags.static import static
from django.test import RequestFactory, override_settings
from whitenoise.middleware import WhiteNoiseMiddleware  # type: ignore[import-untyped]  # no stubs

PRODUCTION_STORAGE = "whitenoise.storage.CompressedManifestStaticFilesStorage"


@pytest.mark.slow
def test_collected_files_are_hashed_compressed_and_cached_for_good(tmp_path: Path) -> None:
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": PRODUCTION_STORAGE},
    }
    ours = ["django.contrib.staticfiles.finders.FileSystemFinder"]  # static/, not the admin's (faster)
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages, STATICFILES_FINDERS=ours, DEBUG=False):
        call_command("collectstatic", interactive=False, verbosity=0)
        url = static("css/app.css")  # what {% static %} writes into the pages
        assert url != "/static/css/app.css"  # a hashed name: a new version is a new URL
        hashed = tmp_path / url.removeprefix("/static/")
        assert gzip.decompress((hashed.parent / f"{hashed.name}.gz").read_bytes()) == hashed.read_bytes()
        middleware = WhiteNoiseMiddleware(lambda request: HttpResponse(status=404))
        response = middleware(RequestFactory().get(url, HTTP_ACCEPT_ENCODING="gzip"))
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "immutable" in response["Cache-Control"]
    assert "max-age=315360000" in response["Cache-Control"]  # ten years: the name changes instead
