"""What a player reads names no rule id and no internal key, in English or Russian; and every reference
in the repository leads to a page of the project's own rules reference (docs/rules/)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext

from games import errors as _service_errors  # noqa: F401  # registers the record conflicts
from games.messages import problem_texts
from games.rules.errors import COUNT_LABELS, CodedError, SummaryInconsistent, SummaryNotHeld
from games.rules.registry import GAMES

ROOT = Path(__file__).parent.parent.parent
RULE_ID = re.compile(
    r"\b(?:[ABETW]\d{1,2}|TB-\d+|EB-\d+|TM-\d+|TW-\d+|\d\.\d\([a-g]\))(?![\w.])|RULES\.md|\.\./shared"
)
OPTION_KEYS = {spec.key for game in GAMES.values() for spec in game.option_specs}
INTERNAL = re.compile(
    r"\b(?:" + "|".join(sorted(key for key in OPTION_KEYS | set(COUNT_LABELS) if "_" in key)) + r")\b"
)


def _all_errors(cls: type[CodedError] = CodedError) -> list[type[CodedError]]:
    found = [cls]
    for sub in cls.__subclasses__():
        found += _all_errors(sub)
    return found


@pytest.mark.parametrize("language", ["en", "ru"])
def test_no_error_message_names_a_rule_id_or_an_internal_key(language: str) -> None:
    templates = {error.template for error in _all_errors()}
    assert len(templates) > 60
    with translation.override(language):
        for template in templates:
            text = gettext(template)
            assert not RULE_ID.search(text), text
            assert not INTERNAL.search(text.replace("{key!r}", "").replace("{key}", "")), text


def test_every_label_of_a_count_is_translated() -> None:
    with translation.override("ru"):
        for label in COUNT_LABELS.values():
            assert gettext(label) != label, label


def test_a_quick_entry_problem_reads_in_russian_with_the_count_in_words() -> None:
    error = SummaryInconsistent.of(
        [SummaryNotHeld(side=0, key="point_cards", what="points in point cards", value=1)]
    )
    with translation.override("ru"):
        (text,) = problem_texts(error)
    expected = "У стороны 0 нет карт, значит, у неё не может быть «очки за очковые карты»: 1."  # noqa: RUF001
    assert text == expected


def _tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    suffixes = {".py", ".md", ".html", ".txt", ".toml", ".cfg", ".po", ".js", ".css", ".json", ".yml", ""}
    return [ROOT / name for name in listed.stdout.split() if Path(name).suffix in suffixes]


REFERENCE = re.compile(
    r"docs/rules/(?:(\w+)\.md)?((?:[ ,]+(?:[ABETW]\d+(?:-[ABETW]?\d+)?|\d\.\d(?:\([a-g]\))?))*)"
)


def test_every_rules_reference_leads_to_a_page_of_docs_rules() -> None:
    """No reference leaves the repository, and each ``docs/rules/<page>.md A4`` names a page that has it."""
    pages = {path.stem: path.read_text(encoding="utf-8") for path in (ROOT / "docs" / "rules").glob("*.md")}
    checked = 0
    for path in _tracked_text_files():
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        assert "RULES.md" not in text or path.name == "test_messages.py", path
        assert "../shared" not in text or path.name == "test_messages.py", path
        for match in REFERENCE.finditer(text):
            page, ids = match.group(1), match.group(2)
            assert page is None or page in pages, (path, match.group(0))
            for rule in re.findall(r"[ABETW]\d+|\d\.\d(?:\([a-g]\))?", ids):
                if page is None:  # docs/rules/ B8, E5: each id is on one of the pages
                    assert any(rule in text for text in pages.values()), (path, match.group(0), rule)
                else:
                    holder = pages["shared"] if rule.startswith("A") else pages[page]
                    assert rule in holder, (path, match.group(0), rule)
            checked += 1
    assert checked > 150
