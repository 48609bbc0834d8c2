"""Names of players, clubs and seasons as they are stored: NFC-normalized, spaces trimmed and
collapsed, with at least one visible letter or digit and no invisible control characters.

Two names that look alike compare equal by :func:`name_key`, so a typed name finds its stored twin
whatever its normalization or case.
"""

from __future__ import annotations

import unicodedata

from games.services.errors import NameInvalid

# Zero-width joiners are part of how some scripts and emoji are written; every other format character
# (bidi overrides and isolates, zero-width spaces, soft hyphens, byte-order marks) hides or reorders text.
JOINERS = frozenset("\u200c\u200d")


def clean_name(text: str, *, max_length: int) -> str:
    """``text`` as it is stored.

    Raises:
        NameInvalid: no visible letter or digit, a control or format character (bidi controls
            included), or longer than ``max_length`` once normalized.
    """
    name = " ".join(unicodedata.normalize("NFC", text).split())
    hidden = any(unicodedata.category(char) in ("Cc", "Cf") and char not in JOINERS for char in name)
    visible = any(unicodedata.category(char)[0] in "LN" for char in name)
    if hidden or not visible or len(name) > max_length:
        raise NameInvalid(max_length=max_length)
    return name


def name_key(text: str) -> str:
    """What two names that read the same share: compatibility-normalized, spaces collapsed, casefolded."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()
