"""Every language's catalogue is complete and sound, and every language is served (docs/languages.md).

A message added to the code reaches the catalogues through ``make messages``: until then these tests
fail, naming the message the catalogues lack (found in the source as ``makemessages`` finds it), and
until it is translated in every language they fail naming the language and the message. The same
holds for the app's translation of Django REST framework's messages (``locale_drf/``), refreshed from
the installed DRF.
"""

from __future__ import annotations

import importlib.util
import json
import os
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
from django.core.management.utils import is_ignored_path
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation.template import templatize
from rest_framework.test import APIClient

from tests.conftest import IN_CI

ROOT = Path(__file__).resolve().parent.parent
LOCALES = {code: translation.to_locale(code) for code, _ in settings.LANGUAGES if code != "en"}
# The app's messages, and its translation of DRF's (scripts/drf_messages.py).
DIRECTORIES = ("locale", "locale_drf")
CATALOGUES = [(directory, code) for directory in DIRECTORIES for code in LOCALES]
HTML_LANG = {"en": "en", "ru": "ru", "sr": "sr", "sr-latn": "sr-Latn", "es": "es", "it": "it", "pt": "pt"}
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


def catalogue(code: str, directory: str = "locale") -> Path:
    return ROOT / directory / LOCALES[code] / "LC_MESSAGES" / "django.po"


def messages(code: str, directory: str = "locale") -> list[Entry]:
    return [entry for entry in read_po(catalogue(code, directory)) if entry.msgid and not entry.obsolete]


def plural_forms(code: str, directory: str) -> int:
    header = next(entry for entry in read_po(catalogue(code, directory)) if not entry.msgid).msgstrs[0]
    found = re.search(r"nplurals=(\d+)", header)
    assert found, f"{code}: the header has no Plural-Forms"
    return int(found.group(1))


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def problems(code: str, directory: str) -> Iterator[str]:
    """What is wrong with the catalogue of ``code`` in ``directory``, one line each."""
    forms = plural_forms(code, directory)
    for entry in messages(code, directory):
        if "fuzzy" in entry.flags:
            yield f"fuzzy: {entry}"
        if not all(entry.msgstrs) or len(entry.msgstrs) != (forms if entry.msgid_plural else 1):
            yield f"untranslated: {entry}"
            continue
        wanted = placeholders(entry.msgid_plural or entry.msgid)
        for text in entry.msgstrs:
            if placeholders(text) != wanted:
                yield f"placeholders {placeholders(text)} instead of {wanted}: {entry}"


@pytest.mark.parametrize(("directory", "code"), CATALOGUES)
def test_the_catalogue_translates_every_message_without_fuzzy_entries_or_lost_placeholders(
    directory: str, code: str
) -> None:
    assert list(problems(code, directory)) == []


@pytest.mark.parametrize(("directory", "code"), CATALOGUES)
def test_every_catalogue_holds_the_same_messages(directory: str, code: str) -> None:
    """A message one catalogue lacks was added without ``make messages`` (which adds it to all)."""
    keys = {code: {(entry.msgctxt, entry.msgid) for entry in messages(code, directory)} for code in LOCALES}
    every = set().union(*keys.values())
    assert sorted(map(str, every - keys[code])) == []


# What ``make messages`` reads (django/core/management/commands/makemessages.py, domain "django"): the
# .py, .html and .txt files under the project, but for hidden directories and files, ``locale``
# directories and STATIC_ROOT and MEDIA_ROOT; the templates through Django's templatize; all of it
# through xgettext with these keywords.
SOURCE_EXTENSIONS = (".py", ".html", ".txt")
IGNORED = ["CVS", ".*", "*~", "*.pyc"]
XGETTEXT = [
    "xgettext",
    "--language=Python",
    "--from-code=UTF-8",
    "--keyword=gettext_noop",
    "--keyword=gettext_lazy",
    "--keyword=ngettext_lazy:1,2",
    "--keyword=pgettext:1c,2",
    "--keyword=npgettext:1c,2,3",
    "--keyword=pgettext_lazy:1c,2",
    "--keyword=npgettext_lazy:1c,2,3",
]


def source_files() -> list[Path]:
    """The files ``makemessages`` extracts messages from, relative to the project."""
    skipped = {Path(root).resolve() for root in (settings.STATIC_ROOT, settings.MEDIA_ROOT) if root}
    found = []
    for directory, subdirectories, files in os.walk(ROOT):
        here = Path(directory).relative_to(ROOT)
        subdirectories[:] = sorted(
            name
            for name in subdirectories
            if name != "locale"
            and not is_ignored_path(str(here / name), IGNORED)
            and (ROOT / here / name).resolve() not in skipped
        )
        found += [
            here / name
            for name in sorted(files)
            if Path(name).suffix in SOURCE_EXTENSIONS and not is_ignored_path(str(here / name), IGNORED)
        ]
    return found


def source_messages(work: Path) -> set[tuple[str | None, str]]:
    """Every message of the source, as ``(msgctxt, msgid)``, extracted in ``work`` as ``make messages``
    extracts it."""
    inputs = []
    for number, path in enumerate(source_files()):
        if path.suffix == ".py":
            inputs.append(str(ROOT / path))
            continue
        templatized = work / f"{number}.py"
        source = (ROOT / path).read_text(encoding="utf-8")
        templatized.write_text(templatize(source, origin=str(path)), encoding="utf-8")
        inputs.append(str(templatized))
    (work / "files").write_text("\n".join(inputs), encoding="utf-8")
    pot = work / "django.pot"
    subprocess.run(
        [*XGETTEXT, f"--output={pot}", f"--files-from={work / 'files'}"], check=True, capture_output=True
    )
    return {(entry.msgctxt, entry.msgid) for entry in read_po(pot) if entry.msgid}


@pytest.mark.slow
@pytest.mark.skipif(
    not shutil.which("xgettext") and not IN_CI, reason="needs GNU gettext (apt-get install gettext)"
)
def test_every_message_of_the_source_is_in_every_catalogue(tmp_path: Path) -> None:
    """A message added to the code (or a template) without ``make messages`` fails here."""
    extracted = source_messages(tmp_path)
    assert len(extracted) > 500  # the extraction found the source
    held = {code: {(entry.msgctxt, entry.msgid) for entry in messages(code)} for code in LOCALES}
    lacking = {key: [code for code in LOCALES if key not in held[code]] for key in extracted}
    named = sorted(
        f"{Entry(msgctxt=key[0], msgid=key[1])} (not in {', '.join(codes)})"
        for key, codes in lacking.items()
        if codes
    )
    assert not named, "run make messages; the catalogues lack:\n" + "\n".join(named)


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec
    assert spec.loader
    script: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


@pytest.mark.skipif(
    not shutil.which("xgettext") and not IN_CI, reason="needs GNU gettext (apt-get install gettext)"
)
def test_the_drf_catalogues_hold_every_message_of_the_installed_drf() -> None:
    """A DRF upgrade that adds a message fails here until ``make messages`` brings it in (untranslated,
    so that the test above then names it)."""
    assert _script("drf_messages").missing() == {code: set() for code in ("ru", "sr", "es", "it", "pt")}


@pytest.mark.parametrize("directory", DIRECTORIES)
def test_serbian_latin_is_the_transliteration_of_serbian_cyrillic(directory: str) -> None:
    script = _script("transliterate_sr")
    assert script.transliterate("Ђурђевак, Љиљана, ЊИВА, џеп: %(count)s <b>чаша</b> {name}") == (
        "Đurđevak, Ljiljana, NJIVA, džep: %(count)s <b>čaša</b> {name}"
    )
    latin = catalogue("sr-latn", directory).read_text(encoding="utf-8")
    cyrillic = catalogue("sr", directory).read_text(encoding="utf-8")
    assert latin == script.transliterate_po(cyrillic), "run make messages"
    assert not re.search("[\u0400-\u04ff]", latin)


@pytest.mark.skipif(
    not shutil.which("msgfmt") and not IN_CI, reason="needs GNU gettext (apt-get install gettext)"
)
@pytest.mark.parametrize(("directory", "code"), CATALOGUES)
def test_the_compiled_catalogue_is_the_po_files(directory: str, code: str, tmp_path: Path) -> None:
    """msgfmt agrees that the formats match (python-format, python-brace-format), and the committed
    .mo is what compilemessages makes of the .po."""
    compiled, po = tmp_path / "django.mo", catalogue(code, directory)
    subprocess.run(["msgfmt", "--check-format", "-o", compiled, po], check=True)
    assert compiled.read_bytes() == po.with_suffix(".mo").read_bytes(), "run make messages"


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
@pytest.mark.parametrize("browser", ["pt-BR", "pt-PT"])
def test_brazilian_and_european_browsers_get_the_one_portuguese(client: Client, browser: str) -> None:
    """``pt`` is written as Brazilians write it and serves every Portuguese browser (docs/languages.md)."""
    page = client.get(reverse("home"), headers={"Accept-Language": browser}).content.decode()
    assert '<html lang="pt">' in page
    assert f">{_sign_in_words('pt')}</a>" in page


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


@pytest.mark.parametrize("code", ["sr", "sr-latn"])
def test_drf_field_messages_come_back_in_serbian_in_both_scripts(code: str) -> None:
    """DRF has no Serbian catalogue: ``details.fields`` speaks Serbian through ``locale_drf/``."""
    client = APIClient(headers={"Accept-Language": HTML_LANG[code]})
    body = client.post("/api/v1/rules/tablo/hands/summary/", {"players": "two"}, format="json").json()
    english = {"players": "A valid integer is required.", "sides": "This field is required."}
    with translation.override(code):
        expected = {name: [translation.gettext(message)] for name, message in english.items()}
    assert body["code"] == "request.invalid"
    assert body["details"]["fields"] == expected
    for name, message in english.items():
        assert expected[name] != [message]
    cyrillic = re.search("[\u0400-\u04ff]", json.dumps(expected, ensure_ascii=False))
    assert bool(cyrillic) == (code == "sr")


@pytest.mark.parametrize("code", LOCALES)
def test_every_drf_message_is_served_from_the_apps_catalogue(code: str) -> None:
    """``LOCALE_PATHS`` lists ``locale_drf/``: each of its translations is what gettext gives, none
    shadowed by DRF's own catalogue or left English."""
    with translation.override(code):
        entries = messages(code, "locale_drf")
        wrong = [str(entry) for entry in entries if translation.gettext(entry.msgid) != entry.msgstrs[0]]
    assert wrong == []


@pytest.mark.parametrize("code", LOCALES)
def test_a_message_of_both_catalogues_reads_the_same_in_each(code: str) -> None:
    """The app's own catalogue comes first in ``LOCALE_PATHS``: where it has one of DRF's messages,
    DRF's catalogue says it the same way, so one field error never reads two ways."""
    app = {(entry.msgctxt, entry.msgid): entry.msgstrs for entry in messages(code)}
    drf = {(entry.msgctxt, entry.msgid): entry.msgstrs for entry in messages(code, "locale_drf")}
    assert {key: (app[key], drf[key]) for key in app.keys() & drf.keys() if app[key] != drf[key]} == {}


@pytest.mark.django_db
def test_djangos_own_messages_are_in_serbian_latin(client: Client) -> None:
    """Django ships sr_Latn (and its contrib apps do): a failed sign-in says so in Latin script."""
    page = client.post(
        reverse("login"), {"username": "nobody", "password": "wrong"}, headers={"Accept-Language": "sr-Latn"}
    ).content.decode()
    english = (  # django/contrib/auth/forms.py; not a literal argument, so makemessages leaves it
        "Please enter a correct %(username)s and password. Note that both fields may be case-sensitive."
    )
    with translation.override("sr-latn"):
        latin = translation.gettext(english)
    opening = latin.partition("%(username)s")[0].strip()
    assert opening
    assert not re.search("[\u0400-\u04ff]", latin)
    assert opening in page
    assert '<html lang="sr-Latn">' in page


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ("en", "12/02/2026 2.5"),
        ("ru", "02.12.2026 2,5"),
        ("sr", "2.12.2026. 2,5"),
        ("sr-latn", "2.12.2026. 2,5"),
        ("es", "02/12/2026 2,5"),
        ("it", "02/12/2026 2,5"),
        ("pt", "02/12/2026 2,5"),
    ],
)
def test_dates_and_numbers_are_written_as_each_language_writes_them(code: str, shown: str) -> None:
    """The templates' named formats (SHORT_DATE_FORMAT) and numbers follow the reader's locale."""
    template = Template('{{ day|date:"SHORT_DATE_FORMAT" }} {{ number }}')
    with translation.override(code):
        assert template.render(Context({"day": date(2026, 12, 2), "number": 2.5})) == shown
