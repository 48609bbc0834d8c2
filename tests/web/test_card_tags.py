"""Cards in templates: chips and the tap-to-pick grid, in English and Russian (docs/rules/shared.md A1)."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from games.rules.cards import deck, parse_cards


def render(source: str, **context: object) -> str:
    return Template("{% load card_tags %}" + source).render(Context(context))


@pytest.mark.parametrize(
    ("language", "text", "label", "name"),
    [
        pytest.param("en", "QS", "Q♠", "queen of spades", id="A1-en-queen"),
        pytest.param("ru", "QS", "Д♠", "дама пик", id="A1-ru-queen-is-D"),
        pytest.param("ru", "AH", "Т♥", "туз червей", id="A1-ru-ace-is-T"),  # noqa: RUF001 (Cyrillic on purpose)
        pytest.param("ru", "KD", "К♦", "король бубен", id="A1-ru-king-is-K"),  # noqa: RUF001 (Cyrillic on purpose)
        pytest.param("ru", "JC", "В♣", "валет треф", id="A1-ru-jack-is-V"),  # noqa: RUF001 (Cyrillic on purpose)
        pytest.param("ru", "10D", "10♦", "10 бубен", id="A1-ru-pips-stay"),
        # Serbian players write A K Q J as the cards print them and say "кец" (docs/languages.md).
        pytest.param("sr", "AH", "A♥", "кец херц", id="A1-sr-ace-is-kec"),
        pytest.param("sr-latn", "JC", "J♣", "žandar tref", id="A1-sr-latn-jack-is-zandar"),
    ],
)
def test_a_card_chip_shows_the_local_label_and_says_the_local_name(
    language: str, text: str, label: str, name: str
) -> None:
    with translation.override(language):
        html = render("{{ text|card }}", text=text)
    assert f'<span aria-hidden="true">{label}</span>' in html
    assert name in html


def test_red_suits_are_marked_red() -> None:
    assert "red" in render('{{ "10D"|card }}')
    assert "black" in render('{{ "10S"|card }}')


def test_the_grid_has_one_input_per_card_in_rows_by_suit() -> None:
    html = render('{% card_grid "table" "Cards on the table" cards %}', cards=deck(faces=False))
    assert html.count('type="checkbox"') == 40
    assert html.count('role="group"') == 4
    assert "<legend>Cards on the table</legend>" in html


def test_seen_cards_are_disabled_and_chosen_cards_checked() -> None:
    html = render(
        '{% card_grid "card" "Card played" cards chosen=chosen disabled=seen multiple=False %}',
        cards=parse_cards(["7S", "7H", "7D"]),
        chosen=["7H"],
        seen=["7S"],
    )
    assert html.count('type="radio"') == 3
    assert 'value="7H" id="card-7H" aria-label="7 of hearts" checked' in html
    assert 'value="7S" id="card-7S" aria-label="7 of spades" disabled' in html


def test_a_flat_grid_puts_every_card_in_one_row() -> None:
    html = render('{% card_grid "taken" "Taken" cards by_suit=False %}', cards=parse_cards(["7S", "7H"]))
    assert 'role="group"' not in html.replace('<fieldset class="card-grid"', "")
    assert html.count('class="suit-row"') == 1
