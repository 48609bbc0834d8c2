"""The score's reasons in templates: ``{% live_hand screen as live %}``, ``{% breakdown rows names %}``,
``{{ points|signed }}`` and a closed hand's breakdown by number."""

from __future__ import annotations

from collections.abc import Sequence

from django import template

from games.breakdowns import BreakdownRow, hand_breakdown
from games.models import Hand, Match
from games.rules.game import HandReport
from games.selectors import HandBreakdown
from web import breakdowns
from web.screens import MatchScreen

register = template.Library()


@register.simple_tag
def live_hand(screen: MatchScreen) -> breakdowns.LiveHand:
    return breakdowns.live_hand(screen)


@register.simple_tag
def stored_breakdown(match: Match, hand: Hand) -> list[BreakdownRow]:
    return breakdowns.stored_breakdown(match, hand)


@register.simple_tag
def report_breakdown(match: Match, report: HandReport) -> list[BreakdownRow]:
    """The breakdown of a complete hand the engine has just replayed (a correction's draft)."""
    return hand_breakdown(match.game, match.options, report)


@register.filter
def hand_numbered(hands: Sequence[HandBreakdown], number: int) -> HandBreakdown | None:
    """The closed hand ``number`` among the scoreboard's ``hands``."""
    return breakdowns.hand_numbered(hands, number)


@register.filter
def signed(points: int | None) -> str:
    return "" if points is None else breakdowns.signed(points)


@register.inclusion_tag("web/components/breakdown.html")
def breakdown(rows: Sequence[BreakdownRow], names: Sequence[str], caption: str = "") -> dict[str, object]:
    """A hand's breakdown as a table: a row per item, a column per side (``names``, in side order)."""
    return {"rows": rows, "names": names, "caption": caption}
