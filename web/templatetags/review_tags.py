"""Hand reviews in templates: which games have them, and a finished match's review per player."""

from __future__ import annotations

from django import template

from games.models import Match
from games.rules.review import REVIEWED
from web.reviews import PlayerLine, match_review_lines

register = template.Library()


@register.filter
def has_review(game: str) -> bool:
    """Whether hands of ``game`` recorded play by play are reviewed (the capture games)."""
    return game in REVIEWED


@register.simple_tag
def review_lines(match: Match) -> tuple[PlayerLine, ...]:
    """Each player's review summed over the match's hands recorded play by play."""
    return match_review_lines(match)
