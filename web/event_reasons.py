"""Why the pairing seated a table (or gave a bye), in the reader's language: the pairing core gives
each reason as a code with the players it names (``games.events.pairing``); this says it in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

REASONS: Mapping[str, str] = {
    "equal_points": gettext_noop("{0} and {1} have the same points."),
    "floated_down": gettext_noop("{1} floated down to meet {0}: no one closer on points was left."),
    "alternative_rematch": gettext_noop("Closer on points, {0} and {1} would have been a rematch."),
    "rematch_unavoidable": gettext_noop("{0} and {1} meet again: every other pairing had a rematch too."),
    "round_robin": gettext_noop("Round robin: {0} and {1} meet as the table of rounds says."),
    "bye_round_robin": gettext_noop("Round robin: {0} sits this round out."),
    "bye_lowest": gettext_noop("{0} has the bye: the lowest ranked without one."),
    "bye_to_avoid_rematch": gettext_noop("{0} has the bye instead of {1}, so that no one meets again."),
    "bye_again": gettext_noop("{0} has a bye again: everyone else has had one."),
    "partners_new": gettext_noop("{0} and {1} partner for the first time."),
    "partners_again": gettext_noop("{0} and {1} partner again: no other split avoided it."),
    "pod_points": gettext_noop("Seated together by points."),
    "pod_rematch": gettext_noop("{0} and {1} share a table again: no other seating avoided it."),
}


def reason_text(code: str, names: Sequence[str]) -> str:
    """The reason ``code`` naming the players ``names``; an unknown code is shown as it is."""
    template = REASONS.get(code)
    if template is None:
        return " ".join([code.replace("_", " "), *names])
    padded = [*names, *("?" * 4)]
    return _(template).format(*padded)
