"""Serbian Latin from Serbian Cyrillic: writes each ``sr_Latn/LC_MESSAGES/django.po`` from the
``sr`` one beside it, in ``locale/`` (the app's messages) and ``locale_drf/`` (Django REST framework's,
scripts/drf_messages.py); run by ``make messages`` (docs/languages.md).

The mapping is the app's one transliteration (games/serbian.py, the official one-to-one
correspondence of the two Serbian alphabets: Љ→Lj, Њ→Nj, Џ→Dž, Ђ→Đ, Ћ→Ć, Ч→Č, Ш→Š, Ж→Ž...).
Only translations (``msgstr``) change; placeholders (``%(name)s``, ``%s``, ``{count}``), HTML tags and
entities and escapes are kept as they are.

    python scripts/transliterate_sr.py            # writes the sr_Latn catalogue
    python scripts/transliterate_sr.py --check    # exits 1 when it is out of date
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.serbian import to_latin  # noqa: E402  (the app's one transliteration)

# (Cyrillic source, Latin target) for each directory of catalogues.
CATALOGUES = tuple(
    (ROOT / directory / "sr/LC_MESSAGES/django.po", ROOT / directory / "sr_Latn/LC_MESSAGES/django.po")
    for directory in ("locale", "locale_drf")
)

# Left alone: placeholders, HTML tags and entities, and the .po file's backslash escapes.
KEEP = re.compile(
    r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|%[-#0 +]*\d*(?:\.\d+)?[sdifr%]|\{[^{}]*\}|<[^<>]*>|&#?\w+;|\\."
)
MSGSTR = re.compile(r'^msgstr(?:\[\d+\])? "')


def transliterate(text: str) -> str:
    """``text`` in Latin script; what ``KEEP`` matches is copied unchanged.

    >>> transliterate("Џеп, Љиљана и ЊЕГОШ: %(count)s <b>ђака</b> {name}")
    'Džep, Ljiljana i NJEGOŠ: %(count)s <b>đaka</b> {name}'
    """
    out, end = [], 0
    for kept in KEEP.finditer(text):
        out.append(to_latin(text[end : kept.start()]))
        out.append(kept.group())
        end = kept.end()
    out.append(to_latin(text[end:]))
    return "".join(out)


def transliterate_po(source: str) -> str:
    """The whole catalogue: every ``msgstr`` line and its continuation lines, and the header's
    language."""
    lines, in_msgstr = [], False
    for line in source.splitlines(keepends=True):
        if MSGSTR.match(line):
            in_msgstr = True
        elif not line.startswith('"'):
            in_msgstr = False
        if in_msgstr:
            head, quote, rest = line.partition('"')
            line = head + quote + transliterate(rest)
        lines.append(line)
    text = "".join(lines)
    text = text.replace('"Language: sr\\n"', '"Language: sr_Latn\\n"')
    text = text.replace(
        "# Serbian (Cyrillic) translation",
        "# Serbian (Latin) translation, made by scripts/transliterate_sr.py",
    )
    return text.replace('"Language-Team: Serbian\\n"', '"Language-Team: Serbian (Latin)\\n"')


def main(argv: list[str]) -> int:
    stale = 0
    for source, target in CATALOGUES:
        latin = transliterate_po(source.read_text(encoding="utf-8"))
        if "--check" not in argv:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(latin, encoding="utf-8")
        elif not target.exists() or target.read_text(encoding="utf-8") != latin:
            print(f"{target.relative_to(ROOT)} is out of date: run python scripts/transliterate_sr.py")
            stale = 1
    return stale


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
