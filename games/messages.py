"""Rule violations and record conflicts as sentences in the reader's language, with localized cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from django.utils.translation import gettext

from games.labels import game_title, text_label
from games.rules.capture.capturing import Verdict
from games.rules.errors import CaptureIllegal, CaptureRequired, RuleViolation, labelled, violation_classes
from games.serbian import shown_name

if TYPE_CHECKING:
    pass


class Explained(Protocol):
    """What a ``RuleViolation`` and a ``RecordConflict`` both carry: a template and its facts."""

    @property
    def code(self) -> str:
        """The stable dotted code (docs/errors.md)."""

    @property
    def template(self) -> str:
        """The English message with ``{fact}`` placeholders."""

    @property
    def facts(self) -> Mapping[str, object]:
        """What the placeholders are filled with."""


def _shown(value: object) -> object:
    """Card texts become labels (``QS`` -> ``Д♠``, ``"7D 3C"`` -> ``7♦ 3♣``); lists of cards read as
    ``10♦ 2♣``, an empty one as "none" (no sentence ends on a gap)."""
    if isinstance(value, str):
        return " ".join(map(text_label, value.split(" ")))
    if isinstance(value, list | tuple):
        return " ".join(str(_shown(item)) for item in value) if value else gettext("none")
    return value


PERSON_FACTS = frozenset({"player", "guest", "name", "names"})
"""Facts that are people's names, shown in the reader's script (games/serbian.py)."""


def _worded(key: str, value: object) -> object:
    """A fact as a player reads it: a game's name in words, a person's name in the reader's script,
    cards with suit symbols."""
    if key == "game" and isinstance(value, str):
        return str(game_title(value))
    if key in PERSON_FACTS and isinstance(value, str):
        return shown_name(value)
    return _shown(value)


def shown_facts(facts: Mapping[str, object], who: Who | None = None) -> dict[str, object]:
    """An error's facts ready for its message: worded, cards labelled, sides and seats named."""
    who = who or NOBODY
    return {key: who.name(key, _worded(key, value)) for key, value in facts.items()}


@dataclass(frozen=True, slots=True)
class Who:
    """The names behind the side and seat numbers of an error's facts (the engine counts both from 0,
    the screen shows names)."""

    sides: Sequence[str] = ()
    seats: Mapping[int, str] = field(default_factory=dict)

    def name(self, key: str, value: object) -> object:
        """``value`` of the fact ``key`` as a name, if it numbers a side or a seat."""
        if isinstance(value, bool) or not isinstance(value, int):
            return value
        if key == "side" and 0 <= value < len(self.sides):
            return self.sides[value]
        return self.seats.get(value, value) if key in SEAT_FACTS else value


SEAT_FACTS = frozenset({"seat", "other", "starter"})
NOBODY = Who()


def violation_text(error: Explained, who: Who = NOBODY) -> str:
    """The error's message, translated, with its card facts localized and its sides and seats named."""
    facts = shown_facts(labelled(error.facts, gettext), who)
    try:
        return gettext(error.template).format(**facts)
    except (KeyError, IndexError, ValueError):
        # A translation that names a fact the error does not carry must not hide the error itself.
        return error.template.format(**error.facts)


@dataclass(frozen=True, slots=True)
class _Problem:
    code: str
    template: str
    facts: Mapping[str, object]


def problem_texts(error: RuleViolation, who: Who = NOBODY) -> list[str]:
    """Every problem a whole-summary check found (``SummaryInconsistent``), each in the reader's language."""
    problems = error.facts.get("problems")
    if not isinstance(problems, list):
        return [violation_text(error, who)]
    classes = violation_classes()
    texts = []
    for problem in problems:
        facts = {key: value for key, value in problem.items() if key not in {"code", "message"}}
        known = classes.get(problem["code"])
        template = known.template if known else problem["message"]
        texts.append(violation_text(_Problem(problem["code"], template, facts), who))
    return texts


def verdict_words(verdict: Verdict, card: str, taken: Sequence[str]) -> str:
    """The verdict in the reader's language: what a legal play does (a trail, a capture, the whole
    table), or why it is not legal."""
    if not verdict.legal:
        return verdict_reason(verdict, card, taken)
    facts = {"card": _shown(card), "taken": _shown(list(taken))}
    if not taken:
        return gettext("{card} takes nothing: a trail, the card stays on the table.").format(**facts)
    if verdict.sweep:
        return gettext("{card} takes {taken}: the whole table.").format(**facts)
    return gettext("{card} takes {taken}.").format(**facts)


def verdict_reason(verdict: Verdict, card: str, taken: Sequence[str]) -> str:
    """Why a claimed capture is illegal, in the reader's language; empty when it is legal."""
    if verdict.legal:
        return ""
    if verdict.code == CaptureRequired.code:
        return violation_text(CaptureRequired(card=card))
    if verdict.code != CaptureIllegal.code:
        return verdict.message or ""
    return violation_text(CaptureIllegal(card=card, taken_text=list(taken)))
