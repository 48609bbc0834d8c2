"""The engine's answers in words: refusals, a summary's problems, a breakdown's rows and the live events.

One implementation, run in two places: on the server by ``games.messages``, ``games.breakdowns`` and
``web.breakdowns`` with Django's translations (``games.messages.ReaderWords``), and in the phone by
``games.rules.browser`` in Pyodide with the texts ``web.offline.offline_texts`` puts in the page
(:class:`PageWords`). Only the texts come from outside, as a :class:`Words`; no Django here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol, TypedDict

from games.rules.breakdown import TALLY, award_label
from games.rules.cards import Card
from games.rules.errors import LABEL_FACTS, BadCardText, violation_classes


class Words(Protocol):
    """The texts wording needs, in the reader's language."""

    @property
    def none(self) -> str:
        """An empty list of cards in a fact ("none")."""

    @property
    def tally(self) -> str:
        """A Twenty tally's label, "Tally of %(cards)s cards"."""

    @property
    def award_for(self) -> str:
        """An award event, "%(award)s for %(name)s"."""

    def translated(self, english: str) -> str:
        """A message template or a count label (``what`` facts) translated."""

    def card(self, text: str) -> str:
        """A card text's label (``QS`` -> ``Д♠``); other text unchanged."""

    def game(self, name: str) -> str:
        """A game's title."""

    def person(self, name: str) -> str:
        """A person's name in the reader's script."""

    def row_label(self, key: str) -> str:
        """A breakdown row's label by its key (the key itself when it has none)."""

    def note(self, key: str) -> str:
        """A breakdown note by its key."""

    def event(self, kind: str) -> str:
        """A live event's text, "%(name)s" filled with the side's names."""


SEAT_FACTS = frozenset({"seat", "other", "starter"})
"""Facts that number a seat."""
PERSON_FACTS = frozenset({"player", "guest", "name", "names"})
"""Facts that are people's names, shown in the reader's script."""


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


NOBODY = Who()


def shown(value: object, words: Words) -> object:
    """Card texts become labels (``QS`` -> ``Д♠``, ``"7D 3C"`` -> ``7♦ 3♣``); lists of cards read as
    ``10♦ 2♣``, an empty one as "none" (no sentence ends on a gap)."""
    if isinstance(value, str):
        return " ".join(map(words.card, value.split(" ")))
    if isinstance(value, list | tuple):
        return " ".join(str(shown(item, words)) for item in value) if value else words.none
    return value


def _worded(key: str, value: object, words: Words) -> object:
    if key in LABEL_FACTS and isinstance(value, str):
        value = words.translated(value)
    if key == "game" and isinstance(value, str):
        return words.game(value)
    if key in PERSON_FACTS and isinstance(value, str):
        return words.person(value)
    return shown(value, words)


def shown_facts(facts: Mapping[str, object], words: Words, who: Who = NOBODY) -> dict[str, object]:
    """An error's facts ready for its message: worded, cards labelled, sides and seats named."""
    return {key: who.name(key, _worded(key, value, words)) for key, value in facts.items()}


def violation_text(template: str, facts: Mapping[str, object], words: Words, who: Who = NOBODY) -> str:
    """An error's message (its English ``template`` and ``facts``), translated, with its card facts
    localized and its sides and seats named.

    >>> words = PageWords({"translations": {}, "cards": {"QS": "Д♠", "10D": "10♦"}, "none": "ничего"})
    >>> violation_text("{card} cannot take {taken}.", {"card": "qs", "taken": ["10D", "QS"]}, words)
    'Д♠ cannot take 10♦ Д♠.'
    >>> violation_text("Seat {seat} took {taken}.", {"seat": 1, "taken": []}, words, Who(seats={1: "Ana"}))
    'Seat Ana took ничего.'
    """
    try:
        return words.translated(template).format(**shown_facts(facts, words, who))
    except (KeyError, IndexError, ValueError):
        # A translation that names a fact the error does not carry must not hide the error itself.
        return template.format(**facts)


def problem_of(problem: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """A problem of a whole-summary check (``SummaryInconsistent``'s ``problems``: each a ``code``, an
    English ``message`` and its facts) as its template and facts."""
    known = violation_classes().get(problem["code"])
    facts = {key: value for key, value in problem.items() if key not in {"code", "message"}}
    return (known.template if known else problem["message"]), facts


def problem_texts(problems: Sequence[Mapping[str, Any]], words: Words, who: Who = NOBODY) -> list[str]:
    """Every problem of a whole-summary check, in the reader's language."""
    return [violation_text(*problem_of(problem), words, who) for problem in problems]


class BreakdownRow(TypedDict):
    """One item: ``values`` per side (``None``: not this side's), points unless ``points`` is False
    (a count such as cards taken); ``note`` explains it (a tie, why the leftovers went where they did);
    ``cards`` are the cards it is about, as canonical texts."""

    key: str
    label: str
    values: list[int | None]
    points: bool
    note: str
    cards: list[str]


def filled(text: str, args: Mapping[str, object]) -> str:
    """A label or note with its arguments filled in (``%(name)s``)."""
    return text % args if args else text


def label_text(label: str, args: Mapping[str, int], words: Words) -> str:
    """A breakdown row's label in the reader's language, its arguments filled in."""
    if label == TALLY and args:
        return filled(words.tally, args)
    return words.row_label(label)


def row_text(row: Mapping[str, Any], words: Words) -> BreakdownRow:
    """An engine row (``games.rules.breakdown.Row.as_json``) in the reader's language."""
    note = row.get("note") or ""
    return BreakdownRow(
        key=row["key"],
        label=label_text(row.get("label") or row["key"], row.get("label_args") or {}, words),
        values=list(row["values"]),
        points=row["points"],
        note=filled(words.note(note), row.get("note_args") or {}) if note else "",
        cards=list(row.get("cards") or ()),
    )


def signed(points: int) -> str:
    """``+3``, ``0``, and a negative number with a true minus sign (U+2212).

    >>> signed(3), signed(0), signed(-2) == "\u22122"
    ('+3', '0', True)
    """
    return f"+{points}" if points > 0 else str(points).replace("-", "\u2212")


def event_text(kind: str, side: int, points: int, names: Sequence[str], words: Words) -> str:
    """One event in words: "Tablo for Marija (+1)"; a Twenty tally names its length."""
    name = names[side] if 0 <= side < len(names) else "?"
    if kind == TALLY:
        award = label_text(*award_label(TALLY, points), words)
        what = filled(words.award_for, {"award": award, "name": name})
    else:
        what = filled(words.event(kind), {"name": name})
    return f"{what} ({signed(points)})" if points else what


@dataclass(frozen=True, slots=True)
class PageWords:
    """:class:`Words` from the texts a match page carries (``web.offline.offline_texts``, as JSON):
    what the phone's engine words its answers with."""

    texts: Mapping[str, Any]

    @property
    def none(self) -> str:
        """An empty list of cards in a fact."""
        return str(self.texts["none"])

    @property
    def tally(self) -> str:
        """A Twenty tally's label."""
        return str(self.texts["tally"])

    @property
    def award_for(self) -> str:
        """An award event."""
        return str(self.texts["award_for"])

    @property
    def who(self) -> Who:
        """The match's sides and seats by name."""
        return Who(self.texts["sides"], {int(seat): name for seat, name in self.texts["seats"].items()})

    def translated(self, english: str) -> str:
        """A message template or count label translated (itself when the page has none)."""
        return str(self.texts["translations"].get(english, english))

    def card(self, text: str) -> str:
        """A card text's label, as ``Card.parse`` reads the text; other text unchanged."""
        try:
            return str(self.texts["cards"].get(str(Card.parse(text)), text))
        except BadCardText:
            return text

    def game(self, name: str) -> str:
        """A game's title."""
        return str(self.texts["games"].get(name, name))

    def person(self, name: str) -> str:
        """A person's name: the page's names are already in the reader's script."""
        return name

    def row_label(self, key: str) -> str:
        """A breakdown row's label."""
        return str(self.texts["rows"].get(key, key))

    def note(self, key: str) -> str:
        """A breakdown note."""
        return str(self.texts["notes"][key])

    def event(self, kind: str) -> str:
        """A live event's text."""
        return str(self.texts["events"].get(kind, "%(name)s"))


@lru_cache(maxsize=4)
def page_words(texts: str) -> PageWords:
    """The page's texts (JSON) read once: the phone sends the same ones with every call."""
    return PageWords(json.loads(texts))
