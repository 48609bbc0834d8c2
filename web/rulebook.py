"""The players' rule book (docs/rules/book/) as web pages, in the reader's language.

The book is written for players in every language the app speaks, ``docs/rules/book/<language>/<page>.md``,
with the rule ids of the developers' reference (``docs/rules/<page>.md``, English, with the code's names
and option keys, which the book leaves out). Serbian in Latin script is made from the Cyrillic book
(:func:`games.serbian.to_latin`). A page missing in a language falls back to English. Each rule id (``B8``,
``3.2(a)``, ``EB-3``, ``A1``) that opens a rule, a heading or a worked example becomes the ``id`` of its
element, so ``/rules/tablo/#B8`` works.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.utils.translation import get_language
from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

from games.rule_links import PAGES, page_url
from games.serbian import to_latin

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"  # the developers' reference, in English
BOOK_DIR = RULES_DIR / "book"  # the players' book, one folder per language
LATIN_SERBIAN = "sr-latn"

# A rule id where a rule, heading or example begins: B8, A1, 3.2(a), 1.2, EB-3, TB-4a.
RULE_ID = re.compile(r"^(?:\*\*)?`?([A-Z]{2}-\d+[a-z]?|[A-Z]\d+|\d\.\d(?:\([a-z]\))?)(?=[.,:\s]|\*\*|`|$)")
# Which page holds a rule whose id starts with this letter (docs/rules/README.md).
ANCHORED = frozenset({"heading_open", "paragraph_open", "list_item_open", "tr_open"})
HIDDEN_OPENERS = frozenset({("paragraph_open", "list_item_open"), ("td_open", "tr_open")})


@dataclass(frozen=True, slots=True)
class RulePage:
    """One page as the reader gets it: its HTML, the language of its text and its rule ids."""

    name: str
    html: str
    language: str
    ids: tuple[str, ...]

    @property
    def translated(self) -> bool:
        """Whether the page is shown in a language other than English."""
        return self.language != "en"


def _source(page: str, language: str) -> tuple[str, str]:
    """The book's page and its language: the reader's if written, else English."""
    if language == LATIN_SERBIAN:
        text, found = _source(page, "sr")
        return (to_latin(text), LATIN_SERBIAN) if found == "sr" else (text, found)
    path = BOOK_DIR / language / f"{page}.md"
    if language != "en" and path.is_file():
        return path.read_text(encoding="utf-8"), language
    return (BOOK_DIR / "en" / f"{page}.md").read_text(encoding="utf-8"), "en"


def _anchor_rule(state: StateCore) -> None:
    """Give each block that opens with a rule id that id (a tight list hides its paragraphs, so the
    list item carries it); turn links between the book's pages into the site's pages, keep links within
    the page, and drop links to other files of the repository (their text stays)."""
    tokens, seen = state.tokens, set()
    for index, token in enumerate(tokens):
        if token.type != "inline" or index == 0:
            continue
        found = RULE_ID.match(token.content)
        opener = tokens[index - 1]
        if index >= 2 and (opener.type, tokens[index - 2].type) in HIDDEN_OPENERS:
            opener = tokens[index - 2]  # a tight list's paragraph, a worked example's first cell
        if found and found.group(1) not in seen and opener.type in ANCHORED:
            seen.add(found.group(1))
            opener.attrSet("id", found.group(1))
        children = token.children or []
        for place, child in enumerate(children):
            if child.type != "link_open":
                continue
            href = str(child.attrGet("href") or "")
            target = re.fullmatch(r"(\w+)\.md(#.*)?", href)
            if target and target.group(1) in PAGES:
                child.attrSet("href", page_url(target.group(1)) + (target.group(2) or ""))
            elif not re.match(r"https?://|#", href):  # a link within the page stays
                child.attrs.pop("href", None)
                child.tag = "span"
                next(c for c in children[place:] if c.type == "link_close").tag = "span"


def _parser() -> MarkdownIt:
    parser = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    parser.core.ruler.push("rule_anchors", _anchor_rule)
    return parser


PARSER = _parser()


@lru_cache(maxsize=64)
def rendered(text: str) -> tuple[str, tuple[str, ...]]:
    """A Markdown text as safe HTML (raw HTML in it is escaped) and the rule ids it anchors, cached by
    content: a changed file is a new key."""
    html = PARSER.render(text)
    return html, tuple(re.findall(r' id="([^"]+)"', html))


def rule_page(page: str, language: str | None = None) -> RulePage:
    """A page of the reference in ``language`` (the active one by default), falling back to English."""
    text, found = _source(page, (language or get_language() or "en").lower())
    html, ids = rendered(text)
    return RulePage(name=page, html=html, language=found, ids=ids)
