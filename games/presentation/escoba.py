"""Escoba as the app shows it (docs/rules/escoba.md)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.presentation import shared
from games.presentation.types import Deal, DealQuestions, Presentation, Preset
from games.rules.game import Options


def _deal_questions(options: Options) -> DealQuestions:
    """Scopone deals every card to the players: nothing on the table, maybe some left out (E3)."""
    if options.get("deal") == "scopone":
        return DealQuestions(table=False, set_aside=_("Cards left out, if known"))
    return DealQuestions()


PRESENTATION = Presentation(
    title=_("Escoba"),
    presets=(
        Preset("escoba", "escoba", _("Escoba, classic: a card takes at most two")),
        Preset("escoba-15", "escoba", _("Escoba, 15"), {"capture": "fifteen"}),
        Preset("scopone", "escoba", _("Escoba, Scopone"), {"deal": "scopone"}),
        Preset("muerto", "escoba", _("Escoba, Muerto"), {"muerto": True}),
        Preset("manual", "escoba", _("Escoba, manual capture"), {"manual_capture": True}),
    ),
    rule_letter="E",
    refusal_rules={"capture.illegal": "E5", "capture.required": "E6"},
    demo_deal=Deal(table=4),
    deal_questions=_deal_questions,
    counts={
        "cards": shared.CARDS_TAKEN,
        "diamonds": _("Diamonds"),
        "sevens": _("Sevens"),
        "seven_diamonds": _("Has the 7♦"),
        "sweeps": shared.SWEEPS,
        "primera": _("Primera value"),
    },
    deck_totals={"cards": 40, "diamonds": 10, "sevens": 4, "seven_diamonds": 1},  # E1
    breakdown={
        "most_cards": shared.MOST_CARDS,
        "most_diamonds": _("Most diamonds"),
        "most_sevens": _("Most sevens"),
        "primera": _("Primera"),
        "seven_diamonds": _("Seven of diamonds"),
        "sweeps": shared.SWEEPS,
        "challenges": _("Challenges"),
    },
    breakdown_ties=frozenset({"most_cards", "most_diamonds", "most_sevens", "primera"}),
    events={"sweep": _("Escoba (sweep) for %(name)s"), "challenge": _("Challenge points for %(name)s")},
    sweep_name=_("escoba (sweep)"),
    sweep_article=_("an escoba"),
)
