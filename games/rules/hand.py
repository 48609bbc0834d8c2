"""A hand of a capture game as a value: plays in, new states out (Tablo, Escoba, Tamlin; docs/rules/shared.md
A3-A5).

A game supplies a :class:`HandRules` value (its :class:`~games.rules.capture.capturing.Capturing`, deck, deal
schedule, direction, leftover rule, sweep rule); the engine checks each play (verify / can / apply)
and keeps the table, every side's captured cards and sweeps, whose turn it is and the deal it is in.
When the last dealt card is played the leftovers go per the game's rule, and the game scores it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from games.rules.capture.capturing import Capturing, best_alternatives, capture_groups, verify_taken
from games.rules.cards import Card, format_cards
from games.rules.errors import (
    BadDealer,
    BadSetAside,
    BadTableSize,
    CaptureIllegal,
    CaptureRequired,
    CardNotInDeck,
    DuplicateCard,
    HandOver,
    NotAPlay,
    RuleViolation,
    WrongSeat,
)
from games.rules.game import (
    HIGHEST_LAST_CARD,
    LAST_CAPTURE,
    LAST_CARD_CAPTURE,
    HandEvent,
    HandSetup,
    LogEntry,
    sides_of,
)

CLOCKWISE, COUNTERCLOCKWISE = 1, -1


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn:
    """A play as it happened: ``sweep`` when it scores as a sweep; ``legal`` is False only when the rules
    let an illegal capture stand (Escoba ``manual_capture``); ``onto_empty`` when the table was empty;
    ``caught`` when a challenge found it a mistake (Escoba 3.2(g)), ``taken_back`` the cards its
    capture tried to take, returned to the table."""

    seat: int
    card: Card
    taken: tuple[Card, ...]
    sweep: bool = False
    legal: bool = True
    onto_empty: bool = False
    caught: bool = False
    taken_back: tuple[Card, ...] = ()


LeftoverRule = Callable[["HandState"], int | None]
"""Who gets the cards left on the table at the end (a seat), from the finished hand's turns."""


def last_capturer(state: HandState) -> int | None:
    """The seat that captured last; nobody when nobody captured (docs/rules/ A5, E8, T13,
    Tablo ``leftovers: last_capturer``)."""
    return next((turn.seat for turn in reversed(state.turns) if turn.taken), None)


def last_card_rule(rank: Callable[[Card], int], *, when_nobody_captured: bool = True) -> LeftoverRule:
    """Tablo B10: whoever last captured with their last card; else the highest last card by ``rank``,
    a tie going to the later-played card; also when nobody captured in the whole hand unless
    ``when_nobody_captured`` is False (edition 1)."""

    def leftover_seat(state: HandState) -> int | None:
        if not when_nobody_captured and not any(turn.taken for turn in state.turns):
            return None
        last_cards = last_turns(state)
        for turn in reversed(last_cards):
            if turn.taken:
                return turn.seat
        best = max(range(len(last_cards)), key=lambda index: (rank(last_cards[index].card), index))
        return last_cards[best].seat

    return leftover_seat


def last_turns(state: HandState) -> tuple[Turn, ...]:
    """The turns in which each player played their last card of the hand."""
    return state.turns[-state.players :]


def leftover_reason(state: HandState, *, last_card: bool) -> str | None:
    """Why the leftovers went where they did: to the last capturer, or under Tablo's ``last_card`` rule
    (B10) to a last card that captured or to the highest last card; ``None`` when nobody got them."""
    if state.leftover_side is None:
        return None
    if not last_card:
        return LAST_CAPTURE
    return LAST_CARD_CAPTURE if any(turn.taken for turn in last_turns(state)) else HIGHEST_LAST_CARD


def sweep_events(state: HandState, kind: str, points: int = 1) -> tuple[HandEvent, ...]:
    """An event worth ``points`` to the sweeping side for every sweep of the hand, in order."""
    return tuple(
        HandEvent(play_index=index, kind=kind, side=state.side_of(turn.seat), points=points)
        for index, turn in enumerate(state.turns)
        if turn.sweep
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRules:
    """What a capture game's hand is, for one player count and set of options.

    ``deals``: cards each player gets in each deal (Tablo with 3 players: ``(6, 6, 4)``);
    ``set_aside``: cards out of play, given or unknown (Scopone); ``last_play_sweeps``: a sweep with
    the hand's last card counts (Escoba E7); ``enforce``: False lets an illegal capture of table
    cards stand, marked ``legal=False`` (Escoba ``manual_capture``, 3.2(g)).
    """

    game: str
    deck: tuple[Card, ...]
    capturing: Capturing
    table_size: int
    deals: tuple[int, ...]
    set_aside: int = 0
    direction: int = CLOCKWISE
    leftovers: LeftoverRule = last_capturer
    last_play_sweeps: bool = True
    enforce: bool = True
    lead: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class HandState:
    """Where a hand stands. ``piles`` and ``sweeps`` are per side (docs/rules/shared.md A4); once complete the
    table is empty and ``leftovers`` went to ``leftover_side`` (``None``: nobody, docs/rules/shared.md A5)."""

    rules: HandRules
    sides: tuple[tuple[int, ...], ...]
    first: int
    table: tuple[Card, ...]
    seen: frozenset[Card]
    piles: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    turns: tuple[Turn, ...] = ()
    leftovers: tuple[Card, ...] = ()
    leftover_side: int | None = None

    @property
    def players(self) -> int:
        """How many players the hand has."""
        return sum(map(len, self.sides))

    @property
    def plays(self) -> int:
        """How many plays the whole hand has."""
        return self.players * sum(self.rules.deals)

    @property
    def is_complete(self) -> bool:
        """Whether every play of the hand has been made."""
        return len(self.turns) == self.plays

    @property
    def next_seat(self) -> int | None:
        """Whose turn it is (docs/rules/tablo.md A4, B7), ``None`` once the hand is complete."""
        if self.is_complete:
            return None
        return (self.first + self.rules.direction * len(self.turns)) % self.players

    @property
    def deal(self) -> int:
        """The index of the deal being played (the last one once complete)."""
        played, dealt = len(self.turns), 0
        for index, cards in enumerate(self.rules.deals):
            dealt += cards * self.players
            if played < dealt:
                return index
        return len(self.rules.deals) - 1

    def in_hand(self, seat: int) -> int:
        """How many cards ``seat`` still holds in the current deal."""
        if self.is_complete:
            return 0
        start = sum(self.rules.deals[: self.deal]) * self.players
        position = (seat - self.first) * self.rules.direction % self.players
        played = (len(self.turns) - start - position + self.players - 1) // self.players
        return self.rules.deals[self.deal] - played

    def side_of(self, seat: int) -> int:
        """The index of the side ``seat`` plays for."""
        return next(index for index, seats in enumerate(self.sides) if seat in seats)


def new_hand(rules: HandRules, setup: HandSetup) -> HandState:
    """The state before the first play. The game has checked the player count and teams.

    Raises:
        BadDealer, BadTableSize, BadSetAside, CardNotInDeck, DuplicateCard: a bad setup.
    """
    sides = sides_of(setup.players, setup.teams)
    if not isinstance(setup.dealer, int) or not 0 <= setup.dealer < setup.players:
        raise BadDealer(dealer=setup.dealer, last=setup.players - 1)
    if len(setup.table) != rules.table_size:
        raise BadTableSize(
            game=rules.game, players=setup.players, expected=rules.table_size, got=len(setup.table)
        )
    if len(setup.set_aside) > rules.set_aside:
        raise BadSetAside(
            game=rules.game, players=setup.players, out=rules.set_aside, got=len(setup.set_aside)
        )
    seen: set[Card] = set()
    for card in (*setup.table, *setup.set_aside):
        _verify_new(rules, seen, card)
        seen.add(card)
    return HandState(
        rules=rules,
        sides=sides,
        first=(setup.dealer + rules.direction * rules.lead) % setup.players,
        table=setup.table,
        seen=frozenset(seen),
        piles=((),) * len(sides),
        sweeps=(0,) * len(sides),
    )


def _verify_new(rules: HandRules, seen: set[Card] | frozenset[Card], card: Card) -> None:
    if card not in rules.deck:
        raise CardNotInDeck(card=str(card), game=rules.game)
    if card in seen:
        raise DuplicateCard(card=str(card))


def judge_play(state: HandState, play: LogEntry) -> Turn:
    """The turn ``play`` makes in ``state``.

    Raises:
        HandOver, NotAPlay, WrongSeat, CardNotInDeck, DuplicateCard, CaptureNotOnTable,
        CaptureIllegal, CaptureRequired.
    """
    index = len(state.turns)
    if state.is_complete:
        raise HandOver(play_index=index, plays=state.plays)
    card = play.card
    if card is None or play.challenge_of is not None:
        raise NotAPlay(play_index=index)
    if play.seat != state.next_seat:
        raise WrongSeat(play_index=index, expected=state.next_seat, seat=play.seat)
    _verify_new(state.rules, state.seen, card)
    verify_taken(card, state.table, play.taken)
    legal = _is_legal(state, card, play.taken)
    last = index == state.plays - 1
    sweep = (
        bool(play.taken)
        and len(play.taken) == len(state.table)
        and (state.rules.last_play_sweeps or not last)
    )
    return Turn(
        seat=play.seat, card=card, taken=play.taken, sweep=sweep, legal=legal, onto_empty=not state.table
    )


def _is_legal(state: HandState, card: Card, taken: tuple[Card, ...]) -> bool:
    capturing, table = state.rules.capturing, state.table
    if taken:
        if capture_groups(capturing, table, card, taken) is not None:
            return True
        if state.rules.enforce:
            alternatives = best_alternatives(capturing, table, card)
            raise CaptureIllegal(
                play_index=len(state.turns),
                card=str(card),
                taken=format_cards(taken),
                taken_text=" ".join(map(str, taken)),
                alternatives=alternatives,
            )
        return False
    if not capturing.compulsory:
        return True
    alternatives = best_alternatives(capturing, table, card)
    if alternatives and state.rules.enforce:
        raise CaptureRequired(play_index=len(state.turns), card=str(card), alternatives=alternatives)
    return not alternatives


def verify_play(state: HandState, play: LogEntry) -> None:
    """Check ``play`` without making it.

    Raises:
        as :func:`judge_play`.
    """
    judge_play(state, play)


def can_play(state: HandState, play: LogEntry) -> bool:
    """Whether ``play`` is allowed now; never raises."""
    try:
        judge_play(state, play)
    except RuleViolation:
        return False
    return True


def apply_play(state: HandState, play: LogEntry) -> HandState:
    """The state after ``play``; after the last play the leftovers go per the rules.

    Raises:
        as :func:`judge_play`.
    """
    return _moved(state, judge_play(state, play))


def trail_instead(before: HandState, turn: Turn) -> HandState:
    """``before`` after ``turn``'s card was trailed instead: a rightly challenged capture is taken back,
    the taken cards stay on the table and nothing is captured or swept (Escoba 3.2(g)); the trail it
    became stands, so it is no longer an illegal play, but it was ``caught``."""
    trail = replace(turn, taken=(), sweep=False, legal=True, caught=True, taken_back=turn.taken)
    return _moved(before, trail)


def _moved(state: HandState, turn: Turn) -> HandState:
    side = state.side_of(turn.seat)
    piles, sweeps = list(state.piles), list(state.sweeps)
    if turn.taken:
        taken = set(turn.taken)
        table = tuple(card for card in state.table if card not in taken)
        piles[side] += (*turn.taken, turn.card)
        sweeps[side] += turn.sweep
    else:
        table = (*state.table, turn.card)
    moved = replace(
        state,
        table=table,
        seen=state.seen | {turn.card},
        piles=tuple(piles),
        sweeps=tuple(sweeps),
        turns=(*state.turns, turn),
    )
    return _finish(moved) if moved.is_complete else moved


def _finish(state: HandState) -> HandState:
    """Give the leftovers as the game's rule says (docs/rules/ A5, B10, E8, T13)."""
    if not state.table:
        return state
    seat = state.rules.leftovers(state)
    if seat is None:
        return replace(state, table=(), leftovers=state.table)
    side = state.side_of(seat)
    piles = list(state.piles)
    piles[side] += state.table
    return replace(state, table=(), leftovers=state.table, leftover_side=side, piles=tuple(piles))


def replay(rules: HandRules, setup: HandSetup, log: Sequence[LogEntry]) -> HandState:
    """The state after every play of ``log``, checked in order.

    Raises:
        as :func:`new_hand`, and as :func:`judge_play` with ``play_index`` among the facts.
    """
    state = new_hand(rules, setup)
    for index, play in enumerate(log):
        try:
            state = apply_play(state, play)
        except RuleViolation as error:
            error.facts.setdefault("play_index", index)
            raise
    return state
