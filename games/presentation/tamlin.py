"""Tamlin as the app shows it (docs/rules/tamlin.md)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.presentation import shared
from games.presentation.types import Deal, Presentation, Preset

PRESENTATION = Presentation(
    title=_("Tamlin"),
    presets=(Preset("tamlin", "tamlin", _("Tamlin"), home_languages=("it",)),),
    rule_letter="T",
    options={"scoring": _("Scoring"), "ace_takes_ace": _("An ace takes an ace")},
    option_values={
        "simplified_cassino": _("simplified Cassino (10 points)"),
        "cassino": _("Cassino (11 points, with spades)"),
    },
    demo_deal=Deal(table=4, no_jacks_on_table=True),
    counts={
        "cards": shared.CARDS_TAKEN,
        "spades": _("Spades"),
        "ten_diamonds": _("Has the 10♦"),
        "two_spades": _("Has the 2♠"),
        "aces": _("Aces"),
        "tamlins": _("Tamlins"),
        "jack_penalties": _("Jacks played to an empty table"),
    },
    deck_totals={"cards": 52, "spades": 13, "ten_diamonds": 1, "two_spades": 1, "aces": 4},  # T2
    breakdown={
        "most_cards": shared.MOST_CARDS,
        "ten_diamonds": _("Ten of diamonds"),
        "two_spades": _("Two of spades"),
        "aces": _("Aces"),
        "most_spades": _("Most spades"),
        "tamlins": _("Tamlins"),
        "jack_penalties": _("Jack penalties"),
    },
    events={"tamlin": _("Tamlin for %(name)s"), "jack_penalty": _("Jack to an empty table: %(name)s")},
    sweep_name=_("tamlin"),
    sweep_article=_("a tamlin"),
)
