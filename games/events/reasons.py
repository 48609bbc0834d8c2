"""Why the pairing seated a table (or gave a bye) where it did, in the reader's words.

The pairing core names each reason by a code with the players it concerns; this is the one place that
turns them into text, for the API's ``why`` and the web pages alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from django.utils.translation import gettext, gettext_noop

TEXTS = {
    "equal_points": gettext_noop("paired on equal points"),
    "floated_down": gettext_noop("floated down: no one on the same points was left to play"),
    "alternative_rematch": gettext_noop("floated down: the alternative was a rematch of {players}"),
    "rematch_unavoidable": gettext_noop("a rematch: no pairing of the round avoids one"),
    "apart_unavoidable": gettext_noop(
        "kept apart where possible, but no pairing of the round avoids this table"
    ),
    "round_robin": gettext_noop("round robin: the Berger table of the round"),
    "pod": gettext_noop("a pod grouped by points"),
    "pod_spread": gettext_noop("a pod across points: {players}"),
    "new_partners": gettext_noop("new partners: none partnered before"),
    "bye_round_robin": gettext_noop("bye: the Berger table's bye of the round"),
    "bye_no_table": gettext_noop("bye: no table size seats everyone"),
    "bye_lowest": gettext_noop("bye: the lowest-ranked player without one"),
    "bye_to_avoid_rematch": gettext_noop(
        "bye out of turn: the others could then be paired without a rematch"
    ),
    "bye_again": gettext_noop("a second bye: everyone else had one"),
    "director_swap": gettext_noop("the director's swap: {players}"),
    "director_rematch": gettext_noop("a rematch the director's swap made: {players}"),
}


def reason_text(code: str, players: Sequence[int], name: Callable[[int], str] = str) -> str:
    """One reason in the active language; an unknown code reads as itself."""
    template = TEXTS.get(code)
    if template is None:
        return code.replace("_", " ")
    return gettext(template).format(players=" vs ".join(name(player) for player in players))


def why(reasons: Iterable[Mapping[str, object]], name: Callable[[int], str] = str) -> str:
    """A table's reasons (``{"code", "players"}``), joined into one sentence."""
    texts = []
    for reason in reasons:
        players = reason.get("players") or []
        assert isinstance(players, list)
        texts.append(reason_text(str(reason["code"]), [int(player) for player in players], name))
    return "; ".join(texts)
