"""Cards in templates: ``{{ "QS"|card }}`` and the tap-to-pick ``{% card_grid %}``.

The grid is one checkbox (or radio) per card, grouped by suit, so it works without JavaScript, with
a keyboard and with a screen reader; cards already seen are disabled and drawn greyed out.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.labels import suit_name
from games.rules.cards import Card, Suit
from web.cards import CardView

register = template.Library()


@dataclass(frozen=True, slots=True)
class Cell:
    card: CardView
    id: str
    checked: bool
    disabled: bool


@dataclass(frozen=True, slots=True)
class SuitRow:
    name: str
    cells: tuple[Cell, ...]


def _chip(card: Card) -> SafeString:
    view = CardView.of(card)
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
    return _chip(text if isinstance(text, Card) else Card.parse(text))


@register.filter
def cards(texts: Iterable[str | Card]) -> SafeString:
    """Several cards as chips, in the given order."""
    return format_html_join(" ", "{}", ((card(each),) for each in texts))


def grid_rows(
    name: str, deck: Iterable[Card], chosen: Collection[str], disabled: Collection[str], by_suit: bool = True
) -> tuple[SuitRow, ...]:
    """The deck's cards (in the deck's order) with their state, a row per suit unless not ``by_suit``."""
    rows: dict[Suit | None, list[Cell]] = {}
    for each in deck:
        text = str(each)
        cell = Cell(CardView.of(each), f"{name}-{text}", text in chosen, text in disabled)
        rows.setdefault(each.suit if by_suit else None, []).append(cell)
    return tuple(SuitRow(suit_name(suit) if suit else "", tuple(cells)) for suit, cells in rows.items())


@register.inclusion_tag("web/components/card_grid.html")
def card_grid(
    name: str,
    legend: str,
    deck: Iterable[Card],
    chosen: Collection[str] = (),
    disabled: Collection[str] = (),
    multiple: bool = True,
    shortcut: str = "",
    by_suit: bool = True,
) -> dict[str, object]:
    """A fieldset of cards to tick (``multiple``) or to pick one of; ``chosen`` and ``disabled`` are texts."""
    return {
        "name": name,
        "legend": legend,
        "rows": grid_rows(name, deck, set(chosen), set(disabled), by_suit),
        "type": "checkbox" if multiple else "radio",
        "shortcut": shortcut,
    }
