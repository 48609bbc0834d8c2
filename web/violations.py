"""Rule violations and record conflicts as sentences in the reader's language, with localized cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from django.utils.translation import gettext

from web.cards import text_label


class Explained(Protocol):
    """What a ``RuleViolation`` and a ``RecordConflict`` both carry: a template and its facts."""

    @property
    def code(self) -> str: ...

    @property
    def template(self) -> str: ...

    @property
    def facts(self) -> Mapping[str, object]: ...


def _shown(value: object) -> object:
    """Card texts become labels (``QS`` -> ``Д♠``); lists of cards read as ``10♦ 2♣``."""
    if isinstance(value, str):
        return text_label(value)
    if isinstance(value, list | tuple):
        return " ".join(str(_shown(item)) for item in value)
    return value


def violation_text(error: Explained) -> str:
    """The error's message, translated, with its card facts localized."""
    facts = {key: _shown(value) for key, value in error.facts.items()}
    try:
        return gettext(error.template).format(**facts)
    except (KeyError, IndexError, ValueError):
        # A translation that names a fact the error does not carry must not hide the error itself.
        return error.template.format(**error.facts)
