"""Option keys and values in words (docs/rules/shared.md A2); the engine's option specs say which exist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.rules.game import OptionSpec, OptionValue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

KEY_LABELS: dict[str, StrOrPromise] = {
    "tablo_points": _("Tablo points"),
    "card_bonus": _("Bonus for most cards"),
    "leftovers": _("Cards left on the table at the end"),
    "direction": _("Direction of play"),
    "capture": _("What a card takes"),
    "deal": _("Deal"),
    "muerto": _("Muerto: your points go to the others"),
    "manual_capture": _("Manual capture with challenges"),
    "sevens": _("Sevens"),
    "last_play_sweep": _("A sweep with the last card counts"),
    "capture_priority": _("An equal card must be taken first"),
    "scoring": _("Scoring"),
    "ace_takes_ace": _("An ace takes an ace"),
    "round_end": _("End of a round"),
    "winner": _("Winner"),
    "lead": _("Who leads"),
}

VALUE_LABELS: dict[OptionValue, StrOrPromise] = {
    True: _("yes"),
    False: _("no"),
    "per_five": _("1 point for every 5 tablos"),
    "per_tablo": _("1 point per tablo"),
    "graded": _("27, 28, 29+ cards: 1, 2, 3 points"),
    "majority3": _("3 points to the most cards"),
    "last_card": _("to whoever took with his last card"),
    "last_capturer": _("to the last capturer"),
    "clockwise": _("clockwise"),
    "counterclockwise": _("counterclockwise"),
    "pair": _("one equal card or two that add up"),
    "any": _("any cards that add up"),
    "fifteen": _("with the played card they make 15"),
    "classic": _("classic, with table cards"),
    "scopone": _("Scopone, no table cards"),
    "most_sevens": _("most sevens"),
    "primera": _("primera"),
    "simplified_cassino": _("simplified Cassino (10 points)"),
    "cassino": _("Cassino (11 points, with spades)"),
    "starter_out": _("when the starter is out of cards"),
    "all_cards": _("when all cards are played"),
    "higher": _("the higher total"),
    "over_twenty": _("the higher total, if over 20"),
    "after_dealer": _("the player after the dealer"),
    "dealer": _("the dealer"),
}


def key_label(spec: OptionSpec) -> StrOrPromise:
    return KEY_LABELS.get(spec.key, spec.key)


def value_label(value: OptionValue) -> StrOrPromise:
    return VALUE_LABELS.get(value, str(value))


def choice_specs(specs: tuple[OptionSpec, ...]) -> tuple[OptionSpec, ...]:
    """The options chosen from a list (targets and time limits are numbers, asked for apart; the
    hidden rules edition is never asked for)."""
    return tuple(spec for spec in specs if spec.allowed and not spec.hidden)
