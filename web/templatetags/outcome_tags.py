"""Results in templates: ``{{ row.streak|outcomes }}`` reads "W3" with the reader's letters."""

from __future__ import annotations

from django import template

from games.stats.results import outcome_letters

register = template.Library()


@register.filter
def outcomes(text: str) -> str:
    """Each outcome letter (W, D, L) in the reader's language; digits stay."""
    return outcome_letters(text)
