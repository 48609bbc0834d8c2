"""Every language's catalogue is complete and sound, and every language is served (docs/languages.md).

A message added to the code reaches the catalogues through ``make messages``; until it is
translated in every language these tests fail, naming the language and the message.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

ROOT = Path(__file__).resolve().parent.parent
LOCALES = {code: translation.to_locale(code) for code, _ in settings.LANGUAGES if code != "en"}
HTML_LANG = {"en": "en", "ru": "ru", "sr": "sr", "sr-latn": "sr-Latn", "es": "es", "it": "it"}
# What a translation must carry over unchanged: %-placeholders, str.format fields, HTML tags.
PLACEHOLDER = re.compile(r"%\([^)]+\)[-#0 +]*\d*(?:\.\d+)?[a-z]|%[sd%]|\{[^{}]*\}|</?[a-z][^<>]*>")


@dataclass
class Entry:
    """One message of a .po file, as far as these checks need it."""

    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstrs: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    def __str__(self) -> str:
        return f"[{self.msgctxt}] {self.msgid!r}" if self.msgctxt else repr(self.msgid)


def read_po(path: Path) -> list[Entry]:
    """The entries of ``path`` (header included, as the entry whose msgid is empty)."""
    entries, entry, target = [], Entry(), ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if entry.msgstrs or entry.msgid:
                entries.append(entry)
            entry = Entry()
        elif line.startswith("#,"):
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#~"):
            entry.obsolete = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            _append(entry, target, json.loads(line))
        else:
            target, _, text = line.partition(" ")
            if target.startswith("msgstr"):
                entry.msgstrs.append("")
            _append(entry, target, json.loads(text))
    return entries


def _append(entry: Entry, target: str, text: str) -> None:
    if target.startswith("msgstr"):
        entry.msgstrs[-1] += text
    else:
        setattr(entry, target, (getattr(entry, target) or "") + text)


def catalogue(code: str) -> Path:
    return ROOT / "locale" / LOCALES[code] / "LC_MESSAGES" / "django.po"


def messages(code: str) -> list[Entry]:
    return [entry for entry in read_po(catalogue(code)) if entry.msgid and not entry.obsolete]


def plural_forms(code: str) -> int:
    header = next(entry for entry in read_po(catalogue(code)) if not entry.msgid).msgstrs[0]
    found = re.search(r"nplurals=(\d+)", header)
    assert found, f"{code}: the header has no Plural-Forms"
    return int(found.group(1))


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def problems(code: str) -> Iterator[str]:
    """What is wrong with the catalogue of ``code``, one line each."""
    forms = plural_forms(code)
    for entry in messages(code):
        if "fuzzy" in entry.flags:
            yield f"fuzzy: {entry}"
        if not all(entry.msgstrs) or len(entry.msgstrs) != (forms if entry.msgid_plural else 1):
            yield f"untranslated: {entry}"
            continue
        wanted = placeholders(entry.msgid_plural or entry.msgid)
        for text in entry.msgstrs:
            if placeholders(text) != wanted:
                yield f"placeholders {placeholders(text)} instead of {wanted}: {entry}"


@pytest.mark.parametrize("code", LOCALES)
def test_the_catalogue_translates_every_message_without_fuzzy_entries_or_lost_placeholders(code: str) -> None:
    assert list(problems(code)) == []


@pytest.mark.parametrize("code", LOCALES)
def test_every_catalogue_holds_the_same_messages(code: str) -> None:
    """A message one catalogue lacks was added without ``make messages`` (which adds it to all)."""
    keys = {code: {(entry.msgctxt, entry.msgid) for entry in messages(code)} for code in LOCALES}
    every = set().union(*keys.values())
    assert sorted(map(str, every - keys[code])) == []


def test_serbian_latin_is_the_transliteration_of_serbian_cyrillic() -> None:
    spec = importlib.util.spec_from_file_location("transliterate_sr", ROOT / "scripts/transliterate_sr.py")
    assert spec
    assert spec.loader
    script: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.transliterate("Ђурђевак, Љиљана, ЊИВА, џеп: %(count)s <b>чаша</b> {name}") == (
        "Đurđevak, Ljiljana, NJIVA, džep: %(count)s <b>čaša</b> {name}"
    )
    latin = catalogue("sr-latn").read_text(encoding="utf-8")
    assert latin == script.transliterate_po(catalogue("sr").read_text(encoding="utf-8")), "run make messages"
    assert not re.search("[\u0400-\u04ff]", latin)


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("code", LOCALES)
def test_the_compiled_catalogue_is_the_po_files(code: str, tmp_path: Path) -> None:
    """msgfmt agrees that the formats match (python-format, python-brace-format), and the committed
    .mo is what compilemessages makes of the .po."""
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", compiled, catalogue(code)], check=True)
    assert compiled.read_bytes() == catalogue(code).with_suffix(".mo").read_bytes(), "run make messages"


def _sign_in_words(code: str) -> str:
    with translation.override(code):
        return translation.gettext("Sign in")


@pytest.mark.django_db
@pytest.mark.parametrize("code", [code for code, _ in settings.LANGUAGES])
def test_each_language_is_chosen_by_accept_language(client: Client, code: str) -> None:
    page = client.get(reverse("home"), headers={"Accept-Language": HTML_LANG[code]}).content.decode()
    assert f'<html lang="{HTML_LANG[code]}">' in page
    assert f">{_sign_in_words(code)}</a>" in page
    manifest = client.get(reverse("manifest"), headers={"Accept-Language": HTML_LANG[code]}).json()
    assert manifest["lang"] == HTML_LANG[code]


@pytest.mark.django_db
@pytest.mark.parametrize("code", [code for code, _ in settings.LANGUAGES])
def test_each_language_is_chosen_from_the_menu_and_remembered(client: Client, code: str) -> None:
    chosen = client.post(reverse("set_language"), {"language": code, "next": reverse("offline")})
    assert chosen.status_code == 302
    page = client.get(chosen["Location"], headers={"Accept-Language": "en"}).content.decode()
    assert f'<html lang="{HTML_LANG[code]}">' in page
    assert f'<option value="{code}" selected>' in page
    with translation.override(code):
        assert translation.gettext("No network") in page


@pytest.mark.parametrize("code", LOCALES)
def test_the_apis_messages_follow_accept_language(code: str) -> None:
    sides = [{"cards": 0, "point_cards": 1, "tablos": 0}, {"cards": 52, "point_cards": 23, "tablos": 0}]
    client = APIClient(headers={"Accept-Language": HTML_LANG[code]})
    body = client.post(
        "/api/v1/rules/tablo/hands/summary/", {"players": 2, "sides": sides}, format="json"
    ).json()
    with translation.override(code):
        expected = translation.gettext("The summary does not add up; problems found: {count}.")
        expected = expected.format(count=len(body["details"]["problems"]))
    assert (body["code"], body["message"]) == ("summary.inconsistent", expected)
    assert body["message"] != "The summary does not add up; problems found: 3."


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ("en", "12/02/2026 2.5"),
        ("ru", "02.12.2026 2,5"),
        ("sr", "2.12.2026. 2,5"),
        ("sr-latn", "2.12.2026. 2,5"),
        ("es", "02/12/2026 2,5"),
        ("it", "02/12/2026 2,5"),
    ],
)
def test_dates_and_numbers_are_written_as_each_language_writes_them(code: str, shown: str) -> None:
    """The templates' named formats (SHORT_DATE_FORMAT) and numbers follow the reader's locale."""
    template = Template('{{ day|date:"SHORT_DATE_FORMAT" }} {{ number }}')
    with translation.override(code):
        assert template.render(Context({"day": date(2026, 12, 2), "number": 2.5})) == shown
