"""Every error code the API can send is documented in docs/errors.md, and codes are unique per class."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TypeVar

import games.rules  # registers every game, so every error class is loaded
import games.services.errors
from games.rules.errors import RuleViolation

T = TypeVar("T")
DOC = (Path(__file__).parent.parent / "docs" / "errors.md").read_text()


def _subclasses(cls: type[T]) -> Iterator[type[T]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_rule_and_record_code_is_documented() -> None:
    classes = [*_subclasses(RuleViolation), *_subclasses(games.services.errors.RecordConflict)]
    raised = [cls for cls in classes if cls is not games.services.errors.RecordInvalid]  # a base only
    missing = sorted({cls.code for cls in raised if f"`{cls.code}`" not in DOC})
    assert missing == []


def test_codes_are_dotted_lower_snake_case() -> None:
    for cls in _subclasses(RuleViolation):
        parts = cls.code.split(".")
        assert len(parts) >= 2, cls
        assert all(part and part.replace("_", "").isalnum() and part.islower() for part in parts), cls
