"""Static files in production: hashed names, gzip copies, and cached for good by browsers."""

from __future__ import annotations

import gzip
import re
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


CSS = Path(__file__).resolve().parents[1] / "static" / "css"
DARK = re.compile(r"@media \(prefers-color-scheme: dark\)\s*\{")
COLOUR_PROPERTIES = {
    "color",
    "background",
    "background-color",
    "border-color",
    "fill",
    "stroke",
    "outline-color",
}
COLOUR = re.compile(r"#[0-9a-f]{3,8}|(rgb|hsl)a?\([^)]*\)|transparent|currentcolor", re.IGNORECASE)


def _dark_declarations(text: str) -> list[tuple[str, str]]:
    """The (property, value) pairs set inside the ``prefers-color-scheme: dark`` blocks of ``text``."""
    found = []
    for start in DARK.finditer(text):
        depth, end = 1, start.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        body = re.sub(r"/\*.*?\*/", "", text[start.end() : end - 1], flags=re.DOTALL)
        for declaration in re.findall(r"[-\w]+\s*:[^;{}]+", body):
            name, value = declaration.split(":", 1)
            found.append((name.strip(), value.strip()))
    return found


def test_the_dark_scheme_changes_colours_only() -> None:
    """What lets the browser tests walk the dark scheme for its contrast alone (tests/ui/flows.py
    LOCALES): each of its declarations sets a colour, to a colour."""
    declarations = [
        each for sheet in sorted(CSS.glob("*.css")) for each in _dark_declarations(sheet.read_text())
    ]
    assert declarations  # the scheme is there to be checked
    wrong = [
        f"{name}: {value}"
        for name, value in declarations
        if not (name.startswith("--") or name in COLOUR_PROPERTIES) or not COLOUR.fullmatch(value)
    ]
    assert not wrong, wrong
