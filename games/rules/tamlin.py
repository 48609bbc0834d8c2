"""Tamlin (``tamlin``): 2-4 players (4 usually as two pairs), 52 cards (docs/rules/tamlin.md A2 ``tamlin``,
T1-T15).

The game as a :class:`~games.rules.game.Game`: hand replay (in :mod:`games.rules.tamlin_hand`), the
end-of-hand summary check and the match status. Points keys are listed in
:mod:`games.rules.tamlin_scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.rules.cards import Card
from games.rules.errors import gettext_noop
from games.rules.game import (
    EDITION,
    Breakdown,
    Captures,
    Game,
    HandReport,
    HandSetup,
    LogEntry,
    MatchStatus,
    Options,
    OptionSpec,
    Reviewing,
    SideReport,
    resolve_options,
    typed_options,
)
from games.rules.hand import leftover_reason, replay
from games.rules.items import match_totals
from games.rules.registry import register
from games.rules.setups import verify_players
from games.rules.summaries import Totals, verified_rows
from games.rules.tamlin_hand import (
    DECK,
    hand_rules,
    is_jack,
    jack_penalties,
    rank_points,
    tamlin_capturing,
    tamlin_events,
    verify_no_jack_on_table,
)
from games.rules.tamlin_scoring import TamlinCounts, summary_shape, tamlin_points, tamlin_winner

OPTION_SPECS = (
    OptionSpec(
        key="scoring", default="simplified_cassino", allowed=("simplified_cassino", "cassino"), rule="T14"
    ),
    OptionSpec(key="ace_takes_ace", default=False, allowed=(False, True), rule="T3"),
    OptionSpec(key="target", default=21, positive_int=True, rule="T15"),
    OptionSpec(key="time_limit_minutes", default=None, positive_int=True, nullable=True, rule="T15"),
    EDITION,
)
PLAYERS = (2, 3, 4)
TEAM_PLAYERS = (4,)  # seats {0, 2} and {1, 3} (docs/rules/tamlin.md T1, A4)


@dataclass(frozen=True, slots=True, kw_only=True)
class TamlinOptions:
    """The resolved options as typed values."""

    scoring: str
    ace_takes_ace: bool
    target: int
    time_limit_minutes: int | None
    edition: int


def tamlin_options(raw: Options) -> TamlinOptions:
    """The defaults overlaid with ``raw``, typed.

    Raises:
        UnknownOption, BadOptionValue: as :func:`~games.rules.game.resolve_options`.
    """
    return typed_options(TamlinOptions, OPTION_SPECS, resolve_options(GAME, raw))


def side_reports(
    seats: Sequence[tuple[int, ...]],
    counts: Sequence[TamlinCounts],
    options: TamlinOptions,
    *,
    complete: bool = True,
) -> tuple[SideReport, ...]:
    """The sides' points: card items once the hand is complete, tamlins and Jack penalties at once
    (docs/rules/tamlin.md T11-T14)."""
    points = tamlin_points(counts, scoring=options.scoring, complete=complete)
    return tuple(
        SideReport(
            seats=side_seats,
            cards=side.cards,
            sweeps=side.tamlins,
            points=side_points,
            total=sum(side_points.values()),
        )
        for side_seats, side, side_points in zip(seats, counts, points, strict=True)
    )


def replay_hand(setup: HandSetup, log: Sequence[LogEntry], raw: Options) -> HandReport:
    """Check every play of a hand in order and score it (T5-T14).

    Raises:
        BadPlayerCount, TeamsNotAllowed, UnknownOption, BadOptionValue: bad setup or options.
        JackOnInitialTable: a Jack among the table cards (T6).
        RuleViolation: a bad setup or play, as :func:`~games.rules.hand.replay` (with ``play_index``).
    """
    options = tamlin_options(raw)
    seats = verify_players(GAME, setup, TEAM_PLAYERS)
    verify_no_jack_on_table(setup)
    state = replay(hand_rules(setup.players, options.ace_takes_ace), setup, log)
    counts = [
        TamlinCounts.of(pile, tamlins=tamlins, jack_penalties=penalties)
        for pile, tamlins, penalties in zip(state.piles, state.sweeps, jack_penalties(state), strict=True)
    ]
    return HandReport(
        complete=state.is_complete,
        next_seat=state.next_seat,
        table=state.table,
        sides=side_reports(seats, counts, options, complete=state.is_complete),
        leftovers=state.leftovers,
        leftover_side=state.leftover_side,
        leftover_reason=leftover_reason(state, last_card=False),
        events=tamlin_events(state),
    )


def score_summary(setup: HandSetup, summaries: Sequence[Mapping[str, int]], raw: Options) -> HandReport:
    """Check an end-of-hand summary against the deck and score it (docs/rules/tamlin.md T14, A5).

    Each side gives ``cards ten_diamonds two_spades aces tamlins jack_penalties``, and ``spades``
    under ``scoring: cassino`` (optional under the others: checked when given).

    Raises:
        SummaryInconsistent: listing every problem at once.
        BadPlayerCount, TeamsNotAllowed, UnknownOption, BadOptionValue: bad setup or options.
    """
    options = tamlin_options(raw)
    seats = verify_players(GAME, setup, TEAM_PLAYERS)
    totals = Totals(sides=len(seats), captured=DECK, strict=options.edition > 1)
    rows = verified_rows(summaries, summary_shape(scoring=options.scoring), totals)
    counts = [TamlinCounts(**row) for row in rows]
    return HandReport(complete=True, next_seat=None, sides=side_reports(seats, counts, options))


def match_status(hands: Sequence[HandReport], sides: int, raw: Options, time_up: bool) -> MatchStatus:
    """Over after a hand in which a side reached the target with the sole highest total, or, once the
    time limit is up (``time_up``, heeded only with ``time_limit_minutes`` set), as soon as one side
    leads; tied leaders play another hand (docs/rules/tamlin.md T15)."""
    options = tamlin_options(raw)
    totals = match_totals(hands, sides)
    winner = tamlin_winner(totals, options.target, time_up=time_up and options.time_limit_minutes is not None)
    return MatchStatus(
        totals=totals,
        target=options.target,
        finished=winner is not None,
        winner=winner,
        extra={"time_up": time_up},
    )


def _trail_points(card: Card, onto_empty: bool) -> int:
    return -1 if onto_empty and is_jack(card) else 0  # T11: a Jack on an empty table


GAME = register(
    Game(
        name="tamlin",
        title="Tamlin",
        players=PLAYERS,
        option_specs=OPTION_SPECS,
        deck=DECK,
        replay_hand=replay_hand,
        score_summary=score_summary,
        match_status=match_status,
        team_players=TEAM_PLAYERS,
        teams_by_default=TEAM_PLAYERS,
        summary_keys=lambda raw: summary_shape(scoring=tamlin_options(raw).scoring).keys,
        refusal_rules={"capture.illegal": "T10", "capture.required": "T9"},
        captures=Captures(
            capturing=lambda resolved: tamlin_capturing(bool(resolved["ace_takes_ace"])),
            hand_rules=lambda players, raw: hand_rules(players, tamlin_options(raw).ace_takes_ace),
            table_ok=lambda card: not is_jack(card),  # T6
        ),
        reviewing=Reviewing(  # 10♦ 2, 2♠ and aces 1 (T14); a tamlin +1 (T12); a Jack trailed (T11)
            points=rank_points,
            trail_points=_trail_points,
            rules={"sweep": "T12", "trail_cost": "T11", "points": "T14", "cards": "T10"},
        ),
        breakdown=Breakdown(
            items=(
                "most_cards",
                "ten_diamonds",
                "two_spades",
                "aces",
                "most_spades",
                "tamlins",
                "jack_penalties",
            ),
            tied=frozenset({"most_cards", "most_spades"}),
        ),
        count_labels={
            "cards": gettext_noop("cards"),
            "spades": gettext_noop("spades"),
            "ten_diamonds": gettext_noop("the ten of diamonds"),
            "two_spades": gettext_noop("the two of spades"),
            "aces": gettext_noop("aces"),
            "tamlins": gettext_noop("tamlins"),
            "jack_penalties": gettext_noop("Jacks played to an empty table"),
        },
    )
)
