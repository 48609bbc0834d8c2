"""A seat's emoji: one emoji as a phone's keyboard types it, and nothing else.

The standard library has no emoji data, so :func:`one_emoji` reads the shapes of Unicode's emoji
sequences (UTS #51) over the blocks that hold pictographs: a pictograph with its presentation selector
and skin tone, such pictographs joined by zero-width joiners (a family, a rainbow flag), a pair of
regional indicators (a flag), a keycap, or a black flag with its tag letters (England's flag).
"""

from __future__ import annotations

import re

MAX_LENGTH = 16  # code points: a family of four with its joiners is 11; a tag flag 7

_PICTOGRAPHS = (
    "\u00a9\u00ae\u203c\u2049\u2122\u2139\u2194-\u21aa\u231a-\u23ff\u24c2\u25aa-\u27bf\u2934\u2935"
    "\u2b05-\u2b55\u3030\u303d\u3297\u3299\U0001f000-\U0001f1e5\U0001f200-\U0001f3fa\U0001f400-\U0001faff"
)
_ELEMENT = f"[{_PICTOGRAPHS}]\ufe0f?[\U0001f3fb-\U0001f3ff]?\ufe0f?"
_SHAPES = re.compile(
    "|".join(
        (
            f"{_ELEMENT}(?:\u200d{_ELEMENT})*",
            "[\U0001f1e6-\U0001f1ff]{2}",
            "[0-9#*]\ufe0f?\u20e3",
            "\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f",
        )
    )
)


def one_emoji(text: str) -> bool:
    """Whether ``text`` is exactly one emoji.

    >>> [one_emoji(each) for each in ("🦊", "⭐", "❤️", "👍🏽", "👩‍👩‍👧", "🇷🇸", "5️⃣", "🏴󠁧󠁢󠁥󠁮󠁧󠁿")]
    [True, True, True, True, True, True, True, True]
    >>> [one_emoji(each) for each in ("", "A", "🦊🦊", "🦊 ", "🇷", "5", ":)", "→", "☺x")]
    [False, False, False, False, False, False, False, False, False]
    """
    return len(text) <= MAX_LENGTH and _SHAPES.fullmatch(text) is not None
