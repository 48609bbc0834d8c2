"""What every game offers the rest of Scorekeeper: option specs, hand replay, summaries, match status.

Each game module (``tablo``, ``escoba``, ``tamlin``, ``twenty``) builds one :class:`Game` value and
registers it in :mod:`games.rules.registry`. Storage, the API and the UI only talk to this shape, so a
new game plugs in without changes elsewhere: what the engine's shared modules need of a game (its
captures, its review, its breakdown, its count labels) is part of the value, and the registry refuses
a game without them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from games.rules.cards import Card
from games.rules.errors import BadOptionValue, UnknownOption

if TYPE_CHECKING:  # these modules import this one
    from games.rules.capture.capturing import Capturing
    from games.rules.hand import HandRules, HandState

OptionValue = str | int | bool | None
Options = Mapping[str, OptionValue]


OPTION_INT_MAX = 100_000  # far beyond any real target or time limit, and within every column


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionSpec:
    """One option key (docs/rules/shared.md A2): its default and allowed values.

    ``allowed`` lists the values; ``positive_int`` admits any integer from 1 to OPTION_INT_MAX
    (targets, time limits). ``None`` is admitted when ``nullable`` and whenever the default is
    ``None``. A ``hidden`` option is accepted but not offered to clients (the rules ``edition`` a
    stored match was played under).
    """

    key: str
    default: OptionValue
    allowed: tuple[OptionValue, ...] = ()
    positive_int: bool = False
    nullable: bool = False
    hidden: bool = False
    rule: str = ""


CURRENT_EDITION = 2
EDITION = OptionSpec(key="edition", default=CURRENT_EDITION, allowed=(1, 2), hidden=True, rule="A5")
"""The readings a match is played under (docs/rules/shared.md A5): 1 = the reference's first readings,
2 = the current ones. New matches store the current edition; stored matches keep theirs."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSetup:
    """Who plays a hand (a round, in Twenty) and how it starts.

    ``starter`` is only for games whose first player is not derived from the dealer (Twenty).
    ``sweeps_before`` is each side's count of sweeps in earlier hands of the match (Tablo's
    ``per_five`` tablo points are counted over the whole match). ``number`` is the hand's place in the
    match (1, 2, ...) when known: Twenty checks that its round's starter is the right seat.
    """

    players: int
    teams: bool = False
    dealer: int = 0
    starter: int | None = None
    table: tuple[Card, ...] = ()
    set_aside: tuple[Card, ...] = ()
    sweeps_before: tuple[int, ...] = ()
    number: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LogEntry:
    """One thing that happened at the table, in order.

    A play has ``card`` and ``taken`` (``()`` for a trail). An Escoba challenge under
    ``manual_capture`` has ``challenge_of`` (the index of the challenged play) and ``seat`` = the
    challenger, and no card.
    """

    seat: int
    card: Card | None = None
    taken: tuple[Card, ...] = ()
    challenge_of: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SideReport:
    """One side's result for a hand. ``points`` keys are the game's own (documented in its module)."""

    seats: tuple[int, ...]
    cards: int = 0
    sweeps: int = 0
    points: Mapping[str, int] = field(default_factory=dict)
    total: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEvent:
    """Points a play scored the moment it was made, before the hand is over.

    ``kind`` is the game's own: ``tablo`` (B9), ``sweep`` and ``challenge`` (E7, 3.2(g)), ``tamlin``
    and ``jack_penalty`` (T11, T12), ``exact_twenty``, ``over_twenty`` and ``tally`` (W5).
    ``play_index`` counts plays from 0 (a challenge has the index of the play it challenged);
    ``side`` gets ``points``.
    """

    play_index: int
    kind: str
    side: int
    points: int


LAST_CAPTURE = "last_capture"  # the leftovers went to whoever captured last (E8, T13, B10 variant)
LAST_CARD_CAPTURE = "last_card_capture"  # to whoever captured with a last card (B10)
HIGHEST_LAST_CARD = "highest_last_card"  # no last card captured: to the highest last card (B10)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandReport:
    """A replayed (or summarised) hand. Scores are final only when ``complete``.

    ``events`` are the points scored play by play, in order; ``leftover_reason`` says why
    ``leftover_side`` got the leftovers (``LAST_CAPTURE``, ``LAST_CARD_CAPTURE``,
    ``HIGHEST_LAST_CARD``). A summarised hand has neither.
    """

    complete: bool
    next_seat: int | None
    table: tuple[Card, ...] = ()
    sides: tuple[SideReport, ...] = ()
    leftovers: tuple[Card, ...] = ()
    leftover_side: int | None = None
    leftover_reason: str | None = None
    events: tuple[HandEvent, ...] = ()
    extra: Mapping[str, object] = field(default_factory=dict)  # game-specific: rulings, events


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchStatus:
    """Where a match stands after its finished hands (docs/rules/ B12, E10, T15, W9-W10)."""

    totals: tuple[int, ...]
    target: int | None
    finished: bool
    winner: int | None  # side index
    draw: bool = False
    extra: Mapping[str, object] = field(default_factory=dict)  # e.g. Tablo's tally marks


def _any_card(card: Card) -> bool:
    return True


@dataclass(frozen=True, slots=True, kw_only=True)
class Captures:
    """How a capture game's plays take cards (docs/rules/shared.md A3).

    ``capturing(options)``: its capture rules under resolved options (:mod:`games.rules.capture`);
    ``hand_rules(players, options)``: a hand's deck, deal and capture rules under the options
    (:mod:`games.rules.hand`); ``table_ok(card)``: whether a card may start on the table (Tamlin
    replaces a Jack dealt there, T6).
    """

    capturing: Callable[[Options], Capturing]
    hand_rules: Callable[[int, Options], HandRules]
    table_ok: Callable[[Card], bool] = _any_card


def _no_trail_points(card: Card, onto_empty: bool) -> int:
    return 0


def _one_point_per_sweep(options: Options, before: int) -> int:
    return 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Reviewing:
    """A capture game's hand review (:mod:`games.rules.review`): what each card carries (``points``),
    what a trail costs (``trail_points(card, onto_empty)``), what a sweep scores at once
    (``sweep_points(options, before)``, ``before`` the sweeps its side made earlier in the match), what
    a rightly challenged play pays the challenger (``caught_points``), how a hand is replayed to its
    state (``state(setup, log, options)``; ``None``: :attr:`Captures.hand_rules` replayed), and the rule
    each kind of miss is measured by (``rules``, by :attr:`~games.rules.review.PlayReview.missed_item`,
    with ``required`` for an illegal trail)."""

    points: Callable[[Card], int]
    rules: Mapping[str, str]
    trail_points: Callable[[Card, bool], int] = _no_trail_points
    sweep_points: Callable[[Options, int], int] = _one_point_per_sweep
    caught_points: int = 0
    state: Callable[[HandSetup, Sequence[LogEntry], Options], HandState] | None = None


@dataclass(frozen=True, slots=True)
class RoundReviewing:
    """A game whose plays take nothing, reviewed round by round as Maltese Twenty is: each card rated by
    the award it scores at once (:func:`games.rules.review.review_round`, W5)."""


REVIEWED_AS_ROUND = RoundReviewing()


@dataclass(frozen=True, slots=True, kw_only=True)
class Breakdown:
    """A hand's breakdown rows (:mod:`games.rules.breakdown`): ``items``, the points items in the order
    their rows are shown (stored points lose their order in PostgreSQL's jsonb); ``counts``, the side
    counts shown before them (``cards``, and ``tablos``: the side's sweeps); ``tied``, the items a tie
    gives to nobody; ``by_award``: the points are awards shown one row each, then the ``bonus`` (Twenty,
    W5, W8)."""

    items: tuple[str, ...]
    counts: tuple[str, ...] = ()
    tied: frozenset[str] = frozenset()
    by_award: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """A game: data plus the hooks the rest of the system calls."""

    name: str
    title: str
    players: tuple[int, ...]
    option_specs: tuple[OptionSpec, ...]
    deck: tuple[Card, ...]
    replay_hand: Callable[[HandSetup, Sequence[LogEntry], Options], HandReport]
    score_summary: Callable[[HandSetup, Sequence[Mapping[str, int]], Options], HandReport]
    match_status: Callable[[Sequence[HandReport], int, Options, bool], MatchStatus]
    """``match_status(finished_hands, sides, options, time_up)``: ``sides`` is how many sides play."""
    team_players: tuple[int, ...] = ()
    """Player counts that may play in teams (docs/rules/shared.md A4)."""
    teams_by_default: tuple[int, ...] = ()
    """Player counts that play in teams unless told otherwise (Tamlin's four, T1)."""
    deal_passes: Callable[[Options], int] = lambda options: 1
    """Which way the deal passes: +1 to the left (clockwise), -1 to the right (Tablo B7)."""
    summary_keys: Callable[[Options], tuple[str, ...]] = lambda options: ()
    """The keys of each side's entry in ``score_summary`` under the resolved ``options``."""
    refusal_rules: Mapping[str, str] = field(default_factory=dict)
    """The rule a refused capture cites, by error code (``capture.illegal``: Tablo's ``B8``)."""
    captures: Captures | None
    """How its plays take cards; ``None``: they take nothing (Maltese Twenty)."""
    reviewing: Reviewing | RoundReviewing
    """How a finished hand is reviewed: by its captures, or as a round (:data:`REVIEWED_AS_ROUND`)."""
    breakdown: Breakdown
    """How a hand's breakdown shows its items."""
    count_labels: Mapping[str, str]
    """Each quick-entry count in words for messages (``gettext_noop``; the key stays in the facts)."""

    def __post_init__(self) -> None:
        for name in ("refusal_rules", "count_labels"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    def default_teams(self, players: int) -> bool:
        """Whether ``players`` play in teams when the client does not say."""
        return players in self.teams_by_default

    def next_dealer(self, previous: int | None, players: int, options: Options) -> int:
        """The dealer of the next hand: seat 0 first, then the deal passes (docs/rules/shared.md A4)."""
        if previous is None:
            return 0
        return (previous + self.deal_passes(options)) % players


def public_specs(game: Game) -> tuple[OptionSpec, ...]:
    """The options offered to clients (every one but the hidden)."""
    return tuple(spec for spec in game.option_specs if not spec.hidden)


def resolve_options(game: Game, raw: Mapping[str, object] | None) -> dict[str, OptionValue]:
    """The game's defaults overlaid with ``raw`` (docs/rules/shared.md A2).

    Raises:
        UnknownOption: a key the game does not have.
        BadOptionValue: a value the key does not allow.
    """
    specs = {spec.key: spec for spec in game.option_specs}
    resolved: dict[str, OptionValue] = {spec.key: spec.default for spec in game.option_specs}
    for key, value in (raw or {}).items():
        spec = specs.get(key)
        if spec is None:
            raise UnknownOption(game=game.name, key=key)
        resolved[key] = _checked_value(game, spec, value)
    return resolved


Typed = TypeVar("Typed")


def typed_options(
    make: Callable[..., Typed], specs: Sequence[OptionSpec], resolved: Mapping[str, OptionValue]
) -> Typed:
    """A game's options as one typed value: ``make`` called with the value of each of ``specs`` by key.

    ``resolved`` comes from :func:`resolve_options`, which has checked every value against its spec,
    so the types ``make`` declares hold (one builder for every game's options, untyped only here).
    """
    return make(**{spec.key: resolved[spec.key] for spec in specs})


def _checked_value(game: Game, spec: OptionSpec, value: object) -> OptionValue:
    if value is None and (spec.nullable or spec.default is None):
        return None
    if spec.positive_int:
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= OPTION_INT_MAX:
            return value
    elif any(value == allowed and type(value) is type(allowed) for allowed in spec.allowed):
        return value  # type: ignore[return-value]  # equal to one of the allowed OptionValues
    allowed = f"1 to {OPTION_INT_MAX}" if spec.positive_int else ", ".join(map(str, spec.allowed))
    raise BadOptionValue(game=game.name, key=spec.key, value=value, allowed=allowed)


def sides_of(players: int, teams: bool) -> tuple[tuple[int, ...], ...]:
    """Seats of each side (docs/rules/shared.md A4): pairs {0,2} {1,3}; six as {0,3} {1,4} {2,5}; else
    singles."""
    if teams:
        count = players // 2
        return tuple((seat, seat + count) for seat in range(count))
    return tuple((seat,) for seat in range(players))
