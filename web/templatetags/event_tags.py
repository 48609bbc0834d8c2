"""Event words for the templates: a format's name."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

FORMAT_NAMES = {
    "swiss": _("Swiss"),
    "round_robin": _("Round robin"),
    "pods": _("Pods"),
    "partners": _("Partners"),
}


@register.filter
def format_name(name: str) -> str:
    """An event format in words."""
    return str(FORMAT_NAMES.get(name, name))
