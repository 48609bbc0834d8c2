"""Whole numbers as a client sends them, in a query string or a form field."""

from __future__ import annotations

MAX_DIGITS = 19  # a PostgreSQL bigint's: no id or count a client sends is longer


def whole_number(text: str) -> int | None:
    """``text`` as an int when it is ASCII digits only, at most ``MAX_DIGITS`` of them, else ``None``.
    ``str.isdigit`` alone also passes digits that ``int`` refuses ("²": a 500) and others that it
    reads ("٣", a fullwidth one); ``int`` also refuses over 4,300 digits.

    >>> whole_number("42"), whole_number("²"), whole_number("٣"), whole_number("-1"), whole_number("")
    (42, None, None, None, None)
    >>> whole_number("9" * 19) == 10**19 - 1, whole_number("0" * 30_000)
    (True, None)
    """
    return int(text) if len(text) <= MAX_DIGITS and text.isascii() and text.isdigit() else None
