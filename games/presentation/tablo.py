"""Tablo as the app shows it (docs/rules/tablo.md)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.presentation import shared
from games.presentation.types import Deal, Presentation, Preset

PRESENTATION = Presentation(
    title=_("Tablo"),
    presets=(
        Preset("tablo", "tablo", _("Tablo, as in the originals")),
        Preset(
            "tablo-101",
            "tablo",
            _("Tablo, Serbian 101"),
            {
                "tablo_points": "per_tablo",
                "card_bonus": "majority3",
                "leftovers": "last_capturer",
                "direction": "counterclockwise",
                "target": 101,
            },
            home_languages=("sr", "sr-latn"),
        ),
    ),
    rule_letter="B",
    options={
        "tablo_points": _("Tablo points"),
        "card_bonus": _("Bonus for most cards"),
        "leftovers": _("Cards left on the table at the end"),
        "direction": _("Direction of play"),
    },
    option_values={
        "per_five": _("1 point for every 5 tablos"),
        "per_tablo": _("1 point per tablo"),
        "graded": _("27, 28, 29+ cards: 1, 2, 3 points"),
        "majority3": _("3 points to the most cards"),
        "last_card": _("to whoever took with their last card"),
        "last_capturer": _("to the last capturer"),
        "clockwise": _("clockwise"),
        "counterclockwise": _("counterclockwise"),
    },
    demo_deal=Deal(table=4),
    counts={"cards": shared.CARDS_TAKEN, "point_cards": _("Points in point cards"), "tablos": _("Tablos")},
    deck_totals={"cards": 52, "point_cards": 22},  # B2, B3
    breakdown={
        "cards": shared.CARDS_TAKEN,
        "tablos": _("Tablos"),
        "point_cards": _("Point cards"),
        "card_bonus": _("Card bonus"),
        "tablo_points": _("Tablo points"),
    },
    events={"tablo": _("Tablo for %(name)s")},
    sweep_name=_("tablo"),
    sweep_article=_("a tablo"),
)
