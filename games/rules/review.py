"""Hand review: every play of a finished capture hand rated against the best the table allowed.

Once a hand is recorded play by play, the cards a seat held at each play are the cards it played from
then to the end of the deal. Each play is valued as ``(sweep, points, cards)``, compared in that order
(the order of the capture suggestions, docs/rules/tablo.md B8): ``sweep`` when it scores as a sweep
(B9, E7, T12), ``points`` what the played and taken cards carry (Tablo's point cards B3; Tamlin's 10♦
2, 2♠ 1, each ace 1, T14; Escoba's 7♦ 1, E9) plus what the sweep scores at once (Escoba's +1, E7;
Tamlin's +1, T12; a Tablo tablo 1 under ``per_tablo``, and under ``per_five`` 1 only when it is its
side's 5th, 10th, ... of the match, counting ``HandSetup.sweeps_before``, B9), ``cards`` the cards
taken with the played one. A trail is worth ``(False, 0, 0)``, a Tamlin Jack trailed to an empty table
``(False, -1, 0)`` (T11). Where capturing is compulsory (E6, T9) a card that can capture may not trail.
A play that broke the rules and stood (Escoba ``manual_capture``, nobody challenged) is ``illegal``; one
a challenge caught is ``caught``, valued as the trail it became, its ``penalty`` the challenger's +2
(3.2(g)); neither is ever a best play, however much it took. Items a side wins by majority at the hand's
end (most cards, most ♦, most 7s, primera, most spades, Tablo's card bonus) depend on every other play
of the hand, so no single play is charged for them: ``cards`` stands for them (docs/rules-decisions.md).
Each miss names its item (:attr:`PlayReview.missed_item`) and the rule it is measured by.

Maltese Twenty is reviewed too (:func:`review_round`): a card's value is the award it scores at once on
the tally (W5), and the best play is the card of the hand that would have scored most then.

>>> Value(sweep=False, points=3, cards=2) > Value(sweep=False, points=2, cards=5) > Value(False, 0, 0)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from games.rules import twenty, twenty_round
from games.rules.capture.capturing import Capturing
from games.rules.capture.search import Board, can_capture
from games.rules.cards import Card
from games.rules.errors import NoCaptureGame, ReviewIncomplete
from games.rules.game import Game, HandSetup, LogEntry, Options, Reviewing, RoundReviewing
from games.rules.hand import HandState, Turn, replay
from games.rules.registry import Registered, find_game


@dataclass(frozen=True, slots=True, order=True)
class Value:
    """What a play is worth, compared sweep first, then points, then cards."""

    sweep: bool
    points: int
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    """A play one could make: ``card`` taking ``taken`` (``()``: a trail), worth ``value``."""

    card: Card
    taken: tuple[Card, ...]
    value: Value
    exact: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayReview:
    """One play as made, on the ``table`` as it was, and the best allowed plays of that card and of any
    card the seat held."""

    play_index: int
    seat: int
    card: Card
    taken: tuple[Card, ...]
    value: Value
    table: tuple[Card, ...]
    best_with_card: Option
    best_play: Option
    exact: bool = True  # False only when a capture search on a huge table ran out before proving its best
    illegal: bool = False  # the play broke the rules and stood (nobody challenged)
    caught: bool = False  # a challenge found it a mistake: a capture taken back (taken_back), or a trail
    taken_back: tuple[Card, ...] = ()
    penalty: int = 0  # what the play gave away at once: a caught mistake's points to the challenger
    rule: str = ""  # the rule a missed play is measured by (Reviewing.rules by missed_item)

    @property
    def missed(self) -> bool:
        """The play is illegal (caught or not), or worth less than the best the seat's cards allowed."""
        return self.illegal or self.caught or self.value < self.best_play.value

    @property
    def points_lost(self) -> int:
        """The best play's points minus the play's, never negative, plus the play's :attr:`penalty`."""
        return max(0, self.best_play.value.points - self.value.points) + self.penalty

    @property
    def missed_item(self) -> str:
        """What a missed play missed: ``caught`` (a mistake a challenge caught), ``illegal`` (a mistake
        that stood), ``sweep`` (the best play swept), ``trail_cost`` (the play's trail cost points: a
        Tamlin Jack on an empty table), ``points`` (the best carried more points), ``cards`` (it took
        more cards); ``""``: not missed."""
        best = self.best_play.value
        if self.caught:
            return "caught"
        if self.illegal:
            return "illegal"
        if not self.missed:
            return ""
        if best.sweep and not self.value.sweep:
            return "sweep"
        if self.value.points < 0 and not self.taken:
            return "trail_cost"
        return "points" if best.points > self.value.points else "cards"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatReview:
    """A seat's totals: its plays, those worth the best it could do, the points its plays lost (summed
    :attr:`PlayReview.points_lost`, penalties included), its illegal plays that stood and those caught
    (counted apart, never best plays)."""

    seat: int
    plays: int
    best_plays: int
    points_missed: int
    illegal_plays: int = 0
    caught_plays: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class HandReview:
    """A hand reviewed: each play, and each seat's totals."""

    plays: tuple[PlayReview, ...]
    seats: tuple[SeatReview, ...]


REVIEWED: Mapping[str, Reviewing | RoundReviewing] = Registered(lambda game: game.reviewing)
"""Every game with a hand review, by name: every registered game (each has its ``reviewing``)."""


def reviewing_of(game: str) -> Reviewing:
    """How the capture game called ``game`` is reviewed.

    Raises:
        UnknownGame, NoCaptureGame: not a capture game (Maltese Twenty is reviewed as a round).
    """
    found = find_game(game).reviewing
    if not isinstance(found, Reviewing):
        raise NoCaptureGame(game=game)
    return found


def review(game: str, setup: HandSetup, log: Sequence[LogEntry], options: Options) -> HandReview:
    """Every play of a finished hand of ``game`` rated, and each seat's totals.

    Raises:
        UnknownGame: no such game.
        RuleViolation: whatever the hand's replay raises (bad setup, options or plays).
        ReviewIncomplete: the log does not finish the hand.
    """
    found = find_game(game)
    reviewing = found.reviewing
    if not isinstance(reviewing, Reviewing):
        return review_round(setup, log, options)
    found.replay_hand(setup, log, options)  # the game's own checks, with its errors
    state = _state(found, reviewing, setup, log, options)
    if not state.is_complete:
        raise ReviewIncomplete(plays=state.plays, played=len(state.turns))
    return review_hand(state, setup, reviewing, options)


def _state(
    game: Game, reviewing: Reviewing, setup: HandSetup, log: Sequence[LogEntry], options: Options
) -> HandState:
    """The hand replayed as its review reads it (the registry gives a reviewed capture game captures)."""
    if reviewing.state is not None:
        return reviewing.state(setup, log, options)
    assert game.captures is not None
    return replay(game.captures.hand_rules(setup.players, options), setup, log)


def review_hand(state: HandState, setup: HandSetup, reviewing: Reviewing, options: Options) -> HandReview:
    """:func:`review` of a finished hand's ``state`` dealt as ``setup``, under ``options``."""
    plays = tuple(_plays(state, setup, reviewing, options))
    return HandReview(plays=plays, seats=_seats(plays, state.players))


def _plays(state: HandState, setup: HandSetup, reviewing: Reviewing, options: Options) -> list[PlayReview]:
    rater = _Rater(state, reviewing, replace(state.rules.capturing, points=reviewing.points))
    swept = list(setup.sweeps_before or (0,) * len(state.sides))  # each side's sweeps so far in the match
    table, reviews = setup.table, []
    for index, turn in enumerate(state.turns):
        side = state.side_of(turn.seat)
        bonus = reviewing.sweep_points(options, swept[side])
        best_with_card, best_play, exact = rater.best_of(table, _held(state, index), turn.card, index, bonus)
        play = PlayReview(
            play_index=index,
            seat=turn.seat,
            card=turn.card,
            taken=turn.taken,
            value=rater.value(turn, bonus),
            table=table,
            best_with_card=best_with_card,
            best_play=best_play,
            exact=exact,
            illegal=not turn.legal and not turn.caught,
            caught=turn.caught,
            taken_back=turn.taken_back,
            penalty=reviewing.caught_points if turn.caught else 0,
        )
        reviews.append(replace(play, rule=_rule(reviewing, play)))
        swept[side] += turn.sweep
        table = tuple(card for card in table if card not in turn.taken) if turn.taken else (*table, turn.card)
    return reviews


def _rule(reviewing: Reviewing, play: PlayReview) -> str:
    """The rule a missed play is measured by: an illegal trail's is the compulsory capture's
    (``required``), any other miss's its item's; ``""`` for a play that missed nothing."""
    item = play.missed_item
    required = item == "illegal" and not play.taken
    return reviewing.rules.get("required" if required else item, "") if item else ""


def review_round(setup: HandSetup, log: Sequence[LogEntry], options: Options) -> HandReview:
    """Every play of a finished round of Maltese Twenty rated by what it scored at once (W5), against
    every card the seat held then: what it plays from there until its hand is refilled (W6). The
    non-starter's last card under ``starter_out`` is never played, so never suggested.

    Raises:
        RuleViolation: whatever the round's replay raises.
        ReviewIncomplete: the log does not finish the round.
    """
    twenty.replay_hand(setup, log, options)  # the game's own checks, with its errors
    state = twenty.round_of(setup, options)
    plays = tuple(twenty_round.TwentyPlay(entry.seat, entry.card) for entry in log if entry.card)
    reviews = []
    for index, play in enumerate(plays):
        mine = [later for later in plays[index:] if later.seat == play.seat]
        filled = len([earlier for earlier in plays[:index] if earlier.seat == play.seat])
        held = mine[: twenty_round.HAND_SIZE - filled % twenty_round.HAND_SIZE]
        options_ = {
            each.card: Option(
                card=each.card, taken=(), value=Value(False, twenty_round.tally_award(state, each), 0)
            )
            for each in held
        }
        reviews.append(
            PlayReview(
                play_index=index,
                seat=play.seat,
                card=play.card,
                taken=(),
                value=options_[play.card].value,
                table=state.tally,
                best_with_card=options_[play.card],
                best_play=max(options_.values(), key=lambda option: option.value),
            )
        )
        state = twenty_round.apply_play(state, play)
    if not state.is_over:
        raise ReviewIncomplete(plays=state.round_plays, played=len(plays))
    return HandReview(plays=tuple(reviews), seats=_seats(reviews, len(twenty_round.SEATS)))


def _held(state: HandState, index: int) -> list[Card]:
    """The cards the seat playing ``index`` held then: what it plays from there to the deal's end."""
    end = 0
    for cards in state.rules.deals:
        end += cards * state.players
        if index < end:
            break
    seat = state.turns[index].seat
    return [turn.card for turn in state.turns[index:end] if turn.seat == seat]


@dataclass(frozen=True, slots=True)
class _Rater:
    """Values plays of one hand; ``capturing`` ranks captures by the review's points, a sweep scores
    the ``bonus`` it is given more; ``searched`` remembers each table's best capture for the cards that
    see it alike."""

    state: HandState
    reviewing: Reviewing
    capturing: Capturing
    searched: dict[
        tuple[tuple[Card, ...], Board, tuple[int, ...], bool], tuple[tuple[Card, ...], bool, bool]
    ] = field(default_factory=dict)

    def sweeps(self, index: int) -> bool:
        """Whether taking the whole table at play ``index`` scores as a sweep (E7 ``last_play_sweep``)."""
        return self.state.rules.last_play_sweeps or index < self.state.plays - 1

    def value(self, turn: Turn, bonus: int) -> Value:
        """What a play as made is worth, a sweep scoring ``bonus`` at once."""
        if not turn.taken:
            return Value(False, self.reviewing.trail_points(turn.card, turn.onto_empty), 0)
        return self._capture_value(turn.card, turn.taken, turn.sweep, bonus)

    def _capture_value(self, card: Card, taken: Sequence[Card], sweep: bool, bonus: int) -> Value:
        points = sum(map(self.reviewing.points, (card, *taken))) + (bonus if sweep else 0)
        return Value(sweep, points, len(taken) + 1)

    def best_of(
        self, table: tuple[Card, ...], held: Sequence[Card], played: Card, index: int, bonus: int
    ) -> tuple[Option, Option, bool]:
        """The best allowed play of ``played``, that of any card ``held`` (the first held among equals),
        and whether both are proven. A card whose :meth:`bound` cannot beat the best so far is not
        searched."""
        mine = self.best(table, played, index, bonus)
        best, exact = mine, mine.exact
        position = {card: place for place, card in enumerate(held)}
        for card in held:
            if card == played:
                continue
            bound = self.bound(table, card, index, bonus)
            if bound < best.value or (bound == best.value and position[card] > position[best.card]):
                continue
            option = self.best(table, card, index, bonus)
            exact = exact and option.exact
            if option.value > best.value or (
                option.value == best.value and position[card] < position[best.card]
            ):
                best = option
        return mine, best, exact

    def bound(self, table: tuple[Card, ...], card: Card, index: int, bonus: int) -> Value:
        """At least what :meth:`best` finds: every table card that has a value the card can take, taken."""
        capturing = self.capturing
        if capturing.takes_all(card):
            usable = table
        else:
            top = max(capturing.targets(card), default=0)
            usable = tuple(
                each for each in table if any(0 < value <= top for value in capturing.values(each))
            )
        if not usable:
            return Value(False, self.reviewing.trail_points(card, not table), 0)
        return self._capture_value(card, usable, len(usable) == len(table) and self.sweeps(index), bonus)

    def best(self, table: tuple[Card, ...], card: Card, index: int, bonus: int) -> Option:
        """The best allowed play of ``card`` on ``table`` at play ``index``."""
        trail = Option(
            card=card, taken=(), value=Value(False, self.reviewing.trail_points(card, not table), 0)
        )
        taken, sweep, exact = self._capture(table, card)
        if not taken:
            return replace(trail, exact=exact)  # unproven when the search ran out
        value = self._capture_value(card, taken, sweep and self.sweeps(index), bonus)
        best = Option(card=card, taken=taken, value=value, exact=exact)
        if self.state.rules.capturing.compulsory:
            return best
        return max(best, trail, key=lambda option: option.value)

    def _capture(self, table: tuple[Card, ...], card: Card) -> tuple[tuple[Card, ...], bool, bool]:
        """The cards the best capture of ``card`` takes (none: it takes nothing), whether it sweeps, and
        whether that is proven; two cards that see one table alike (of one rank) share one search."""
        capturing = self.capturing
        board, targets = capturing.board(table), capturing.targets(card)
        key = (table, board, targets, capturing.takes_all(card))
        known = self.searched.get(key)
        if known is None:
            if not capturing.takes_all(card) and not can_capture(board, targets, capturing.mode):
                known = ((), False, True)  # most cards take nothing: skip the search that would prove it
            else:
                found = capturing.capture_list(table, card, limit=1, counted=False)
                best = found.captures[0] if found.captures else None
                known = (best.cards, best.sweep, found.exact) if best else ((), False, found.exact)
            self.searched[key] = known
        return known


def _seats(plays: Sequence[PlayReview], players: int) -> tuple[SeatReview, ...]:
    return tuple(
        SeatReview(
            seat=seat,
            plays=sum(1 for play in plays if play.seat == seat),
            best_plays=sum(1 for play in plays if play.seat == seat and not play.missed),
            points_missed=sum(play.points_lost for play in plays if play.seat == seat),
            illegal_plays=sum(1 for play in plays if play.seat == seat and play.illegal),
            caught_plays=sum(1 for play in plays if play.seat == seat and play.caught),
        )
        for seat in range(players)
    )
