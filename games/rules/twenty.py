"""Maltese Twenty (``twenty``): the game as Scorekeeper sees it (docs/rules/twenty.md A2, A5, W1-W10).

A "hand" is one round: ``HandSetup.starter`` is 0 in round 1 and 1 in round 2, ``set_aside`` holds the
two bonus cards, and each log entry puts a card on the tally. A round's sides report the points
``awards`` (tally events) and ``bonus``, and its ``events`` are the awards; ``extra`` has ``bonus``,
``bonus_to``, ``events`` (as in the replay API), ``hand_sizes``, ``reserve`` and ``tally_value`` (the
sum of the tally's cards). The match is two rounds with the totals carried over.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import reduce

from games.rules.cards import Card, deck
from games.rules.errors import (
    BadPlayerCount,
    NotATwentyPlay,
    TooManyRounds,
    TwentyTableCards,
    TwentyTeams,
    WrongRoundStarter,
)
from games.rules.game import (
    EDITION,
    REVIEWED_AS_ROUND,
    Breakdown,
    Game,
    HandEvent,
    HandReport,
    HandSetup,
    LogEntry,
    MatchStatus,
    Options,
    OptionSpec,
    resolve_options,
    typed_options,
)
from games.rules.registry import register
from games.rules.twenty_round import (
    SEATS,
    RoundEnd,
    RoundReport,
    TwentyPlay,
    TwentyRound,
    apply_play,
    event_dict,
    start_round,
)
from games.rules.twenty_summary import ENTRY_KEYS, round_sides, summarise_round

ROUNDS = 2
MORE_THAN = 20  # `over_twenty`: the winner needs more than 20 points (W10)


class Winner(StrEnum):
    """Who wins after round 2 (docs/rules/twenty.md W10, 2.2(b), A5)."""

    HIGHER = "higher"  # the higher total; equal totals draw
    OVER_TWENTY = "over_twenty"  # the higher total, and it must be more than 20


OPTION_SPECS = (
    OptionSpec(
        key="round_end",
        default=RoundEnd.STARTER_OUT.value,
        allowed=tuple(end.value for end in RoundEnd),
        rule="W7, 2.2(c)",
    ),
    OptionSpec(
        key="winner",
        default=Winner.HIGHER.value,
        allowed=tuple(rule.value for rule in Winner),
        rule="W10, 2.2(b), A5",
    ),
    EDITION,
)


@dataclass(frozen=True, slots=True)
class TwentyOptions:
    """The resolved options as typed values."""

    round_end: RoundEnd
    winner: Winner
    edition: int

    @classmethod
    def of(cls, *, round_end: str, winner: str, edition: int) -> TwentyOptions:
        """The options from their resolved values, the choices as their enums."""
        return cls(RoundEnd(round_end), Winner(winner), edition)


def _resolved(options: Mapping[str, object] | None) -> TwentyOptions:
    return typed_options(TwentyOptions.of, OPTION_SPECS, resolve_options(GAME, options))


def verify_round_starter(number: int | None, starter: object) -> None:
    """Round 1 is started by seat 0 (player A) and round 2 by seat 1 (player B) (A4, W1).

    Raises:
        WrongRoundStarter: another seat starts a round whose number is known.
    """
    if number in (1, 2) and starter in SEATS and starter != number - 1:
        raise WrongRoundStarter(round=number, seat=number - 1, starter=starter)


def replay_round(
    *,
    starter: int,
    bonus_cards: Sequence[Card],
    plays: Iterable[TwentyPlay],
    options: Mapping[str, object] | None = None,
    number: int | None = None,
) -> RoundReport:
    """Replay a round's plays: ``POST /api/v1/rules/twenty/rounds/replay/`` (``.as_dict()`` is its body).
    ``number`` (1 or 2), when given, is the round's place in the match.

    Raises:
        UnknownOption, BadOptionValue: bad ``options``.
        BadStarter, WrongRoundStarter, BadBonusCards: a bad start (W1, W3, A4).
        RuleViolation: the first bad play, with ``play_index`` in its facts (see ``verify_play``).
    """
    resolved = _resolved(options)
    if resolved.edition > 1:
        verify_round_starter(number, starter)
    state = start_round(starter=starter, bonus_cards=bonus_cards, round_end=resolved.round_end)
    return reduce(apply_play, plays, state).report()


def round_from_setup(setup: HandSetup, options: TwentyOptions) -> TwentyRound:
    """The round ``setup`` starts: two players, no teams, no table cards (W1, W3), and from edition 2
    the round's own starter when its number is known (A4).

    Raises:
        BadPlayerCount, TwentyTeams, TwentyTableCards, BadStarter, WrongRoundStarter, BadBonusCards.
    """
    if setup.players != len(SEATS):
        raise BadPlayerCount(game=GAME.name, allowed="2", players=setup.players)
    if setup.teams:
        raise TwentyTeams()
    if setup.table:
        raise TwentyTableCards(cards=" ".join(map(str, setup.table)))
    if options.edition > 1:
        verify_round_starter(setup.number, setup.starter)
    return start_round(starter=setup.starter, bonus_cards=setup.set_aside, round_end=options.round_end)


def round_of(setup: HandSetup, options: Options) -> TwentyRound:
    """The round ``setup`` starts under ``options`` (see :func:`round_from_setup`)."""
    return round_from_setup(setup, _resolved(options))


def _play(play_index: int, entry: LogEntry) -> TwentyPlay:
    """A log entry as a play: one card, nothing taken, no challenge (W4)."""
    if entry.card is None or entry.taken or entry.challenge_of is not None:
        raise NotATwentyPlay(play_index=play_index)
    return TwentyPlay(entry.seat, entry.card)


def hand_report(state: TwentyRound) -> HandReport:
    """A round as a :class:`HandReport`; the tally cards are the table."""
    return HandReport(
        complete=state.is_over,
        next_seat=state.next_seat,
        table=state.tally,
        sides=round_sides(state.awards, state.bonus, state.bonus_to),
        events=tuple(
            HandEvent(play_index=each.play_index, kind=each.kind.value, side=each.seat, points=each.points)
            for each in state.events
        ),
        extra={
            "bonus": state.bonus,
            "bonus_to": state.bonus_to,
            "events": [event_dict(event) for event in state.events],
            "hand_sizes": list(state.hand_sizes),
            "tally_value": state.tally_value,
            "reserve": state.reserve,
        },
    )


def replay_hand(setup: HandSetup, log: Sequence[LogEntry], options: Options) -> HandReport:
    """Replay one round from its setup and log (W1-W8).

    Raises:
        RuleViolation: a bad option, setup or play (plays carry ``play_index``).
    """
    state = round_from_setup(setup, _resolved(options))
    plays = (_play(index, entry) for index, entry in enumerate(log))
    return hand_report(reduce(apply_play, plays, state))


def score_summary(setup: HandSetup, entries: Sequence[Mapping[str, object]], options: Options) -> HandReport:
    """Check a round's quick entry (see :mod:`games.rules.twenty_summary`).

    Raises:
        RuleViolation: a bad option or setup.
        SummaryInconsistent: every problem of the entry at once.
    """
    return summarise_round(round_from_setup(setup, _resolved(options)), entries)


def match_status(hands: Sequence[HandReport], sides: int, options: Options, time_up: bool) -> MatchStatus:
    """Two rounds, scores carried over; after round 2 the winner follows ``winner`` (W9, W10, A5).

    Twenty has no time limit, so ``time_up`` changes nothing.

    Raises:
        BadPlayerCount: not 2 sides (two players, no teams).
        TooManyRounds: more than two finished rounds.
    """
    resolved = _resolved(options)
    if sides != len(SEATS):
        raise BadPlayerCount(game=GAME.name, allowed="2", players=sides)
    if len(hands) > ROUNDS:
        raise TooManyRounds(rounds=len(hands))
    first, second = (sum(hand.sides[seat].total for hand in hands) for seat in SEATS)
    finished = len(hands) == ROUNDS
    winner, draw = _outcome((first, second), resolved) if finished else (None, False)
    return MatchStatus(
        totals=(first, second),
        target=None,
        finished=finished,
        winner=winner,
        draw=draw,
        extra={"rounds": len(hands)},
    )


def _outcome(totals: tuple[int, int], options: TwentyOptions) -> tuple[int | None, bool]:
    """(winner, draw): equal totals draw under both ``winner`` options; otherwise the higher total
    wins, under ``over_twenty`` only when it is more than 20 (A5). Edition 1 checked "more than 20"
    first, so equal totals of 20 or less gave no winner and no draw."""
    high = max(totals)
    over_twenty = options.winner is Winner.OVER_TWENTY
    if over_twenty and options.edition == 1 and high <= MORE_THAN:
        return None, False
    if totals[0] == totals[1]:
        return None, True
    if over_twenty and high <= MORE_THAN:
        return None, False
    return totals.index(high), False


GAME = register(
    Game(
        name="twenty",
        title="Maltese Twenty",
        players=(2,),
        option_specs=OPTION_SPECS,
        deck=deck(),
        replay_hand=replay_hand,
        score_summary=score_summary,
        match_status=match_status,
        summary_keys=lambda options: ENTRY_KEYS,
        captures=None,  # every card goes on the tally (W4)
        reviewing=REVIEWED_AS_ROUND,
        breakdown=Breakdown(items=("awards", "bonus"), by_award=True),
        count_labels={},  # its quick entry is of awards (games.rules.twenty_summary)
    )
)
