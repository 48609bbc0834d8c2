"""Results in templates: ``{{ row.streak|outcomes }}`` reads "W3" with the reader's letters."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

LETTERS = {"W": _("W"), "D": _("D"), "L": _("L")}  # the standings' column heads, won, drawn, lost


@register.filter
def outcomes(text: str) -> str:
    """Each outcome letter (W, D, L) in the reader's language; digits stay."""
    return "".join(str(LETTERS.get(each, each)) for each in text)
