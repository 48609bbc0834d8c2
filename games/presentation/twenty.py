"""Maltese Twenty as the app shows it (docs/rules/twenty.md): a game that takes nothing, scored by
awards."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.presentation.types import Deal, DealQuestions, Presentation, Preset

AWARDS = _("Awards")
BONUS = _("End-of-round bonus")

PRESENTATION = Presentation(
    title=_("Maltese Twenty"),
    presets=(Preset("twenty", "twenty", _("Maltese Twenty"), home_languages=("mt", "en-mt")),),
    rule_letter="W",
    options={"round_end": _("End of a round"), "winner": _("Winner")},
    option_values={
        "starter_out": _("when the starter is out of cards"),
        "all_cards": _("when all cards are played"),
        "higher": _("the higher total"),
        "over_twenty": _("the higher total, if over 20"),
    },
    demo_deal=Deal(table=0, set_aside=2, starter_by_round=True),
    deal_questions=lambda options: DealQuestions(
        table=False, set_aside=_("The two bonus cards set aside"), starter=True
    ),
    awards=True,
    rounds=True,
    counts={"awards": AWARDS, "points": _("Points"), "bonus": BONUS},
    breakdown={
        "awards": AWARDS,
        "exact_twenty": _("Exact 20"),
        "over_twenty": _("Over 20"),
        "bonus": BONUS,
    },
    events={"exact_twenty": _("Exact 20 for %(name)s"), "over_twenty": _("Over 20: %(name)s")},
)
