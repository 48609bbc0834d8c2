"""Rule violations and record conflicts as sentences in the reader's language, with localized cards: the
wording of :mod:`games.rules.wording` (which the phone runs too) with Django's translations."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.labels import game_title, text_label
from games.presentation import presentation_of, shared
from games.rules import breakdown, wording
from games.rules.capture.capturing import Verdict
from games.rules.errors import CaptureIllegal, CaptureRequired, RuleViolation
from games.rules.game import HIGHEST_LAST_CARD, LAST_CAPTURE, LAST_CARD_CAPTURE
from games.rules.wording import NOBODY, Who
from games.serbian import shown_name

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


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


CLOSING: Mapping[str, StrOrPromise] = {
    "leftovers": shared.LEFTOVERS,
    "earned": shared.EARNED,
    "credited": shared.CREDITED,
    "total": shared.TOTAL,
}
"""The rows that close every game's breakdown, after the game's own items."""
NOTES: Mapping[str, StrOrPromise] = {
    breakdown.TIE: _("tie: nobody"),
    breakdown.NO_AWARD: _("nobody: no award was positive"),
    breakdown.PLAY: _("play %(number)s"),
    breakdown.TIMES: _("×%(count)s"),  # noqa: RUF001  # the sign, not a letter
    LAST_CAPTURE: _("to the last capture"),
    LAST_CARD_CAPTURE: _("to the last card that captured"),
    HIGHEST_LAST_CARD: _("no last card captured: to the highest last card"),
    breakdown.NOBODY_CAPTURED: _("nobody captured: nobody takes them"),
}
"""The breakdown's notes by key (``games.rules.breakdown.Row.note``)."""
TALLY_LABEL = _("Tally of %(cards)s cards")


def row_labels(game: str) -> dict[str, StrOrPromise]:
    """Every breakdown row's words in ``game``: its presentation's items, then the closing rows."""
    return {**presentation_of(game).breakdown, **CLOSING}


class ReaderWords:
    """:class:`~games.rules.wording.Words` in the reader's language, from Django's translations; the rows
    and events of ``game`` (its presentation)."""

    def __init__(self, game: str = "") -> None:
        self.game_name = game

    @property
    def none(self) -> str:
        """An empty list of cards in a fact."""
        return gettext("none")

    @property
    def tally(self) -> str:
        """A Twenty tally's label."""
        return str(TALLY_LABEL)

    @property
    def award_for(self) -> str:
        """An award event."""
        return gettext("%(award)s for %(name)s")

    def translated(self, english: str) -> str:
        """A message template or count label translated."""
        return gettext(english)

    def card(self, text: str) -> str:
        """A card text's label; other text unchanged."""
        return text_label(text)

    def game(self, name: str) -> str:
        """A game's title."""
        return str(game_title(name))

    def person(self, name: str) -> str:
        """A person's name in the reader's script (games/serbian.py)."""
        return shown_name(name)

    def row_label(self, key: str) -> str:
        """A breakdown row's label in this game."""
        return str(row_labels(self.game_name).get(key, key))

    def note(self, key: str) -> str:
        """A breakdown note."""
        return str(NOTES[key])

    def event(self, kind: str) -> str:
        """A live event's text in this game."""
        return str(presentation_of(self.game_name).events.get(kind, "%(name)s"))


READER = ReaderWords()
"""The reader's words for messages, which name no game's rows."""


def violation_text(error: Explained, who: Who = NOBODY) -> str:
    """The error's message, translated, with its card facts localized and its sides and seats named."""
    return wording.violation_text(error.template, error.facts, READER, who)


def problem_texts(error: RuleViolation, who: Who = NOBODY) -> list[str]:
    """Every problem a whole-summary check found (``SummaryInconsistent``), each in the reader's language."""
    problems = error.facts.get("problems")
    if not isinstance(problems, list):
        return [violation_text(error, who)]
    return wording.problem_texts(problems, READER, who)


def verdict_words(verdict: Verdict, card: str, taken: Sequence[str]) -> str:
    """The verdict in the reader's language: what a legal play does (a trail, a capture, the whole
    table), or why it is not legal."""
    if not verdict.legal:
        return verdict_reason(verdict, card, taken)
    facts = {"card": wording.shown(card, READER), "taken": wording.shown(list(taken), READER)}
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
