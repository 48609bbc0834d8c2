"""Serbian in its two scripts: one transliteration for the catalogues (scripts/transliterate_sr.py),
the order of names (games/collation.py) and the names shown to a Serbian reader (docs/languages.md,
"Names in the reader's script").

The mapping is the official one-to-one correspondence of the two alphabets: Љ→Lj, Њ→Nj, Џ→Dž, Ђ→Đ,
Ћ→Ć, Ч→Č, Ш→Š, Ж→Ž... Latin to Cyrillic reads lj, nj and dž as one letter each (Ljiljana→Љиљана), as
Serbian spelling does; the rare word where they are two letters (injekcija) comes out with Њ.
"""

from __future__ import annotations

import re
from unicodedata import normalize

from django.utils.translation import get_language

_LATIN: tuple[str, ...] = ("a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "lj", "m")
_LATIN += ("n", "nj", "o", "p", "r", "s", "t", "ć", "u", "f", "h", "c", "č", "dž", "š")  # in Cyrillic's order
_CYRILLIC = "абвгдђежзијклљмнњопрстћуфхцчџш"
LATIN_OF = dict(zip(_CYRILLIC, _LATIN, strict=True))  # lower-case Cyrillic letter -> Latin
CYRILLIC_OF = {latin: cyrillic for cyrillic, latin in LATIN_OF.items()}  # lower-case Latin -> Cyrillic
CYRILLIC_WORD = re.compile("[\u0400-\u04ff]+")
LETTERS_WORD = re.compile(r"[^\W\d_]+")  # a run of letters, of any script
_LATIN_LETTER = re.compile("dž|lj|nj|.", re.IGNORECASE)
SERBIAN_CYRILLIC = frozenset(_CYRILLIC + _CYRILLIC.upper())
SERBIAN_LATIN = frozenset("abcčćdđefghijklmnoprsštuvzž" + "abcčćdđefghijklmnoprsštuvzž".upper())
SCRIPT_OF = {"sr": "cyrillic", "sr-latn": "latin"}  # the app's Serbian languages and their scripts


def _latin_letter(char: str, upper_word: bool) -> str:
    latin = LATIN_OF.get(char.lower())
    if latin is None:
        return char
    if not char.isupper():
        return latin
    return latin.upper() if upper_word else latin.capitalize()


def _latin_word(match: re.Match[str]) -> str:
    word = match.group()
    upper_word = len(word) > 1 and word.isupper()  # ЉУБАВ → LJUBAV, but Љубав → Ljubav
    return "".join(_latin_letter(char, upper_word) for char in word)


def to_latin(text: str) -> str:
    """Serbian Cyrillic in Latin script; any other character as it is.

    >>> to_latin("Ђорђе Љубић, ЊЕГОШ, Џемал")
    'Đorđe Ljubić, NJEGOŠ, Džemal'
    """
    return CYRILLIC_WORD.sub(_latin_word, text)


def _cyrillic_letter(match: re.Match[str]) -> str:
    letter = match.group()
    cyrillic = CYRILLIC_OF.get(letter.lower())
    if cyrillic is None:
        return letter
    return cyrillic.upper() if letter[0].isupper() else cyrillic


def to_cyrillic(text: str) -> str:
    """Serbian Latin in Cyrillic script, lj, nj and dž as one letter each; any other character (q, w,
    x, y, á...) as it is.

    >>> to_cyrillic("Ljiljana NJEGOŠ, Džemal Đurić")
    'Љиљана ЊЕГОШ, Џемал Ђурић'
    """
    return _LATIN_LETTER.sub(_cyrillic_letter, text)


def _shown_word(match: re.Match[str], script: str) -> str:
    word = match.group()
    if script == "latin" and SERBIAN_CYRILLIC.issuperset(word):
        return to_latin(word)
    if script == "cyrillic" and SERBIAN_LATIN.issuperset(word):
        return to_cyrillic(word)
    return word


def shown_name(name: str, language: str | None = None) -> str:
    """``name`` as a reader of ``language`` (the active one by default) reads it: for Serbian, each
    word typed in the other script transliterated, a word with a letter outside the Serbian alphabets
    (William, Андрей) kept as typed; for every other language unchanged. Never stored.

    >>> shown_name("Ђорђе Ђурић", "sr-latn"), shown_name("Njegoš & Džemal", "sr")
    ('Đorđe Đurić', 'Његош & Џемал')
    >>> shown_name("William Ђурић", "sr"), shown_name("Андрей Đurić", "sr-latn"), shown_name("Ђорђе", "ru")
    ('William Ђурић', 'Андрей Đurić', 'Ђорђе')
    """
    script = SCRIPT_OF.get((language or get_language() or "").lower())
    if script is None or not name:
        return name
    return LETTERS_WORD.sub(lambda match: _shown_word(match, script), normalize("NFC", name))
