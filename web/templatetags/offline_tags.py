"""``{% offline_hand screen hand %}``: the open hand as JSON, for the match screen's offline recording;
``{% offline_texts match as texts %}``: the texts to word the phone's engine answers."""

from __future__ import annotations

import json
from typing import Any

from django import template

from games.models import Match
from web.offline import offline_hand as hand_json
from web.offline import offline_texts as texts_json
from web.screens import HandView, MatchScreen

register = template.Library()


@register.simple_tag
def offline_hand(screen: MatchScreen, hand: HandView) -> str:
    """JSON for a ``data-offline`` attribute (the template escapes it)."""
    return json.dumps(hand_json(screen, hand), separators=(",", ":"))


@register.simple_tag
def offline_texts(match: Match) -> dict[str, Any]:
    """:func:`web.offline.offline_texts`, for ``json_script``."""
    return texts_json(match)
