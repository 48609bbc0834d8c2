"""People's names in the order the reader's language sorts them (docs/languages.md, "Names in order").

A database sorts names by code point (or by its own locale, which differs between SQLite and
PostgreSQL): Ángel, Čedomir, Đorđe, Ñoño and Šaban after Zoran, Cyrillic and Latin names in two
blocks. Every list of people is sorted here instead, in Python, with ICU's collation for the active
language (PyICU): Č after C, Đ after D and Š after S in Serbian; Ñ after N in Spanish; accents ignored
where the language ignores them. A Serbian reader gets the names of both scripts in one order, that
of the script they read: a name in the other script is sorted as its transliteration (the stored name
is unchanged). Equal keys keep the order they came in (Python's sort is stable), so a caller breaks
ties by sorting on its own tie-breaker first, or by passing it in the key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TypeVar
from unicodedata import combining, normalize

import icu
from django.utils.translation import get_language, to_locale

from games.serbian import SCRIPT_OF, to_cyrillic, to_latin

T = TypeVar("T")

MARKED_LATIN = frozenset("čćđšžČĆĐŠŽ")  # the letters with marks of the Serbian Latin alphabet


def _sortable_cyrillic(text: str) -> str:
    """Serbian Latin in Cyrillic script (games/serbian.py); a Latin letter the Serbian alphabet lacks
    loses its accents (Á as A), so that it is sorted among its base letter.

    >>> _sortable_cyrillic("Đorđe Ljubić, Džej, Ángel")
    'Ђорђе Љубић, Џеј, Ангел'
    """
    text = "".join(
        char if char in MARKED_LATIN else "".join(c for c in normalize("NFD", char) if not combining(c))
        for char in normalize("NFC", text)
    )
    return to_cyrillic(text)


@lru_cache(maxsize=16)
def _collator(language: str) -> icu.Collator:
    return icu.Collator.createInstance(icu.Locale(to_locale(language)))


def name_key(name: str, language: str | None = None) -> bytes:
    """The sort key of ``name`` for a reader of ``language`` (the active one by default)."""
    code = (language or get_language() or "en").lower()
    script = SCRIPT_OF.get(code)
    if script == "latin":
        name = to_latin(name)
    elif script == "cyrillic":
        name = _sortable_cyrillic(name)
    return bytes(_collator(code).getSortKey(" ".join(name.split())))


def by_name(items: Iterable[T], name: Callable[[T], str], language: str | None = None) -> list[T]:
    """``items`` sorted by ``name(item)`` as the reader's language sorts names; ties keep their order.

    >>> by_name(["Zoran", "Čedomir", "Cvijan", "Ђорђе", "Dragan"], str, "sr-latn")
    ['Cvijan', 'Čedomir', 'Dragan', 'Ђорђе', 'Zoran']
    >>> by_name(["Ñoño", "Nikola", "Ángel", "Zoe"], str, "es")
    ['Ángel', 'Nikola', 'Ñoño', 'Zoe']
    """
    code = language or get_language() or "en"
    return sorted(items, key=lambda item: name_key(name(item), code))
