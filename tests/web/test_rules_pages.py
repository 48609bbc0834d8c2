"""The players' rule book in the app (docs/rules/book/): every page in every language the app speaks,
each keeping every rule id of the developers' reference as an anchor, none carrying what is for
developers (file names, option keys, code), a page missing in a language shown in English with a note,
raw HTML escaped."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client

from games.rule_links import PAGES, page_url, refusal_url, rule_url
from web.rulebook import BOOK_DIR, RULES_DIR, rendered, rule_page

LANGUAGES = sorted({code for code, _ in django_settings.LANGUAGES} - {"sr-latn"})
BOOK = [(language, page) for language in LANGUAGES for page in PAGES]
# What is for developers and stays in docs/rules/ (the reference): file names, links to other files,
# code and option keys in backticks, test ids, API paths.
DEVELOPERS = {
    "a file name": re.compile(r"\w\.(?:py|js|json|toml)\b|tests/|games/"),
    "a link to another file": re.compile(r"\]\((?!(?:" + "|".join(PAGES) + r")\.md\b|#|https?://)[^)]*\)"),
    "code in backticks": re.compile(r"`[^`]+`"),
    "a test's id": re.compile(r"pytest"),
    "an API path": re.compile(r"/api/v1/"),
}


def reference_ids(page: str) -> tuple[str, ...]:
    """The rule ids of the developers' reference page: the book keeps every one."""
    return rendered((RULES_DIR / f"{page}.md").read_text(encoding="utf-8"))[1]


def get(client: Client, page: str, language: str) -> str:
    response = client.get(page_url(page), headers={"accept-language": language})
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(("language", "page"), BOOK)
def test_the_book_has_every_page_in_every_language_with_every_rule_id(language: str, page: str) -> None:
    path = BOOK_DIR / language / f"{page}.md"
    assert path.is_file(), f"{path.relative_to(RULES_DIR.parent.parent)} is missing"
    shown = rule_page(page, language)
    assert shown.language == language
    missing = [rule for rule in reference_ids(page) if rule not in shown.ids]
    assert not missing, f"{path.name} ({language}) lacks {missing}"
    assert len(shown.ids) == len(set(shown.ids)), f"{page} ({language}): an id twice"


@pytest.mark.parametrize(("language", "page"), BOOK)
def test_the_book_is_written_for_players(language: str, page: str) -> None:
    text = (BOOK_DIR / language / f"{page}.md").read_text(encoding="utf-8")
    found = [
        f"{what}: {hit.group(0)!r}"
        for what, pattern in DEVELOPERS.items()
        for line in text.splitlines()
        if (hit := pattern.search(line))
    ]
    assert not found, f"docs/rules/book/{language}/{page}.md: " + "; ".join(found)


def test_every_reference_page_has_its_rule_ids_as_anchors() -> None:
    expected = {"tablo": "B8", "escoba": "3.2(a)", "tamlin": "T14", "twenty": "2.2(b)", "shared": "A3"}
    for page, rule in expected.items():
        assert rule in reference_ids(page)
    assert {"TB-4a", "B12", "4.2"} <= set(reference_ids("tablo"))


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("language", ["en", "ru", "sr-latn", "pt"])
def test_each_page_renders_in_the_readers_language_with_its_anchors(
    client: Client, page: str, language: str
) -> None:
    html = get(client, page, language)
    shown = rule_page(page, language)
    assert shown.language == language
    for rule in shown.ids:
        assert f'id="{rule}"' in html
    assert f'<article class="rules" lang="{language}">' in html
    assert "rules-fallback" not in html


def test_a_page_missing_in_a_language_falls_back_to_english_with_a_note(
    client: Client, settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for page in PAGES:  # a book with English only
        (tmp_path / "en").mkdir(exist_ok=True)
        (tmp_path / "en" / f"{page}.md").write_text((BOOK_DIR / "en" / f"{page}.md").read_text("utf-8"))
    monkeypatch.setattr("web.rulebook.BOOK_DIR", tmp_path)
    html = get(client, "twenty", "ru")
    assert '<article class="rules" lang="en">' in html
    assert "rules-fallback" in html
    assert "здесь она на английском" in html


def test_a_rule_link_reaches_its_anchor(client: Client) -> None:
    url = rule_url("tablo", "B8")
    assert url == "/rules/tablo/#B8"
    path, anchor = url.split("#")
    assert f'id="{anchor}"' in client.get(path).content.decode()
    assert rule_url("escoba", "E5, 3.2(b)") == "/rules/escoba/#E5"
    assert rule_url("escoba", "3.2(d)") == "/rules/escoba/#3.2(d)"
    assert rule_url("tamlin", "A5") == "/rules/shared/#A5"
    assert refusal_url("capture.illegal", "escoba") == "/rules/escoba/#E5"
    assert refusal_url("turn.wrong_seat", "twenty") == ""


def test_an_unknown_page_is_not_found(client: Client) -> None:
    assert client.get("/rules/poker/").status_code == 404
    assert client.get("/rules/README/").status_code == 404


def test_links_between_pages_lead_to_the_site_and_raw_html_is_escaped() -> None:
    html, _ = rendered(
        "See [Tablo](tablo.md), [B7](#B7) and [the log](../rules-decisions.md).\n\n<script>x</script>"
    )
    assert '<a href="/rules/tablo/">Tablo</a>' in html
    assert '<a href="#B7">B7</a>' in html
    assert "<span>the log</span>" in html
    assert "<script>" not in html
    assert "&lt;script&gt;" in html


def test_the_site_menu_links_to_the_rules(client: Client) -> None:
    assert f'href="{page_url("README")}"' in client.get("/disputes/").content.decode()


def test_the_ambiguous_readings_are_said_with_their_options() -> None:
    for page, option in {
        "escoba": "lead: dealer",
        "tablo": "later-played",
        "tamlin": "scoring: cassino",
        "twenty": "winner: over_twenty",
    }.items():
        assert option in (RULES_DIR / f"{page}.md").read_text(encoding="utf-8")
    assert "each other side" in (RULES_DIR / "escoba.md").read_text(encoding="utf-8")


def test_serbian_latin_is_made_from_the_cyrillic_book() -> None:
    shown = rule_page("tablo", "sr-latn")
    assert shown.language == "sr-latn"
    assert not re.search("[\u0400-\u04ff]", shown.html)
    assert shown.ids == rule_page("tablo", "sr").ids


def test_rule_pages_are_cached_by_content() -> None:
    text = Path(BOOK_DIR / "en" / "tablo.md").read_text(encoding="utf-8")
    assert rendered(text) is rendered(text + "")
