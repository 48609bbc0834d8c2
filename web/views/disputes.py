"""The dispute checker: no login; every legal capture of a card, and a verdict on a claimed capture."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.http import HttpResponse, QueryDict
from django.shortcuts import render

from games.messages import verdict_reason, violation_text
from games.presentation import Preset
from games.rule_links import refusal_rule, refusal_url
from games.rules.capture.capturing import CaptureList, Verdict, capture_check, capture_list
from games.rules.cards import Card
from games.rules.errors import RuleViolation
from games.rules.registry import find_game
from web.forms import CARD_TEXTS, DisputeForm
from web.presets import preset_find, presets_available, sweep_name
from web.views import HtmxHttpRequest

CAPTURES_SHOWN = 50


@dataclass(frozen=True, slots=True, kw_only=True)
class Dispute:
    """What the page shows: the input as the engine saw it and its answers."""

    preset: Preset
    deck: tuple[Card, ...]
    table: tuple[str, ...] = ()
    card: str = ""
    taken: tuple[str, ...] = ()
    captures: CaptureList | None = None
    verdict: Verdict | None = None
    error: str = ""
    left_out: tuple[str, ...] = ()  # texts of the link that are no card of this game's deck

    @property
    def played(self) -> tuple[str, ...]:
        """The card played, if one was chosen."""
        return (self.card,) if self.card else ()

    @property
    def reason(self) -> str:
        """Why the claimed capture is illegal, in the reader's language with localized cards."""
        return "" if self.verdict is None else verdict_reason(self.verdict, self.card, self.taken)

    @property
    def rule(self) -> str:
        """The rule an illegal capture breaks (B8, E5, E6, T9, T10)."""
        return "" if self.verdict is None else refusal_rule(self.verdict.code, self.preset.game)

    @property
    def rule_url(self) -> str:
        """The rule the verdict cites, on its rules page; empty without a verdict."""
        return "" if self.verdict is None else refusal_url(self.verdict.code, self.preset.game)

    @property
    def table_cards(self) -> tuple[Card, ...]:
        """The table's cards."""
        return tuple(map(Card.parse, self.table))

    @property
    def shows_points(self) -> bool:
        """Whether a listed capture carries points."""
        return self.captures is not None and any(capture.points for capture in self.captures.captures)


def _in_deck(texts: Sequence[str], deck: tuple[Card, ...]) -> tuple[str, ...]:
    """Cards of the chosen game only: switching games drops cards the new deck does not have."""
    known = {str(each) for each in deck}
    return tuple(text for text in texts if text in known)


CARD_FIELDS = ("table", "card", "taken")


def cards_known(query: QueryDict) -> tuple[QueryDict, tuple[str, ...]]:
    """The query with every text of its card fields that is no card of the pack left out, so the rest
    of a shared link still reads; and the texts left out, to be said."""
    kept, unknown = query.copy(), []
    for name in CARD_FIELDS:
        values = query.getlist(name)
        kept.setlist(name, [value for value in values if value in CARD_TEXTS])
        unknown += [value for value in values if value and value not in CARD_TEXTS]
    return kept, tuple(unknown)


def dispute_read(form: DisputeForm, unknown: tuple[str, ...] = ()) -> Dispute:
    """Ask the engine about the form's table, card and claimed capture; ``unknown``: texts of the link
    already left out as no card at all, said with those this game's deck does not have."""
    data = form.cleaned_data if form.is_valid() else {}
    preset = preset_find(data.get("variant", "")) or presets_available(captures=True)[0]
    deck = find_game(preset.game).deck
    table = _in_deck(data.get("table", []), deck)
    card = next(iter(_in_deck([data.get("card") or ""], deck)), "")
    taken = tuple(text for text in data.get("taken", []) if text in table)
    asked = [*data.get("table", []), data.get("card") or ""]
    left_out = (*unknown, *(text for text in asked if text and text not in table and text != card))
    state = Dispute(preset=preset, deck=deck, table=table, card=card, taken=taken, left_out=left_out)
    if not card:
        return state
    try:
        captures = capture_list(preset.game, table, card, preset.options, limit=CAPTURES_SHOWN)
        verdict = capture_check(preset.game, table, card, taken, preset.options) if taken else None
    except RuleViolation as error:
        return replace(state, taken=(), error=violation_text(error))
    return replace(state, captures=captures, verdict=verdict)


def dispute(request: HtmxHttpRequest) -> HttpResponse:
    """The checker page; htmx asks for the body only, on every tap."""
    query, unknown = cards_known(request.GET)
    form = DisputeForm(query or None)
    state = dispute_read(form, unknown)
    context = {"form": form, "state": state, "sweep": sweep_name(state.preset.game)}
    template = "web/disputes/_body.html" if request.htmx else "web/disputes/page.html"
    return render(request, template, context)
