"""Every page carries a Content-Security-Policy that allows no inline script or
style, and no template needs one (the htmx-config meta tag is data, not script)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
PAGES = [
    "/",
    "/disputes/",
    "/accounts/login/",
    "/accounts/signup/",
    "/api/docs/",
    "/no-such-page/",
    "/healthz",
]
INLINE = [
    pytest.param(re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE), id="inline-script"),
    pytest.param(re.compile(r"\sstyle\s*=", re.IGNORECASE), id="style-attribute"),
    pytest.param(re.compile(r"\son[a-z]+\s*=", re.IGNORECASE), id="event-handler"),
    pytest.param(re.compile(r"<style", re.IGNORECASE), id="style-element"),
    pytest.param(re.compile(r"\bhx-on", re.IGNORECASE), id="htmx-handler"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_a_strict_content_security_policy(path: str) -> None:
    response = Client().get(path)
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "'unsafe-eval'" not in policy  # 'wasm-unsafe-eval' compiles the engine's WebAssembly only
    assert "frame-ancestors 'none'" in policy


@pytest.mark.django_db
@pytest.mark.parametrize("pattern", INLINE)
@pytest.mark.parametrize("path", ["/", "/disputes/", "/accounts/login/", "/api/docs/"])
def test_pages_have_no_inline_script_or_style(path: str, pattern: re.Pattern[str]) -> None:
    assert not pattern.search(Client().get(path).content.decode())


@pytest.mark.parametrize("pattern", INLINE)
def test_no_template_has_inline_script_or_style(pattern: re.Pattern[str]) -> None:
    offenders = [
        str(template.relative_to(TEMPLATES))
        for template in TEMPLATES.rglob("*.html")
        if pattern.search(template.read_text())
    ]
    assert offenders == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/", "/disputes/", "/api/docs/"])
def test_the_browser_reports_no_policy_violation(live_server: LiveServer, page: Page, path: str) -> None:
    messages: list[str] = []
    page.on("console", lambda message: messages.append(_text(message)))
    page.goto(live_server.url + path)
    page.wait_for_load_state("networkidle")
    if path == "/api/docs/":
        expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
    assert [text for text in messages if "Content Security Policy" in text] == []


def _text(message: ConsoleMessage) -> str:
    return message.text
