"""Tablo (``tablo``, Serbian Tablić): 2-4 players, 4 may play as two pairs (docs/rules/tablo.md A2, B1-B12).

Capture values K 14, Q 13, J 12, A 1 or 11 (each ace on its own, the played one too), others pip
(B4); a card takes any disjoint groups of equal cards and sums (B8); capturing is optional. A
hand's ``points`` keys are ``point_cards``, ``card_bonus`` and ``tablo_points``
(:mod:`games.rules.tablo_scoring`); a side's ``sweeps`` are its tablos in the hand, and a replayed
hand's ``events`` has a ``tablo`` for each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from games.rules.capture.capturing import Capturing
from games.rules.cards import ACE, JACK, Card, deck
from games.rules.errors import BadSweepsBefore, SummaryInconsistent, SummaryTotalMismatch, gettext_noop, label
from games.rules.game import (
    EDITION,
    Breakdown,
    Captures,
    Game,
    HandEvent,
    HandReport,
    HandSetup,
    LogEntry,
    MatchStatus,
    Options,
    OptionSpec,
    OptionValue,
    Reviewing,
    SideReport,
    resolve_options,
    typed_options,
)
from games.rules.hand import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    HandRules,
    HandState,
    LeftoverRule,
    last_capturer,
    last_card_rule,
    leftover_reason,
    replay,
    sweep_events,
)
from games.rules.items import match_totals
from games.rules.registry import register
from games.rules.setups import verify_players
from games.rules.summaries import SummaryShape, Totals, verified_rows
from games.rules.tablo_scoring import (
    POINT_CARDS_TOTAL,
    card_points,
    point_cards,
    side_points,
    tablo_points,
    tablo_winner,
    tally_marks,
)

OPTION_SPECS = (
    OptionSpec(key="tablo_points", default="per_five", allowed=("per_five", "per_tablo"), rule="B9"),
    OptionSpec(key="card_bonus", default="graded", allowed=("graded", "majority3"), rule="B11"),
    OptionSpec(key="leftovers", default="last_card", allowed=("last_card", "last_capturer"), rule="B10"),
    OptionSpec(key="direction", default="clockwise", allowed=("clockwise", "counterclockwise"), rule="B7"),
    OptionSpec(key="target", default=100, positive_int=True, rule="B12"),
    EDITION,
)
PLAYERS = (2, 3, 4)
TEAM_PLAYERS = (4,)  # seats {0, 2} and {1, 3} (docs/rules/tablo.md B1, A4)
DECK = deck(faces=True)
TABLE_SIZE = 4
PACK_ACE = 14  # the ace ranks above the King in pack order (B10)
DEALS = {2: (6, 6, 6, 6), 3: (6, 6, 4), 4: (6, 6)}  # cards each player gets per deal (B5, B6)
SUMMARY_SHAPE = SummaryShape(
    keys=("cards", "point_cards", "tablos"),
    features=(),
    limits=(("point_cards", POINT_CARDS_TOTAL),),
    # a tablo takes the played card and at least one more; 21 point cards make 22 points (B3, B9)
    least_cards=lambda row: max(2 * row["tablos"], row["point_cards"] - 1),
    held=("point_cards",),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class TabloOptions:
    """The resolved options as typed values."""

    tablo_points: str
    card_bonus: str
    leftovers: str
    direction: str
    target: int
    edition: int


def tablo_options(raw: Options) -> TabloOptions:
    """The defaults overlaid with ``raw``, typed.

    Raises:
        UnknownOption, BadOptionValue: as :func:`~games.rules.game.resolve_options`.
    """
    return typed_options(TabloOptions, OPTION_SPECS, resolve_options(GAME, raw))


def capture_values(card: Card) -> tuple[int, ...]:
    """B4: K 14, Q 13, J 12, A 1 or 11, others pip; the same on the table and in hand."""
    if card.rank == ACE:
        return (1, 11)
    return (card.rank + 1,) if card.rank >= JACK else (card.rank,)


def pack_rank(card: Card) -> int:
    """B10 "highest last card": pack order with the ace highest, A > K > Q > J > 10 > ... > 2."""
    return PACK_ACE if card.rank == ACE else card.rank


def _leftover_rule(options: TabloOptions) -> LeftoverRule:
    if options.leftovers == "last_capturer":
        return last_capturer
    if (
        options.edition == 1
    ):  # edition 1 ranked by capture value and gave nobody the cards when nobody captured
        return last_card_rule(lambda card: max(capture_values(card)), when_nobody_captured=False)
    return last_card_rule(pack_rank)


CAPTURING = Capturing(values=capture_values, targets=capture_values, points=card_points)


def _tablo_sweep_points(raw: Options, before: int) -> int:
    """What a tablo scores when its side has made ``before`` tablos in the match (B9): 1 under
    ``per_tablo``; under ``per_five`` 1 only for the match's 5th, 10th, ... tablo of the side (TB-19)."""
    return tablo_points(1, before=before, rule=tablo_options(raw).tablo_points)


def tablo_capturing(options: Mapping[str, OptionValue]) -> Capturing:
    """Tablo captures the same way under every option (B4, B8)."""
    return CAPTURING


def hand_rules(players: int, options: TabloOptions) -> HandRules:
    """A Tablo hand for ``players`` (B5-B10): 4 table cards, deals of 6 (the third of 4 with 3 players)."""
    return HandRules(
        game="tablo",
        deck=DECK,
        capturing=CAPTURING,
        table_size=TABLE_SIZE,
        deals=DEALS[players],
        direction=CLOCKWISE if options.direction == "clockwise" else COUNTERCLOCKWISE,
        leftovers=_leftover_rule(options),
    )


def deal_passes(raw: Options) -> int:
    """B7: the deal passes the way play goes, to the right under ``counterclockwise`` (edition 1
    passed it to the left in every case)."""
    options = tablo_options(raw)
    return -1 if options.direction == "counterclockwise" and options.edition > 1 else 1


def _tablos_before(setup: HandSetup, sides: int) -> tuple[int, ...]:
    before = setup.sweeps_before or (0,) * sides
    if len(before) != sides or not all(isinstance(count, int) and count >= 0 for count in before):
        raise BadSweepsBefore(sides=sides, got=list(before))
    return before


def replay_hand(setup: HandSetup, log: Sequence[LogEntry], raw: Options) -> HandReport:
    """Check every play of a hand in order and score it once complete (B5-B11).

    ``setup.sweeps_before`` holds each side's tablos in earlier hands of the match (for
    ``per_five``). Until the hand is complete every side's points are 0.

    Raises:
        BadPlayerCount, TeamsNotAllowed, UnknownOption, BadOptionValue, BadSweepsBefore: bad setup.
        RuleViolation: a bad setup or play, as :func:`~games.rules.hand.replay` (with ``play_index``).
    """
    options = tablo_options(raw)
    seats = verify_players(GAME, setup, TEAM_PLAYERS)
    before = _tablos_before(setup, len(seats))
    state = replay(hand_rules(setup.players, options), setup, log)
    return HandReport(
        complete=state.is_complete,
        next_seat=state.next_seat,
        table=state.table,
        sides=_side_reports(state, before, options),
        leftovers=state.leftovers,
        leftover_side=state.leftover_side,
        leftover_reason=leftover_reason(state, last_card=options.leftovers == "last_card"),
        events=tablo_events(state, before, options.tablo_points),
    )


def tablo_events(state: HandState, before: Sequence[int], rule: str) -> tuple[HandEvent, ...]:
    """A ``tablo`` event for every tablo, worth the tablo points it scores (B9): 1 under ``per_tablo``;
    under ``per_five`` 1 for each fifth tablo of the match, counting the ``before`` tablos (as exact as
    ``setup.sweeps_before``, which the services fill in once the hand is complete)."""
    counts = list(before)
    events = []
    for event in sweep_events(state, "tablo"):
        events.append(replace(event, points=tablo_points(1, before=counts[event.side], rule=rule)))
        counts[event.side] += 1
    return tuple(events)


def _side_reports(state: HandState, before: Sequence[int], options: TabloOptions) -> tuple[SideReport, ...]:
    cards = [len(pile) for pile in state.piles]
    if state.is_complete:
        points = side_points(
            cards,
            [point_cards(pile) for pile in state.piles],
            state.sweeps,
            before,
            bonus=options.card_bonus,
            rule=options.tablo_points,
        )
    else:
        points = [dict.fromkeys(("point_cards", "card_bonus", "tablo_points"), 0) for _ in state.sides]
    return tuple(
        SideReport(seats=seats, cards=count, sweeps=sweeps, points=side, total=sum(side.values()))
        for seats, count, sweeps, side in zip(state.sides, cards, state.sweeps, points, strict=True)
    )


def score_summary(setup: HandSetup, summaries: Sequence[Mapping[str, int]], raw: Options) -> HandReport:
    """Check an end-of-hand summary and score it (B3, B9, B11).

    Each side gives ``cards``, ``point_cards`` and ``tablos``; the cards add up to 52 and the point
    cards to 22 (both 0 when nobody captured, docs/rules/shared.md A5).

    Raises:
        SummaryInconsistent: listing every problem at once.
        BadPlayerCount, TeamsNotAllowed, UnknownOption, BadOptionValue, BadSweepsBefore: bad setup.
    """
    options = tablo_options(raw)
    seats = verify_players(GAME, setup, TEAM_PLAYERS)
    before = _tablos_before(setup, len(seats))
    rows = _verified_rows(summaries, len(seats), options)
    points = side_points(
        [row["cards"] for row in rows],
        [row["point_cards"] for row in rows],
        [row["tablos"] for row in rows],
        before,
        bonus=options.card_bonus,
        rule=options.tablo_points,
    )
    sides = tuple(
        SideReport(
            seats=side_seats, cards=row["cards"], sweeps=row["tablos"], points=side, total=sum(side.values())
        )
        for side_seats, row, side in zip(seats, rows, points, strict=True)
    )
    return HandReport(complete=True, next_seat=None, sides=sides)


def _verified_rows(
    summaries: Sequence[Mapping[str, object]], sides: int, options: TabloOptions
) -> Sequence[Mapping[str, int]]:
    """The shared summary checks plus the point-card total, all problems reported together. Under
    ``last_card`` someone always gets the leftovers, so the counts cannot all be 0 (edition 2)."""
    problems: list[object] = []
    rows: Sequence[Mapping[str, int]] = ()
    strict = options.edition > 1
    may_be_empty = not strict or options.leftovers == "last_capturer"
    totals = Totals(sides=sides, captured=DECK, may_be_empty=may_be_empty, strict=strict)
    try:
        rows = verified_rows(summaries, SUMMARY_SHAPE, totals)
    except SummaryInconsistent as error:
        problems = list(error.facts["problems"])  # type: ignore[call-overload]  # a list, built by .of()
    values = [summary.get("point_cards") for summary in summaries]
    cards = [summary.get("cards") for summary in summaries]
    if all(isinstance(value, int) for value in values + cards):
        total = sum(value for value in values if isinstance(value, int))
        expected = POINT_CARDS_TOTAL if any(cards) or not may_be_empty else 0
        if total != expected:
            mismatch = SummaryTotalMismatch(
                key="point_cards", what=label("point_cards"), total=total, expected=str(expected)
            )
            problems.append({"code": mismatch.code, "message": mismatch.message, **mismatch.facts})
    if problems:
        raise SummaryInconsistent(count=len(problems), problems=problems)
    return rows


def match_status(hands: Sequence[HandReport], sides: int, raw: Options, time_up: bool) -> MatchStatus:
    """Over after the hand in which a side reaches the target with the sole highest total; equal top
    totals play another hand (B12). ``extra`` has each side's tablos over the match and their tally
    marks (B9). ``time_up`` plays no part in Tablo."""
    options = tablo_options(raw)
    totals = match_totals(hands, sides)
    tablos = [
        sum(column) for column in zip(*((side.sweeps for side in hand.sides) for hand in hands), strict=True)
    ]
    tablos = tablos or [0] * len(totals)
    winner = tablo_winner(totals, options.target)
    return MatchStatus(
        totals=totals,
        target=options.target,
        finished=winner is not None,
        winner=winner,
        extra={"tablos": tablos, "marks": [tally_marks(count) for count in tablos]},
    )


GAME = register(
    Game(
        name="tablo",
        title="Tablo",
        players=PLAYERS,
        option_specs=OPTION_SPECS,
        deck=DECK,
        replay_hand=replay_hand,
        score_summary=score_summary,
        match_status=match_status,
        team_players=TEAM_PLAYERS,
        deal_passes=deal_passes,
        summary_keys=lambda options: SUMMARY_SHAPE.keys,
        refusal_rules={"capture.illegal": "B8"},
        captures=Captures(
            capturing=tablo_capturing,
            hand_rules=lambda players, raw: hand_rules(players, tablo_options(raw)),
        ),
        reviewing=Reviewing(  # the point cards (B3); a tablo's point as it scores (B9)
            points=card_points,
            sweep_points=_tablo_sweep_points,
            rules={"sweep": "B9", "points": "B3", "cards": "B8"},
        ),
        breakdown=Breakdown(items=("point_cards", "card_bonus", "tablo_points"), counts=("cards", "tablos")),
        count_labels={
            "cards": gettext_noop("cards"),
            "point_cards": gettext_noop("points in point cards"),
            "tablos": gettext_noop("tablos"),
        },
    )
)
