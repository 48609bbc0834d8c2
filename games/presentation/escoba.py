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
        Preset("escoba-15", "escoba", _("Escoba, 15"), {"capture": "fifteen"}, home_languages=("es", "pt")),
        Preset("scopone", "escoba", _("Escoba, Scopone"), {"deal": "scopone"}),
        Preset("muerto", "escoba", _("Escoba, Muerto"), {"muerto": True}),
        Preset("manual", "escoba", _("Escoba, manual capture"), {"manual_capture": True}),
    ),
    rule_letter="E",
    options={
        "capture": _("What a card takes"),
        "deal": _("Deal"),
        "muerto": _("Muerto: your points go to the others"),
        "manual_capture": _("Manual capture with challenges"),
        "sevens": _("Sevens"),
        "lead": _("Who leads"),
        "last_play_sweep": _("A sweep with the last card counts"),
        "capture_priority": _("An equal card must be taken first"),
    },
    option_values={
        "pair": _("one equal card or two that add up"),
        "any": _("any cards that add up"),
        "fifteen": _("with the played card they make 15"),
        "classic": _("classic, with table cards"),
        "scopone": _("Scopone, no table cards"),
        "most_sevens": _("most sevens"),
        "primera": _("primera"),
        "after_dealer": _("the player after the dealer"),
        "dealer": _("the dealer"),
    },
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
    events={"sweep": _("Escoba (sweep) for %(name)s"), "challenge": _("Challenge points for %(name)s")},
    sweep_name=_("escoba (sweep)"),
    sweep_article=_("an escoba"),
)
