"""The engine for the phone as ``make engine-web`` builds it: its version, and static/engine/ served right.

Needs a build (``make test`` makes one first); without one it is skipped, and in CI it fails.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.http import HttpResponse
from django.test import RequestFactory, override_settings
from rest_framework.test import APIClient
from whitenoise.middleware import WhiteNoiseMiddleware  # type: ignore[import-untyped]  # no stubs

from games.engine_version import RULES, engine_version, source_hash
from tests.conftest import IN_CI

BUILT = Path(settings.BASE_DIR) / "static" / "engine"
ONLY_OURS = ["django.contrib.staticfiles.finders.FileSystemFinder"]  # static/, not the admin's (faster)


@pytest.fixture
def manifest() -> dict[str, Any]:
    path = BUILT / "manifest.json"
    if not path.exists():
        if IN_CI:
            pytest.fail("static/engine/ is not built: make engine-web")
        pytest.skip("static/engine/ is not built (make engine-web; needs Node.js and npm)")
    found: dict[str, Any] = json.loads(path.read_text())
    return found


def _get(url: str, encodings: str = "") -> HttpResponse:
    middleware = WhiteNoiseMiddleware(lambda request: HttpResponse(status=404))
    request = RequestFactory().get(url, headers={"Accept-Encoding": encodings} if encodings else {})
    return middleware(request)  # type: ignore[no-any-return]  # untyped


def _body(response: HttpResponse) -> bytes:
    return b"".join(response.streaming_content)  # type: ignore[attr-defined]  # a file


def _served_as_brotli(manifest: dict[str, Any]) -> None:
    """Every engine file comes as its brotli copy to a browser that accepts brotli (as Chromium asks), in
    the manifest's size, and as itself to one that does not."""
    for name, size in manifest["bytes"].items():
        packed = _get(f"/static/engine/{name}", "gzip, deflate, br, zstd")
        assert (packed.status_code, packed["Content-Encoding"]) == (200, "br"), name
        assert len(_body(packed)) == size["br"], name
        assert "Accept-Encoding" in packed["Vary"]
    plain = _get(f"/static/engine/{manifest['engine']}")
    assert not plain.has_header("Content-Encoding")
    assert _body(plain) == (BUILT / manifest["engine"]).read_bytes()


def test_the_rules_api_gives_the_built_engines_version(manifest: dict[str, Any]) -> None:
    games = APIClient().get("/api/v1/rules/").json()
    assert {game["engine_version"] for game in games} == {manifest["version"]} == {engine_version()}


def test_the_version_changes_with_any_source_of_the_engine(tmp_path: Path) -> None:
    copy = tmp_path / "rules"
    shutil.copytree(RULES, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert source_hash(copy) == engine_version()
    (copy / "capture" / "kinds.py").write_text((copy / "capture" / "kinds.py").read_text() + "\n")
    assert source_hash(copy) != engine_version()


def test_the_manifest_names_every_file_by_its_hash(manifest: dict[str, Any]) -> None:
    assert manifest["pyodide"] == "314.0.8"
    assert manifest["stdlib"].startswith("python_stdlib-")
    assert manifest["engine"].startswith("engine-")
    for name, size in manifest["bytes"].items():
        assert (BUILT / name).stat().st_size == size["raw"]
    assert manifest["total_br"] == sum(size["br"] for size in manifest["bytes"].values())


def test_in_development_the_wasm_is_served_as_application_wasm(manifest: dict[str, Any]) -> None:
    with override_settings(DEBUG=True, STATICFILES_FINDERS=ONLY_OURS):
        wasm = _get(f"/static/engine/{manifest['index']}pyodide.asm.wasm")
        module = _get(f"/static/engine/{manifest['index']}pyodide.mjs")
    assert wasm.status_code == module.status_code == 200
    assert wasm["Content-Type"] == "application/wasm"  # compiled while it streams in
    assert module["Content-Type"].startswith("text/javascript")


def test_in_development_the_engine_is_served_as_brotli(manifest: dict[str, Any]) -> None:
    with override_settings(DEBUG=True, STATICFILES_FINDERS=ONLY_OURS):
        _served_as_brotli(manifest)


@pytest.mark.slow
def test_in_production_collectstatic_keeps_every_engine_file_at_its_name(
    manifest: dict[str, Any], tmp_path: Path
) -> None:
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(
        STATIC_ROOT=tmp_path, STORAGES=storages, STATICFILES_FINDERS=ONLY_OURS, DEBUG=False
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        names = ["manifest.json", manifest["stdlib"], manifest["engine"], *manifest["bytes"]]
        responses = {name: _get(f"/static/engine/{name}") for name in names}  # as the worker asks for them
        _served_as_brotli(manifest)
    assert {name: response.status_code for name, response in responses.items()} == dict.fromkeys(names, 200)
    # Every file but the manifest is named for its content (Pyodide's in a folder named so): kept for good.
    kept = {name: "immutable" in response["Cache-Control"] for name, response in responses.items()}
    assert kept == {name: name != "manifest.json" for name in names}
    assert manifest["index"].startswith("pyodide-")
    assert responses[f"{manifest['index']}pyodide.asm.wasm"]["Content-Type"] == "application/wasm"
    assert _body(responses[manifest["engine"]]) == (BUILT / manifest["engine"]).read_bytes()
