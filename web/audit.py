"""The audit log's entries as its pages show them: who, when, the action in words, what it was done
to, and what it was before and after, in short text (docs/audit.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from games.audit.words import action_words
from games.models import AuditEntry

LOG_PAGE = 200  # entries on a page; the API pages through all of them
TEXT_MAX = 240  # characters of a before or after shown; the API has them whole


@dataclass(frozen=True, slots=True)
class EntryLine:
    """One audit entry as the log page shows it, in the reader's language."""

    at: datetime
    by: str
    action: str
    words: str
    object_name: str
    before: str
    after: str


def entry_lines(entries: Iterable[AuditEntry]) -> list[EntryLine]:
    """The entries as the log page shows them, oldest first as given."""
    return [
        EntryLine(
            at=entry.at,
            by=entry.by_name,
            action=entry.action,
            words=action_words(entry.action),
            object_name=entry.object_name,
            before=state_text(entry.before),
            after=state_text(entry.after),
        )
        for entry in entries
    ]


def state_text(value: object) -> str:
    """A before or after in one short line: ``key: value`` pairs, lists joined ("" for nothing)."""
    if value is None:
        return ""
    if isinstance(value, dict):
        text = "; ".join(
            f"{key}: {_value(item)}" for key, item in value.items() if item not in (None, [], "")
        )
    else:
        text = _value(value)
    return text if len(text) <= TEXT_MAX else text[: TEXT_MAX - 1] + "…"


def _value(value: object) -> str:
    if isinstance(value, list) and all(isinstance(item, str | int) for item in value):
        return ", ".join(map(str, value))
    if isinstance(value, str | int | bool):
        return str(value)
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
