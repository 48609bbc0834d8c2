"""Escoba (``escoba``): 2-6 players, 40 cards, options of docs/rules/escoba.md (A2, E1-E11, 3.2).

The game as a :class:`~games.rules.game.Game`: hand replay (in :mod:`games.rules.escoba_hand`), the
end-of-hand summary check and the match status. Points keys are listed in
:mod:`games.rules.escoba_scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict

from games.rules.cards import Card
from games.rules.errors import gettext_noop
from games.rules.escoba_hand import (
    CORRECT_CHALLENGE,
    Ruling,
    challenge_points,
    escoba_capturing,
    hand_rules,
    replay_with_challenges,
)
from games.rules.escoba_options import DECK, OPTION_SPECS, PLAYERS, TEAM_PLAYERS, EscobaOptions
from games.rules.escoba_scoring import (
    SEVEN_DIAMONDS,
    EscobaCounts,
    credited,
    escoba_points,
    escoba_winner,
    summary_shape,
)
from games.rules.game import (
    Breakdown,
    Captures,
    Game,
    HandEvent,
    HandReport,
    HandSetup,
    LogEntry,
    MatchStatus,
    Options,
    Reviewing,
    SideReport,
    resolve_options,
)
from games.rules.hand import HandState, leftover_reason, sweep_events
from games.rules.items import match_totals
from games.rules.registry import register
from games.rules.setups import verify_players, verify_set_aside
from games.rules.summaries import Totals, verified_rows


def escoba_options(raw: Options) -> EscobaOptions:
    """The defaults overlaid with ``raw``, typed.

    Raises:
        UnknownOption, BadOptionValue: as :func:`~games.rules.game.resolve_options`.
    """
    return EscobaOptions.of(resolve_options(GAME, raw))


def side_reports(
    seats: Sequence[tuple[int, ...]],
    counts: Sequence[EscobaCounts],
    options: EscobaOptions,
    *,
    complete: bool = True,
    challenges: Sequence[int] = (),
) -> tuple[SideReport, ...]:
    """The sides' points: items once the round is complete, sweeps and challenges at once, muerto
    (docs/rules/escoba.md E7, E9, 3.2(d), 3.2(g))."""
    points = escoba_points(counts, sevens=options.sevens, complete=complete)
    if options.manual_capture:
        for side, earned in enumerate(challenges or (0,) * len(counts)):
            points[side]["challenges"] = earned
    totals = credited(points, muerto=options.muerto)
    return tuple(
        SideReport(seats=side_seats, cards=side.cards, sweeps=side.sweeps, points=side_points, total=total)
        for side_seats, side, side_points, total in zip(seats, counts, points, totals, strict=True)
    )


def replay_hand(setup: HandSetup, log: Sequence[LogEntry], raw: Options) -> HandReport:
    """Check every play (and challenge) of a hand in order and score it (E3-E9, 3.2).

    ``extra["rulings"]`` lists the ruling on each challenge: ``play_index``, ``by``, ``correct``,
    ``points`` (+2 or -1) and ``code`` (the mistake, or ``None``).

    Raises:
        BadPlayerCount, TeamsNotAllowed, UnknownOption, BadOptionValue: bad setup or options.
        RuleViolation: a bad setup, play or challenge, as
            :func:`~games.rules.escoba_hand.replay_with_challenges` (with ``play_index``).
    """
    options = escoba_options(raw)
    seats = verify_players(GAME, setup, TEAM_PLAYERS)
    current = options.edition > 1
    state, rulings = replay_with_challenges(hand_rules(setup.players, options), setup, log, take_back=current)
    counts = [
        EscobaCounts.of(pile, sweeps, all_suits=current)
        for pile, sweeps in zip(state.piles, state.sweeps, strict=True)
    ]
    sides = side_reports(
        seats,
        counts,
        options,
        complete=state.is_complete,
        challenges=challenge_points(state, rulings),
    )
    return HandReport(
        complete=state.is_complete,
        next_seat=state.next_seat,
        table=state.table,
        sides=sides,
        leftovers=state.leftovers,
        leftover_side=state.leftover_side,
        leftover_reason=leftover_reason(state, last_card=False),
        events=escoba_events(state, rulings),
        extra={"rulings": [asdict(ruling) for ruling in rulings]},
    )


def escoba_events(state: HandState, rulings: Sequence[Ruling]) -> tuple[HandEvent, ...]:
    """A ``sweep`` (+1) for every sweep that scores and a ``challenge`` (+2 or -1 to the challenger's
    side) for every ruling, in play order (E7, 3.2(g))."""
    challenges = (
        HandEvent(play_index=ruling.play_index, kind="challenge", side=side, points=ruling.points)
        for ruling, side in ((ruling, state.side_of(ruling.by)) for ruling in rulings)
    )
    return tuple(sorted((*sweep_events(state, "sweep"), *challenges), key=lambda event: event.play_index))


def score_summary(setup: HandSetup, summaries: Sequence[Mapping[str, int]], raw: Options) -> HandReport:
    """Check an end-of-hand summary against the deck and score it (docs/rules/escoba.md E9, 3.2(c)-(e)).

    Each side gives ``cards diamonds sevens seven_diamonds sweeps`` (and ``primera`` under
    ``sevens: primera``); ``sweeps`` are the sweeps that score.

    Raises:
        SummaryInconsistent: listing every problem at once.
        BadPlayerCount, TeamsNotAllowed, BadSetAside, UnknownOption, BadOptionValue: bad setup or options.
    """
    options = escoba_options(raw)
    seats = verify_players(GAME, setup, TEAM_PLAYERS)
    deal = options.deal_for(setup.players)
    verify_set_aside(GAME, setup, deal.out)
    captured = [card for card in DECK if card not in setup.set_aside]
    totals = Totals(
        sides=len(seats),
        captured=captured,
        unknown=deal.out - len(setup.set_aside),
        strict=options.edition > 1,
    )
    rows = verified_rows(summaries, summary_shape(sevens=options.sevens, edition=options.edition), totals)
    counts = [EscobaCounts(**row) for row in rows]
    return HandReport(complete=True, next_seat=None, sides=side_reports(seats, counts, options))


def summary_keys(raw: Options) -> tuple[str, ...]:
    """The counts each side gives in a summary: ``primera`` too under ``sevens: primera`` (E9)."""
    options = escoba_options(raw)
    return summary_shape(sevens=options.sevens, edition=options.edition).keys


def match_status(hands: Sequence[HandReport], sides: int, raw: Options, time_up: bool) -> MatchStatus:
    """Over when a side has reached the target and leads every other by 2 (docs/rules/escoba.md E10, EB-7).

    ``time_up`` plays no part in Escoba.
    """
    options = escoba_options(raw)
    totals = match_totals(hands, sides)
    winner = escoba_winner(totals, options.target)
    return MatchStatus(totals=totals, target=options.target, finished=winner is not None, winner=winner)


def _review_state(setup: HandSetup, log: Sequence[LogEntry], raw: Options) -> HandState:
    """The hand with its challenges ruled on (a review rates the plays as they stood)."""
    return replay_with_challenges(hand_rules(setup.players, escoba_options(raw)), setup, log)[0]


def _seven_diamonds(card: Card) -> int:
    return int(card == SEVEN_DIAMONDS)


GAME = register(
    Game(
        name="escoba",
        title="Escoba",
        players=PLAYERS,
        option_specs=OPTION_SPECS,
        deck=DECK,
        replay_hand=replay_hand,
        score_summary=score_summary,
        match_status=match_status,
        team_players=TEAM_PLAYERS,
        summary_keys=summary_keys,
        refusal_rules={"capture.illegal": "E5", "capture.required": "E6"},
        captures=Captures(
            capturing=lambda resolved: escoba_capturing(EscobaOptions.of(resolved)),
            hand_rules=lambda players, raw: hand_rules(players, escoba_options(raw)),
        ),
        reviewing=Reviewing(  # the 7♦ (E9); a sweep scores 1 at once (E7); a caught mistake +2 (3.2(g))
            points=_seven_diamonds,
            state=_review_state,
            caught_points=CORRECT_CHALLENGE,
            rules={
                "caught": "3.2(g)",
                "illegal": "E5",
                "required": "E6",
                "sweep": "E7",
                "points": "E9",
                "cards": "E5",
            },
        ),
        breakdown=Breakdown(
            items=(
                "most_cards",
                "most_diamonds",
                "most_sevens",
                "primera",
                "seven_diamonds",
                "sweeps",
                "challenges",
            ),
            tied=frozenset({"most_cards", "most_diamonds", "most_sevens", "primera"}),
        ),
        count_labels={
            "cards": gettext_noop("cards"),
            "diamonds": gettext_noop("diamonds"),
            "sevens": gettext_noop("sevens"),
            "seven_diamonds": gettext_noop("the seven of diamonds"),
            "sweeps": gettext_noop("sweeps"),
            "primera": gettext_noop("primera"),
        },
    )
)
