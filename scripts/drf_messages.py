"""Django REST framework's own messages in the app's languages: refreshes
``locale_drf/<locale>/LC_MESSAGES/django.po`` from the installed DRF's source (run by ``make messages``;
docs/languages.md).

DRF ships no Serbian catalogue and leaves some messages untranslated in others, so the app keeps its
own translation of every message in DRF's Python code (the per-field messages of ``details.fields``,
authentication, throttling...). ``makemessages`` would drop these msgids (they are not in the app's
code), so they live in their own directory of ``LOCALE_PATHS``, after ``locale/``. The catalogues are
merged with what ``xgettext`` finds in DRF: a new message arrives untranslated, a changed one fuzzy,
and one DRF no longer has leaves. Serbian Latin is made from the Cyrillic by transliterate_sr.py.

    python scripts/drf_messages.py            # refreshes the catalogues
    python scripts/drf_messages.py --check    # exits 1 when a catalogue lacks one of DRF's messages
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import rest_framework

ROOT = Path(__file__).resolve().parent.parent
DIRECTORY = ROOT / "locale_drf"
LOCALES = ("ru", "sr", "es", "it", "pt")  # sr_Latn: scripts/transliterate_sr.py
# The keywords makemessages gives xgettext for Python (django/core/management/commands/makemessages.py).
KEYWORDS: tuple[str, ...] = ("gettext_noop", "gettext_lazy", "ngettext_lazy:1,2", "pgettext:1c,2")
KEYWORDS += ("npgettext:1c,2,3", "pgettext_lazy:1c,2", "npgettext_lazy:1c,2,3")


def catalogue(locale: str) -> Path:
    return DIRECTORY / locale / "LC_MESSAGES" / "django.po"


def template(output: Path) -> None:
    """Writes to ``output`` the messages of DRF's Python files (its templates serve the browsable API
    only, which this app does not show), sorted so that a moved message changes nothing."""
    package = Path(rest_framework.__file__).parent
    sources = sorted(str(path.relative_to(package)) for path in package.rglob("*.py"))
    keywords = [f"--keyword={keyword}" for keyword in KEYWORDS]
    command = ["xgettext", "--language=Python", "--from-code=UTF-8", "--no-location", "--sort-output"]
    subprocess.run([*command, *keywords, "-o", str(output), *sources], cwd=package, check=True)


def msgids(po: Path) -> set[tuple[str | None, str]]:
    """The (context, msgid) of every live message of ``po``, as msgcat reads them."""
    listed = subprocess.run(
        ["msgcat", "--no-wrap", "--no-location", "--sort-output", str(po)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found, context = set(), None
    for line in listed.splitlines():
        if line.startswith("msgctxt "):
            context = line[len("msgctxt ") :]
        elif line.startswith("msgid ") and line != 'msgid ""':
            found.add((context, line[len("msgid ") :]))
            context = None
    return found


def refresh() -> None:
    with tempfile.TemporaryDirectory() as temporary:
        pot = Path(temporary) / "drf.pot"
        template(pot)
        for locale in LOCALES:
            po = catalogue(locale)
            subprocess.run(["msgmerge", "--quiet", "--update", "--backup=off", str(po), str(pot)], check=True)
            subprocess.run(["msgattrib", "--no-obsolete", "-o", str(po), str(po)], check=True)


def missing() -> dict[str, set[tuple[str | None, str]]]:
    """Per locale, DRF's messages its catalogue lacks."""
    with tempfile.TemporaryDirectory() as temporary:
        pot = Path(temporary) / "drf.pot"
        template(pot)
        wanted = msgids(pot)
    return {locale: wanted - msgids(catalogue(locale)) for locale in LOCALES}


def main(argv: list[str]) -> int:
    if "--check" in argv:
        lacking = {locale: ids for locale, ids in missing().items() if ids}
        for locale, ids in lacking.items():
            where = catalogue(locale).relative_to(ROOT)
            print(f"{where} lacks {len(ids)} of DRF's messages: run make messages")
        return 1 if lacking else 0
    refresh()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
