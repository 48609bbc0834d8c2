"""Games in templates: ``{{ match.game|game_title }}``."""

from __future__ import annotations

from django import template

from games.labels import game_title as title_of

register = template.Library()


@register.filter
def game_title(name: str) -> str:
    """A game's title in the reader's language."""
    return str(title_of(name))
