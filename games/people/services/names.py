"""Names of players, clubs and seasons as they are stored: NFC-normalized, spaces trimmed and
collapsed, with at least one visible letter or digit (fillers such as U+3164 are letters that show
nothing, and do not count), no invisible control characters, at most a few marks on one letter, and no
word that mixes look-alike letters of Latin, Cyrillic and Greek (Unicode's confusables data, through
confusable_homoglyphs: "Spring" typed with a Cyrillic "er" imitates "Spring").

Two names that look alike compare equal by :func:`name_key`, so a typed name finds its stored twin
whatever its normalization or case.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import categories, confusables

from games.errors import NameInvalid, NameMixesScripts, NameTooManyMarks

# Zero-width joiners are part of how some scripts and emoji are written; every other format character
# (bidi overrides and isolates, zero-width spaces, soft hyphens, byte-order marks) hides or reorders text.
JOINERS = frozenset("\u200c\u200d")
# Letters and marks that draw nothing: Hangul fillers, the braille blank, Khmer's inherent vowels.
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
MARKS_PER_LETTER = 4  # Vietnamese stacks two, some scripts three; a "zalgo" letter dozens
LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})


def clean_name(text: str, *, max_length: int) -> str:
    """``text`` as it is stored.

    Raises:
        NameInvalid: no visible letter or digit, a control or format character (bidi controls
            included), or longer than ``max_length`` once normalized; NameTooManyMarks: more than
            MARKS_PER_LETTER marks on one letter; NameMixesScripts: a word mixing look-alike scripts.
    """
    name = " ".join(unicodedata.normalize("NFC", text).split())
    hidden = any(unicodedata.category(char) in ("Cc", "Cf") and char not in JOINERS for char in name)
    visible = any(unicodedata.category(char)[0] in "LN" and char not in FILLERS for char in name)
    if hidden or not visible or len(name) > max_length:
        raise NameInvalid(max_length=max_length)
    marks = 0
    for char in name:
        marks = marks + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if marks > MARKS_PER_LETTER:
            raise NameTooManyMarks(marks=MARKS_PER_LETTER)
    for word in name.split():
        scripts = categories.unique_aliases(word) & LOOK_ALIKE_SCRIPTS
        if len(scripts) > 1 and confusables.is_dangerous(word):
            raise NameMixesScripts(word=word)
    return name


def name_key(text: str) -> str:
    """What two names that read the same share: compatibility-normalized, spaces collapsed, casefolded."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()
