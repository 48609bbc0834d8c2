"""The score's reasons in templates: ``{% live_hand screen as live %}``, ``{% breakdown rows names %}``,
``{{ points|signed }}`` and a closed hand's breakdown by number."""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from games.breakdowns import hand_breakdown
from games.matches.selectors.scoreboards import HandBreakdown
from games.models import Hand, Match
from games.rules import wording
from games.rules.game import HandReport
from games.rules.wording import BreakdownRow
from web import breakdowns
from web.screens import MatchScreen
from web.templatetags.card_tags import cards

register = template.Library()


@register.simple_tag
def live_hand(screen: MatchScreen) -> breakdowns.LiveHand:
    """The open hand's breakdown on the match screen."""
    return breakdowns.live_hand(screen)


@register.simple_tag
def stored_breakdown(match: Match, hand: Hand) -> list[BreakdownRow]:
    """A closed hand's breakdown from its stored report."""
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
    """Points with their sign, or empty for none."""
    return "" if points is None else wording.signed(points)


@register.filter
def minus(points: int) -> str:
    """A total with a true minus sign (U+2212), as :func:`signed` writes points: a screen never shows a
    hyphen for one number and a minus for the next."""
    return str(points).replace("-", "\u2212")


BREAKDOWN = (
    '<table class="breakdown">\n  {caption}\n  <thead><tr><th scope="col">{item}</th>{names}</tr></thead>\n'
    "  <tbody>\n    {rows}\n  </tbody>\n</table>\n"
)
BREAKDOWN_ROW = (
    '\n      <tr class="item-{key}{total}" data-key="{key}">\n'
    '        <th scope="row">{label}{cards}{note}</th>\n        {cells}\n      </tr>\n    '
)
NOTHING = '<span aria-hidden="true">\u00b7</span><span class="visually-hidden">{}</span>'


@register.simple_tag
def breakdown(rows: Sequence[BreakdownRow], names: Sequence[str], caption: str = "") -> SafeString:
    """A hand's breakdown as a table: a row per item, a column per side (``names``, in side order).
    Drawn here rather than by a template: the score sheet draws one per closed hand in every answer."""
    nothing = format_html(NOTHING, gettext("nothing"))
    return format_html(
        BREAKDOWN,
        caption=format_html("<caption>{}</caption>", caption) if caption else "",
        item=gettext("Item"),
        names=format_html_join("", '<th scope="col">{}</th>', ((name,) for name in names)),
        rows=mark_safe("".join(_breakdown_row(row, nothing) for row in rows)),  # escaped by format_html
    )


def _breakdown_row(row: BreakdownRow, nothing: SafeString) -> SafeString:
    cells = (
        nothing if value is None else wording.signed(value) if row["points"] else _count(row, value, nothing)
        for value in row["values"]
    )
    return format_html(
        BREAKDOWN_ROW,
        key=row["key"],
        total=" total" if row["key"] == "total" else "",
        label=row["label"],
        cards=format_html(' <span class="breakdown-cards">{}</span>', cards(row["cards"]))
        if row["cards"]
        else "",
        note=format_html('<span class="breakdown-note">{}</span>', row["note"]) if row["note"] else "",
        cells=format_html_join("", "<td>{}</td>", ((cell,) for cell in cells)),
    )


def _count(row: BreakdownRow, value: int, nothing: SafeString) -> SafeString | str | int:
    """A count's cell. The leftovers are cards, not points, among columns of points: said with the word
    (and nothing for the sides that did not take them)."""
    if row["key"] != "leftovers":
        return value
    if not value:
        return nothing
    return ngettext("%(count)s card", "%(count)s cards", value) % {"count": value}
