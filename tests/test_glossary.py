"""Each language says each thing with one word (docs/languages.md, the glossaries).

A language's glossary (``locale/<locale>/glossary.toml``) names the word for each thing a player meets
(match, hand, deal, dealer, trail, capture, sweep, tally, challenge, each game's items) and, under
``not``, the words it replaces. Everything a reader of that language is shown is checked against it:
the catalogues (the screens, the API's messages, the offline texts the phone's engine words its
refusals with, the result card), and the players' rule book (``docs/rules/book/<language>/``).
Serbian Latin is Serbian transliterated, so it is checked with the Serbian glossary transliterated.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.test_catalogues import DIRECTORIES, LOCALES, ROOT, _script, messages

RULES_PAGES = {"sr-latn": "sr"}  # a language whose rules pages are another's
CODE = re.compile(r"`[^`]*`")  # option keys, error codes and file names: not words of the language


@dataclass(frozen=True)
class Term:
    """One thing, the word a language says it with, and the words it does not."""

    en: str
    word: str
    not_: tuple[str, ...]


def glossary(code: str) -> list[Term]:
    """The glossary of a language; Serbian Latin's is Serbian's transliterated."""
    source = "sr" if code == "sr-latn" else LOCALES[code]
    with (ROOT / "locale" / source / "glossary.toml").open("rb") as file:
        entries = tomllib.load(file)["term"]
    terms = [Term(entry["en"], entry["word"], tuple(entry.get("not", ()))) for entry in entries]
    if code != "sr-latn":
        return terms
    latin = _script("transliterate_sr").transliterate
    return [Term(term.en, latin(term.word), tuple(latin(word) for word in term.not_)) for term in terms]


def texts(code: str) -> list[tuple[str, str]]:
    """Every text a reader of the language is shown, each with where it comes from."""
    shown = [
        (f"{directory}/{LOCALES[code]}: {entry}", CODE.sub("", text))
        for directory in DIRECTORIES
        for entry in messages(code, directory)
        for text in entry.msgstrs
    ]
    pages = ROOT / "docs" / "rules" / "book" / RULES_PAGES.get(code, code)
    for page in sorted(pages.glob("*.md")):
        shown += [
            (f"{page.relative_to(ROOT)}:{number}", CODE.sub("", line))
            for number, line in enumerate(page.read_text().splitlines(), 1)
        ]
    return shown


@pytest.mark.parametrize("code", LOCALES)
def test_glossary_names_every_thing(code: str) -> None:
    """Every glossary says how to name the things every game has."""
    named = {term.en for term in glossary(code)}
    needed = {"match", "hand", "deal", "dealer", "play", "trail", "capture", "sweep", "tally", "challenge"}
    assert needed <= named, f"{code}: the glossary lacks {sorted(needed - named)}"


@pytest.mark.parametrize("code", LOCALES)
def test_no_word_the_glossary_replaces(code: str) -> None:
    """No message and no rules page uses a word the language's glossary replaces."""
    found = []
    shown = texts(code)
    for term in glossary(code):
        for word in term.not_:
            pattern = re.compile(rf"(?<!\w){word}", re.IGNORECASE)
            found += [
                f"{where}: {hit.group(0)!r} for {term.en!r}, say {term.word!r}"
                for where, text in shown
                if (hit := pattern.search(text))
            ]
    assert not found, "\n".join(found)


def test_every_language_has_its_glossary() -> None:
    """A glossary per language the app speaks (Serbian Latin shares Serbian's)."""
    held = {path.parent.name for path in Path(ROOT / "locale").glob("*/glossary.toml")}
    assert held == {locale for code, locale in LOCALES.items() if code != "sr-latn"}
