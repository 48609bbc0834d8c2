"""``{% offline_hand screen hand %}``: the open hand as JSON, for the match screen's offline recording."""

from __future__ import annotations

import json

from django import template

from web.offline import offline_hand as hand_json
from web.screens import HandView, MatchScreen

register = template.Library()


@register.simple_tag
def offline_hand(screen: MatchScreen, hand: HandView) -> str:
    """JSON for a ``data-offline`` attribute (the template escapes it)."""
    return json.dumps(hand_json(screen, hand), separators=(",", ":"))
