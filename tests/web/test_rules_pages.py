"""The rules reference in the app (docs/rules/): every page in English and in each translation kept in
the repository, every rule id an anchor, no rule id of the English page missing from a translation,
untranslated pages in English with a note, raw HTML escaped."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from games.rule_links import PAGES, page_url, refusal_url, rule_url
from web.rulebook import RULES_DIR, latin, rendered, rule_page

TRANSLATIONS = sorted(
    (path.parent.name, path.stem) for path in RULES_DIR.glob("*/*.md") if path.stem in PAGES
)


def get(client: Client, page: str, language: str) -> str:
    response = client.get(page_url(page), headers={"accept-language": language})
    assert response.status_code == 200
    return response.content.decode()


def test_every_english_page_has_its_rule_ids_as_anchors() -> None:
    expected = {"tablo": "B8", "escoba": "3.2(a)", "tamlin": "T14", "twenty": "2.2(b)", "shared": "A3"}
    for page, rule in expected.items():
        ids = rule_page(page, "en").ids
        assert rule in ids
        assert len(ids) == len(set(ids)), f"{page}: an id twice"
    assert {"TB-4a", "B12", "4.2"} <= set(rule_page("tablo", "en").ids)


@pytest.mark.parametrize(("language", "page"), TRANSLATIONS)
def test_a_translation_keeps_every_rule_id_of_the_english_page(language: str, page: str) -> None:
    english = rule_page(page, "en").ids
    translated = rule_page(page, language)
    assert translated.language == language
    missing = [rule for rule in english if rule not in translated.ids]
    assert not missing, f"docs/rules/{language}/{page}.md lacks {missing}"


def test_every_page_is_in_russian_and_each_game_in_its_home_language() -> None:
    assert {("ru", page) for page in PAGES} <= set(TRANSLATIONS)
    assert {("sr", "tablo"), ("es", "escoba"), ("it", "tamlin"), ("pt", "escoba")} <= set(TRANSLATIONS)


HOME = [
    ("sr", "tablo", "Ношење"),
    ("sr-latn", "tablo", "Nošenje"),
    ("es", "escoba", "Baza"),
    ("it", "tamlin", "Prese"),
    ("pt", "escoba", "Sobras"),
]


@pytest.mark.parametrize(("language", "page", "word"), HOME)
def test_a_game_reads_in_its_home_language_and_other_pages_fall_back(
    client: Client, settings: Any, language: str, page: str, word: str
) -> None:
    settings.LANGUAGES = [("en", "English"), ("ru", "Russian"), (language, language)]
    html = get(client, page, language)
    assert f'<article class="rules" lang="{language}">' in html
    assert word in html
    for rule in rule_page(page, "en").ids:
        assert f'id="{rule}"' in html
    other = get(client, "twenty", language)
    assert '<article class="rules" lang="en">' in other
    assert "rules-fallback" in other


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_each_page_renders_in_english_and_russian_with_its_anchors(
    client: Client, page: str, language: str
) -> None:
    html = get(client, page, language)
    shown = rule_page(page, language)
    for rule in shown.ids:
        assert f'id="{rule}"' in html
    assert f'<article class="rules" lang="{shown.language}">' in html
    note = "здесь она на английском" in html
    assert note == (language == "ru" and shown.language == "en")


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
    html, _ = rendered("See [Tablo](tablo.md) and [the log](../rules-decisions.md).\n\n<script>x</script>")
    assert '<a href="/rules/tablo/">Tablo</a>' in html
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


def test_serbian_latin_is_made_from_the_cyrillic_letter_by_letter() -> None:
    assert latin("Џак, Љубица и њива: 10♦") == "Džak, Ljubica i njiva: 10♦"
    cyrillic = RULES_DIR / "sr" / "tablo.md"
    if cyrillic.is_file():
        shown = rule_page("tablo", "sr-latn")
        assert shown.language == "sr-latn"
        assert not re.search("[\u0400-\u04ff]", shown.html)


def test_rule_pages_are_cached_by_content() -> None:
    text = Path(RULES_DIR / "tablo.md").read_text(encoding="utf-8")
    assert rendered(text) is rendered(text + "")
