"""The shape of a game's presentation: what the app shows of a game besides its rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from games.rules.capture.capturing import CAPTURE_GAMES
from games.rules.game import Options, OptionValue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True, slots=True)
class Preset:
    """A named variant people ask for by name: a game plus option values (docs/rules/shared.md A2)."""

    slug: str
    game: str
    title: StrOrPromise
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    home_languages: tuple[str, ...] = ()
    """The languages (``sr``) and regional languages (``en-mt``) of the countries where this is the
    game people play: the new-match form starts on it for their readers (web/presets.py)."""

    @property
    def captures(self) -> bool:
        """Whether the dispute checker can answer for this variant (a capture game)."""
        return self.game in CAPTURE_GAMES


@dataclass(frozen=True, slots=True)
class DealQuestions:
    """What the phone asks to start a hand (the engine checks the answers)."""

    table: bool = True  # the cards turned up on the table
    set_aside: StrOrPromise | None = None  # a grid of cards out of play, with this legend
    starter: bool = False  # Twenty: who starts the round (docs/rules/shared.md A4)


@dataclass(frozen=True, slots=True)
class Deal:
    """How a random demo hand starts, as the phone sends it."""

    table: int
    set_aside: int = 0
    starter_by_round: bool = False  # Twenty: seat 0 starts round 1, seat 1 round 2 (docs/rules/shared.md A4)
    no_jacks_on_table: bool = False  # Tamlin: a Jack dealt to the table is replaced (T6)


def _table_and_nothing_set_aside(options: Options) -> DealQuestions:
    return DealQuestions()


@dataclass(frozen=True, slots=True, kw_only=True)
class Presentation:
    """Everything the app shows of one game besides its rules, in the reader's language.

    Every text with a ``%(name)s`` is said of a side; every mapping keeps the order the screens show.
    """

    title: StrOrPromise
    """The game's name (the engine's ``Game.title`` is English)."""
    presets: tuple[Preset, ...]
    """The variants offered by name, the game's own rules first."""
    rule_letter: str
    """The letter the game's rule ids start with (``B8`` is Tablo's): its page of docs/rules/."""
    options: Mapping[str, StrOrPromise] = field(default_factory=dict)
    """Each option chosen from a list, in words, by key (the engine's ``Game.option_specs``)."""
    option_values: Mapping[OptionValue, StrOrPromise] = field(default_factory=dict)
    """Those options' values in words (a switch's yes and no are shared)."""
    demo_deal: Deal
    """How a hand of the demo data starts (games/matches/services/demo.py)."""
    deal_questions: Callable[[Options], DealQuestions] = _table_and_nothing_set_aside
    """What the phone asks to start a hand under the match's options."""
    awards: bool = False
    """Points are a list of awards (Twenty, docs/rules/twenty.md W5): the quick entry asks each seat's
    awards, and the breakdown lists them one by one."""
    counts: Mapping[str, StrOrPromise] = field(default_factory=dict)
    """The quick entry's label of each summary key (the engine's ``Game.summary_keys``)."""
    deck_totals: Mapping[str, int] = field(default_factory=dict)
    """What the whole deck holds of each count: every card ends in a pile, so with two sides the
    second side's share is the rest; a count of one card is asked as a switch."""
    breakdown: Mapping[str, StrOrPromise]
    """Each row of a hand's breakdown in words, by points key (games.rules.breakdown orders the rows)."""
    events: Mapping[str, StrOrPromise]
    """Each kind of scoring event in words, of a side's ``%(name)s``."""
    sweep_name: StrOrPromise | None = None
    """What taking the whole table is called (a capture game)."""
    sweep_article: StrOrPromise | None = None
    """The same with its article, as a review says what was missed."""
    rounds: bool = False
    """A match of rounds nobody deals (Twenty, docs/rules/twenty.md W1, W3): the screens say "Round", not
    "Hand", and ask who starts, not who deals."""

    @property
    def switches(self) -> frozenset[str]:
        """Counts of one card (0 or 1): asked as a switch, not a number."""
        return frozenset(key for key, total in self.deck_totals.items() if total == 1)
