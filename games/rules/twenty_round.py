"""Maltese Twenty: one round as a value (docs/rules/twenty.md W1-W8, 2.2).

A round is its starter, the two set-aside bonus cards and the cards played so far. Every card goes on
the tally and the checks of W5 run after it, in order; a round of strictly alternating plays ends as
W7 says (``round_end``). Hands are not recorded: only how many cards each player holds, which the
count of plays fixes (W6).

>>> from games.rules.cards import parse_cards
>>> r = start_round(starter=0, bonus_cards=parse_cards(["7D", "3C"]))
>>> for seat, text in [(0, "9H"), (1, "8S"), (0, "3D")]:
...     r = apply_play(r, TwentyPlay(seat, Card.parse(text)))
>>> r.events
(TallyEvent(play_index=2, seat=0, kind=<EventKind.EXACT_TWENTY: 'exact_twenty'>, tally_cards=3, points=10),)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from games.rules.cards import Card, format_cards
from games.rules.errors import (
    BadBonusCards,
    BadCardText,
    BadStarter,
    BonusCardPlayed,
    DuplicateCard,
    RoundOver,
    RuleViolation,
    WrongSeat,
)

TARGET_TALLY = 20
EXACT_TWENTY_POINTS = 10
OVER_TWENTY_POINTS = -20
FIVE_TALLY_CARDS = 5
FIVE_TALLY_POINTS = 15
EQUAL_BONUS = 10
HAND_SIZE = 5
RESERVE = 40  # 52 cards - 2 bonus cards - two hands of 5 (W3)
SEATS = (0, 1)


class RoundEnd(StrEnum):
    """When a round ends (docs/rules/twenty.md W7, 2.2(c))."""

    STARTER_OUT = "starter_out"  # a player is out of cards and the reserve is empty: 49 cards
    ALL_CARDS = "all_cards"  # both hands are played out: 50 cards


class EventKind(StrEnum):
    """What a card on the tally scored (docs/rules/twenty.md W5)."""

    EXACT_TWENTY = "exact_twenty"
    OVER_TWENTY = "over_twenty"
    TALLY = "tally"  # five, six, seven ... tally cards under 20


@dataclass(frozen=True, slots=True)
class TwentyPlay:
    """A player puts one card from hand on the tally (docs/rules/twenty.md W4)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TallyEvent:
    """An award for the card at ``play_index``; ``tally_cards`` counts the tally with that card."""

    play_index: int
    seat: int
    kind: EventKind
    tally_cards: int
    points: int


def card_value(card: Card) -> int:
    """A = 1, 2-10 pip, J Q K = 10; suits do not matter (docs/rules/twenty.md W2)."""
    return min(card.rank, 10)


def bonus_of(bonus_cards: Sequence[Card]) -> int:
    """The end-of-round bonus: the difference of the two values, 10 when they are equal (W3, TW-1).

    Raises:
        BadBonusCards: not exactly two different cards.
    """
    if len(bonus_cards) != 2 or bonus_cards[0] == bonus_cards[1]:
        raise BadBonusCards(cards=format_cards(bonus_cards))  # none: worded "none" (games.messages)
    first, second = bonus_cards
    return abs(card_value(first) - card_value(second)) or EQUAL_BONUS


def bonus_holder(events: Iterable[TallyEvent]) -> int | None:
    """The seat of the most recent positive award, or None: who gets the bonus (W8, 2.2(a), TW-6)."""
    positive = [event.seat for event in events if event.points > 0]
    return positive[-1] if positive else None


def _refills(played: int) -> int:
    """Refills of 5 a player has had after ``played`` cards: one per emptied hand, at most 4 (W6).

    The starter empties first, so the 40-card reserve gives each player exactly four refills.
    """
    return min(played // HAND_SIZE, RESERVE // (HAND_SIZE * len(SEATS)))


@dataclass(frozen=True, slots=True, kw_only=True)
class TwentyRound:
    """A round in progress or over. Build it with :func:`start_round`, grow it with :func:`apply_play`."""

    starter: int
    bonus_cards: tuple[Card, Card]
    round_end: RoundEnd = RoundEnd.STARTER_OUT
    plays: tuple[TwentyPlay, ...] = ()
    tally: tuple[Card, ...] = ()
    events: tuple[TallyEvent, ...] = ()

    @property
    def bonus(self) -> int:
        """The end-of-round bonus the two bonus cards make (W3)."""
        return bonus_of(self.bonus_cards)

    @property
    def tally_value(self) -> int:
        """The sum of the cards on the tally."""
        return sum(card_value(card) for card in self.tally)

    @property
    def played_by(self) -> tuple[int, int]:
        """Cards each seat has played: the starter plays first and play alternates (W4)."""
        other = len(self.plays) // 2
        return (len(self.plays) - other, other) if self.starter == 0 else (other, len(self.plays) - other)

    @property
    def hand_sizes(self) -> tuple[int, int]:
        """Cards each seat holds: 5, refilled from the reserve when empty (W3, W6)."""
        first, second = (HAND_SIZE * (1 + _refills(played)) - played for played in self.played_by)
        return first, second

    @property
    def reserve(self) -> int:
        """Cards left in the face-down reserve (W3, W6)."""
        return RESERVE - HAND_SIZE * sum(_refills(played) for played in self.played_by)

    @property
    def is_over(self) -> bool:
        """W7: a player is out of cards and the reserve is empty; with ``all_cards`` both are out."""
        if self.round_end is RoundEnd.ALL_CARDS:
            return not any(self.hand_sizes)
        return self.reserve == 0 and 0 in self.hand_sizes

    @property
    def round_plays(self) -> int:
        """How many plays the whole round has (W7): 49, or 50 with ``all_cards``."""
        return 2 * (HAND_SIZE + RESERVE // 2) - (self.round_end is RoundEnd.STARTER_OUT)

    @property
    def next_seat(self) -> int | None:
        """Whose turn it is, ``None`` once the round is over."""
        return None if self.is_over else (self.starter + len(self.plays)) % len(SEATS)

    @property
    def bonus_to(self) -> int | None:
        """Who gets the bonus: decided when the round is over, None before (W8)."""
        return bonus_holder(self.events) if self.is_over else None

    @property
    def awards(self) -> tuple[int, int]:
        """Each seat's points from the tally events (W5), without the bonus."""
        first, second = (sum(e.points for e in self.events if e.seat == seat) for seat in SEATS)
        return first, second

    @property
    def totals(self) -> tuple[int, int]:
        """Each seat's points for the round: awards plus, once the round is over, the bonus (W8)."""
        first, second = (
            points + (self.bonus if seat == self.bonus_to else 0) for seat, points in enumerate(self.awards)
        )
        return first, second

    def report(self) -> RoundReport:
        """The round as the replay API returns it."""
        return RoundReport(
            bonus=self.bonus,
            events=self.events,
            totals=self.totals,
            bonus_to=self.bonus_to,
            complete=self.is_over,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundReport:
    """A replayed round; :meth:`as_dict` is the JSON of ``POST /api/v1/rules/twenty/rounds/replay/``."""

    bonus: int
    events: tuple[TallyEvent, ...]
    totals: tuple[int, int]
    bonus_to: int | None
    complete: bool

    def as_dict(self) -> dict[str, object]:
        """The report as JSON."""
        return {
            "bonus": self.bonus,
            "events": [event_dict(event) for event in self.events],
            "totals": list(self.totals),
            "bonus_to": self.bonus_to,
            "complete": self.complete,
        }


def event_dict(event: TallyEvent) -> dict[str, object]:
    """An event as JSON: ``play_index``, ``seat``, ``kind``, ``tally_cards``, ``points``."""
    return {
        "play_index": event.play_index,
        "seat": event.seat,
        "kind": event.kind.value,
        "tally_cards": event.tally_cards,
        "points": event.points,
    }


def start_round(
    *, starter: int | None, bonus_cards: Sequence[Card], round_end: RoundEnd = RoundEnd.STARTER_OUT
) -> TwentyRound:
    """A round before its first card: A (seat 0) starts round 1, B (seat 1) round 2 (W1, W3).

    Raises:
        BadStarter: the starter is not seat 0 or 1.
        BadBonusCards: not exactly two different bonus cards.
    """
    if not isinstance(starter, int) or isinstance(starter, bool) or starter not in SEATS:
        raise BadStarter(starter=starter)
    bonus_of(bonus_cards)
    first, second = bonus_cards
    return TwentyRound(starter=starter, bonus_cards=(first, second), round_end=round_end)


def verify_play(state: TwentyRound, play: TwentyPlay) -> None:
    """Check that ``play`` may come next: the round goes on, it is the seat's turn, the card is unseen.

    Every violation carries ``play_index``, the index the play would have (docs/rules/twenty.md W4, W7, A1).

    Raises:
        RoundOver: the round has ended.
        WrongSeat: it is the other player's turn.
        BonusCardPlayed: the card is one of the bonus cards.
        DuplicateCard: the card has already been played this round.
    """
    play_index = len(state.plays)
    if state.is_over:
        raise RoundOver(play_index=play_index, plays=play_index)
    if play.seat != state.next_seat:
        raise WrongSeat(play_index=play_index, seat=play.seat, expected=state.next_seat)
    card = str(play.card)
    if play.card in state.bonus_cards:
        raise BonusCardPlayed(play_index=play_index, card=card)
    if any(earlier.card == play.card for earlier in state.plays):
        raise DuplicateCard(play_index=play_index, card=card)


def can_play(state: TwentyRound, play: TwentyPlay) -> bool:
    """Whether ``play`` may come next; never raises."""
    try:
        verify_play(state, play)
    except RuleViolation:
        return False
    return True


def apply_play(state: TwentyRound, play: TwentyPlay) -> TwentyRound:
    """The round after ``play``: the card goes on the tally, then W5's checks run in order.

    Raises:
        RuleViolation: see :func:`verify_play`.
    """
    verify_play(state, play)
    tally = (*state.tally, play.card)
    event = _tally_event(state, play, tally)
    clears = event is not None and event.kind is not EventKind.TALLY
    return replace(
        state,
        plays=(*state.plays, play),
        tally=() if clears else tally,
        events=state.events if event is None else (*state.events, event),
    )


def tally_award(state: TwentyRound, play: TwentyPlay) -> int:
    """What ``play`` would score at once on the tally (W5): an award, the chain's doubling, or 0."""
    event = _tally_event(state, play, (*state.tally, play.card))
    return 0 if event is None else event.points


def _tally_event(state: TwentyRound, play: TwentyPlay, tally: tuple[Card, ...]) -> TallyEvent | None:
    """W5: exact 20 -> +10; over 20 -> -20; 5 cards under 20 -> +15; 6, 7 ... -> twice the last award."""
    value = sum(card_value(card) for card in tally)
    if value == TARGET_TALLY:
        kind, points = EventKind.EXACT_TWENTY, EXACT_TWENTY_POINTS
    elif value > TARGET_TALLY:
        kind, points = EventKind.OVER_TWENTY, OVER_TWENTY_POINTS
    elif len(tally) == FIVE_TALLY_CARDS:
        kind, points = EventKind.TALLY, FIVE_TALLY_POINTS
    elif len(tally) > FIVE_TALLY_CARDS:
        # The previous card left 5+ cards under 20, so the last event is its tally award (W5 item 4).
        kind, points = EventKind.TALLY, 2 * state.events[-1].points
    else:
        return None
    return TallyEvent(
        play_index=len(state.plays), seat=play.seat, kind=kind, tally_cards=len(tally), points=points
    )


def parse_plays(plays: Iterable[tuple[int, str]]) -> tuple[TwentyPlay, ...]:
    """Plays from ``(seat, card text)`` pairs, as the replay API receives them.

    Raises:
        BadCardText: a card text cannot be read; its facts include ``play_index``.
    """
    parsed = []
    for play_index, (seat, text) in enumerate(plays):
        try:
            parsed.append(TwentyPlay(seat, Card.parse(text)))
        except BadCardText as error:
            raise BadCardText(play_index=play_index, **error.facts) from None
    return tuple(parsed)
