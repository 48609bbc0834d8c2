"""Cards in templates: ``{{ "QS"|card }}`` and the tap-to-pick ``{% card_grid %}``.

The grid is one checkbox (or radio) per card, grouped by suit, so it works without JavaScript, with
a keyboard and with a screen reader; cards already seen are disabled and drawn greyed out.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.labels import suit_name
from games.rules.cards import Card, Suit
from web.cards import CardView
from web.one_tap import one_tap_plays
from web.screens import HandView, MatchScreen

register = template.Library()


CELL = (
    '<label class="card-tile" title="{title}"><input class="card-input" type="{kind}" name="{name}"'
    ' value="{value}" id="{id}" aria-label="{title}"{flags}><span class="face {colour}" aria-hidden="true">'
    "{label}</span></label>"
)


GRID = (
    '<fieldset class="card-grid" id="{name}-grid"{shortcut}>\n  <legend>{legend}</legend>\n  {rows}\n'
    "</fieldset>\n"
)
ROW = '\n    <div class="suit-row"{group}>\n      {cells}\n    </div>\n  '


@lru_cache(maxsize=8192)
def _cell_html(text: str, name: str, kind: str, checked: bool, disabled: bool, language: str) -> SafeString:
    """A cell's input, made once: a grid differs from the last one by a card or two (a few thousand
    cells in all: the deck's cards in each state, field and language). Keyed by the card's text,
    which hashes faster than the card."""
    view = CardView.of(Card.parse(text), language)
    flags = (" checked" if checked else "") + (" disabled" if disabled else "")
    return format_html(
        CELL,
        title=view.name,
        kind=kind,
        name=name,
        value=view.text,
        id=f"{name}-{view.text}",
        flags=mark_safe(flags),  # constant words
        colour="red" if view.red else "black",
        label=view.label,
    )


@dataclass(frozen=True, slots=True)
class SuitRow:
    """A row of the grid; ``html``: its cells' inputs, made here rather than in a template loop, as
    the match screen draws the whole deck in every answer (several times faster)."""

    name: str
    html: SafeString


@lru_cache(maxsize=1024)
def _chip(text: str, language: str) -> SafeString:
    """A card's chip, made once per card text and language (raises ``BadCardText``)."""
    view = CardView.of(Card.parse(text), language)
    colour = "red" if view.red else "black"
    return format_html(
        '<span class="card-chip {}" title="{}"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        colour,
        view.name,
        view.label,
        view.name,
    )


@register.filter
def card(text: str | Card) -> SafeString:
    """One card as a chip: its label, and its name for screen readers."""
    return _chip(str(text), get_language())


@register.filter
def cards(texts: Iterable[str | Card]) -> SafeString:
    """Several cards as chips, in the given order."""
    return mark_safe(" ".join(card(each) for each in texts))  # chips are escaped already


def grid_rows(
    name: str,
    deck: Iterable[Card],
    chosen: Collection[str],
    disabled: Collection[str],
    by_suit: bool = True,
    kind: str = "checkbox",
) -> tuple[SuitRow, ...]:
    """The deck's cards (in the deck's order) with their state, a row per suit unless not ``by_suit``."""
    rows: dict[Suit | None, list[SafeString]] = {}
    language = get_language()
    for each in deck:
        text = str(each)
        cell = _cell_html(text, name, kind, text in chosen, text in disabled, language)
        rows.setdefault(each.suit if by_suit else None, []).append(cell)
    # Each cell is already escaped (SafeString): joined, they need no second pass through format_html.
    return tuple(
        SuitRow(suit_name(suit) if suit else "", mark_safe("\n".join(cells))) for suit, cells in rows.items()
    )


@register.simple_tag
def card_grid(
    name: str,
    legend: str,
    deck: Iterable[Card],
    chosen: Collection[str] = (),
    disabled: Collection[str] = (),
    multiple: bool = True,
    shortcut: str = "",
    by_suit: bool = True,
) -> SafeString:
    """A fieldset of cards to tick (``multiple``) or to pick one of; ``chosen`` and ``disabled`` are texts.
    Drawn here, like its cells, rather than by a template: the match screen draws one or two grids in
    every answer."""
    rows = grid_rows(
        name, deck, set(chosen), set(disabled), by_suit, kind="checkbox" if multiple else "radio"
    )
    return format_html(
        GRID,
        name=name,
        shortcut=format_html(' data-shortcut="{}"', shortcut) if shortcut else "",
        legend=legend,
        rows=mark_safe("".join(_row_html(row) for row in rows)),  # escaped by _row_html
    )


def _row_html(row: SuitRow) -> SafeString:
    group = format_html(' role="group" aria-label="{}"', row.name) if row.name else ""
    return format_html(ROW, group=group, cells=row.html)


@register.simple_tag
def one_tap(screen: MatchScreen, hand: HandView) -> str:
    """The play form's ``data-one-tap`` (:func:`web.one_tap.one_tap_plays`); the template escapes it."""
    return one_tap_plays(screen.match, hand.table, hand.seen)
