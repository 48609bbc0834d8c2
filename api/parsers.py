"""The API reads JSON only, and only JSON that every later layer can store and echo back.

PostgreSQL refuses NUL characters in text, UTF-8 cannot encode a lone surrogate (``"\\ud800"``), and a
deeply nested body costs recursion in every serializer that walks it: each is refused here, before any
view sees the body, as a 400 ``request.malformed`` that does not echo the offending text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


def unsafe_text(text: str) -> bool:
    """``text`` holds a NUL character or a lone surrogate: no database or UTF-8 encoder takes it."""
    return "\x00" in text or (not text.isascii() and any("\ud800" <= char <= "\udfff" for char in text))


def _problem(value: Any, depth: int = 0) -> str | None:  # Any: JSON of any shape
    """Why ``value`` cannot be accepted, or ``None`` (the first problem found)."""
    if depth > MAX_DEPTH:
        return gettext("The JSON body is nested more than %(depth)d levels deep.") % {"depth": MAX_DEPTH}
    if isinstance(value, str):
        bad = unsafe_text(value)
        return gettext("The JSON body holds a NUL character or an unpaired surrogate.") if bad else None
    items: list[Any] = []
    if isinstance(value, Mapping):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    return next((problem for item in items if (problem := _problem(item, depth + 1))), None)


class SafeJSONParser(JSONParser):
    """DRF's JSON parser, refusing text no later layer can handle and bodies nested too deep."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        """The JSON body; nested too deep, or holding a NUL or an unpaired surrogate, it is a 400."""
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(gettext("The JSON body is nested too deep.")) from None
        if problem := _problem(data):
            raise ParseError(problem)
        return data
