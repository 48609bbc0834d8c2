"""Where the rules reference explains a rule: ``/rules/tablo/#B8`` (web/rulebook.py renders the pages),
and which rule each refusal of a capture game cites. Shared by the API and the web UI."""

from __future__ import annotations

from django.urls import reverse

INDEX = "README"
PAGES = (INDEX, "tablo", "escoba", "tamlin", "twenty", "shared")
# Which page holds a rule whose id starts with this letter (docs/rules/README.md).
PAGE_OF_LETTER = {"A": "shared", "B": "tablo", "E": "escoba", "T": "tamlin", "W": "twenty"}


def page_url(page: str, rule: str = "") -> str:
    """The page's path, with the rule's anchor: ``/rules/tablo/#B8``."""
    path = reverse("rules") if page == INDEX else reverse("rules-page", kwargs={"page": page})
    return f"{path}#{rule}" if rule else path


def rule_url(game: str, rule: str) -> str:
    """Where a rule id (the first of ``"E5, 3.2(b)"``) is explained; ``3.2(b)``-style ids are the game's."""
    first = rule.split(",")[0].strip()
    page = PAGE_OF_LETTER.get(first[:1], game) if first[:1].isalpha() else game
    return page_url(page, first)


# The rule each refusal of a capture game cites (docs/rules/ A3, B8, E5, E6, T9, T10).
REFUSAL_RULES: dict[str, dict[str, str]] = {
    "capture.illegal": {"tablo": "B8", "escoba": "E5", "tamlin": "T10"},
    "capture.required": {"escoba": "E6", "tamlin": "T9"},
}


def refusal_rule(code: str | None, game: str) -> str:
    """The rule id behind an error code in ``game``; A3 (what the engine always checks) for another
    capture refusal, empty for a refusal that is not about a capture."""
    if not (code or "").startswith("capture."):
        return ""
    return REFUSAL_RULES.get(code or "", {}).get(game, "A3")


def refusal_url(code: str | None, game: str) -> str:
    """The rule page and anchor that explain a refusal, e.g. ``/rules/tablo/#B8``; empty without one."""
    rule = refusal_rule(code, game)
    return rule_url(game, rule) if rule else ""
