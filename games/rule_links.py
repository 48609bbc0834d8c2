"""Where the rules reference explains a rule: ``/rules/tablo/#B8`` (web/rulebook.py renders the pages),
and which rule each refusal of a capture game cites (each game's presentation names its page's letter,
the engine's ``Game`` its refusals' rules). Shared by the API and the web UI."""

from __future__ import annotations

from django.urls import reverse

from games.presentation import PRESENTATIONS
from games.rules.registry import refusal_rule as refusal_rule

INDEX = "README"
SHARED = "shared"
PAGES = (INDEX, *PRESENTATIONS, SHARED)
# Which page holds a rule whose id starts with this letter (docs/rules/README.md).
PAGE_OF_LETTER = {"A": SHARED, **{each.rule_letter: game for game, each in PRESENTATIONS.items()}}


def page_url(page: str, rule: str = "") -> str:
    """The page's path, with the rule's anchor: ``/rules/tablo/#B8``."""
    path = reverse("rules") if page == INDEX else reverse("rules-page", kwargs={"page": page})
    return f"{path}#{rule}" if rule else path


def rule_url(game: str, rule: str) -> str:
    """Where a rule id (the first of ``"E5, 3.2(b)"``) is explained; ``3.2(b)``-style ids are the game's."""
    first = rule.split(",")[0].strip()
    page = PAGE_OF_LETTER.get(first[:1], game) if first[:1].isalpha() else game
    return page_url(page, first)


def refusal_url(code: str | None, game: str) -> str:
    """The rule page and anchor that explain a refusal, e.g. ``/rules/tablo/#B8``; empty without one."""
    rule = refusal_rule(code, game)
    return rule_url(game, rule) if rule else ""
