"""Every error code the API can send is documented in docs/errors.md, and codes are unique per class."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

from django.utils import translation

import games.events.errors  # noqa: F401  (registers the events' codes with the classes below)
from games.errors import RecordConflict, RecordInvalid
from games.rules.errors import RuleViolation

T = TypeVar("T")
DOC = (Path(__file__).parent.parent / "docs" / "errors.md").read_text()


def _subclasses(cls: type[T]) -> Iterator[type[T]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_rule_and_record_code_is_documented() -> None:
    rules = {cls.code for cls in _subclasses(RuleViolation) if cls is not RecordInvalid}  # a base only
    conflicts = {cls.code for cls in _subclasses(RecordConflict)}
    assert sorted(code for code in rules | conflicts if f"`{code}`" not in DOC) == []


def test_codes_are_dotted_lower_snake_case() -> None:
    for cls in _subclasses(RuleViolation):
        parts = cls.code.split(".")
        assert len(parts) >= 2, cls
        assert all(part and part.replace("_", "").isalnum() and part.islower() for part in parts), cls


def test_every_rule_message_has_a_russian_translation() -> None:
    templates = {cls.template for cls in _subclasses(RuleViolation) if cls is not RecordInvalid}
    templates |= {cls.template for cls in _subclasses(RecordConflict)}
    with translation.override("ru"):
        untranslated = sorted(template for template in templates if translation.gettext(template) == template)
    assert untranslated == []
