"""Rows <-> rules values: the only place where ``games.models`` meets ``games.rules``.

Cards are stored as canonical texts (docs/rules/shared.md A1), logs as ``Play`` and ``Challenge`` rows,
a closed hand's report as ``HandScore`` rows (its sides, which statistics and exports sum) and, whole,
as ``Hand.report`` (``report_json``, written when the hand closes or is corrected: what screens read).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from games.models import Challenge, Hand, HandScore, Match, Play
from games.rules.cards import Card, format_cards, parse_cards
from games.rules.game import (
    Game,
    HandReport,
    HandSetup,
    LogEntry,
    MatchStatus,
    Options,
    SideReport,
)
from games.rules.records import event_json as event_json
from games.rules.records import jsonable as jsonable
from games.rules.records import report_json as report_json
from games.rules.records import report_of
from games.rules.records import side_json as side_json
from games.rules.registry import find_game


def game_of(match: Match) -> Game:
    """The engine's game of ``match`` (raises UnknownGame only if a game was removed)."""
    return find_game(match.game)


def options_of(match: Match) -> Options:
    """The match's options as the engine takes them."""
    return dict(match.options)


def cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse card texts, each at most once.

    Raises:
        BadCardText, DuplicateCard.
    """
    return parse_cards(texts)


def card_texts(texts: Iterable[str]) -> list[str]:
    """Canonical texts of the given card texts (``"10♦"`` -> ``"10D"``).

    Raises:
        BadCardText, DuplicateCard.
    """
    return format_cards(cards(texts))


def hand_setup(hand: Hand, *, players: int, teams: bool, sweeps_before: Sequence[int]) -> HandSetup:
    """The engine's setup of a stored hand."""
    return HandSetup(
        players=players,
        teams=teams,
        dealer=hand.dealer,
        starter=hand.starter,
        table=cards(hand.table),
        set_aside=cards(hand.set_aside),
        sweeps_before=tuple(sweeps_before),
        number=hand.number,
    )


def play_entry(*, seat: int, card: str, taken: Sequence[str]) -> LogEntry:
    """A play as a log entry (cards parsed; duplicates across the hand are the engine's to find)."""
    return LogEntry(seat=seat, card=Card.parse(card), taken=tuple(Card.parse(text) for text in taken))


def log_entries(plays: Sequence[Play], challenges: Iterable[Challenge]) -> list[LogEntry]:
    """The hand's log: live plays in ``seq`` order, each followed by the challenges of it.

    A challenge's ``challenge_of`` is the challenged play's index among the plays (challenges are not
    plays), as the engine counts them.
    """
    by_play: dict[int, list[Challenge]] = {}
    for challenge in challenges:
        by_play.setdefault(challenge.play_id, []).append(challenge)
    log: list[LogEntry] = []
    for index, play in enumerate(sorted(plays, key=lambda row: row.seq)):
        log.append(play_entry(seat=play.seat, card=play.card, taken=play.taken))
        log.extend(LogEntry(seat=row.seat, challenge_of=index) for row in by_play.get(play.pk, ()))
    return log


def play_index(plays: Sequence[Play], play: Play) -> int:
    """The index of ``play`` among the hand's live plays, as ``LogEntry.challenge_of`` counts."""
    return [row.pk for row in sorted(plays, key=lambda row: row.seq)].index(play.pk)


def score_rows(hand: Hand, report: HandReport) -> list[HandScore]:
    """One ``HandScore`` per side of a finished hand (unsaved)."""
    return [
        HandScore(
            hand=hand,
            side=index,
            cards=side.cards,
            sweeps=side.sweeps,
            points=dict(side.points),
            total=side.total,
        )
        for index, side in enumerate(report.sides)
    ]


def stored_report(hand: Hand, scores: Sequence[HandScore], seats: Sequence[tuple[int, ...]]) -> HandReport:
    """A closed hand's report rebuilt from its rows (for ``match_status``): the stored fields as the
    engine reads them back, the sides from the hand's scores."""
    sides = tuple(side_report(row, seats) for row in sorted(scores, key=lambda row: row.side))
    return replace(report_of({**hand.report, "sides": []}), sides=sides)


def closed_report(hand: Hand, seats: Sequence[tuple[int, ...]]) -> HandReport:
    """A closed hand's report as stored whole in ``Hand.report``; from its score rows too (one query)
    for a hand stored without its sides (closed by an older release)."""
    if "sides" in hand.report:
        return report_of(hand.report)
    return stored_report(hand, list(hand.scores.all()), seats)


def side_report(row: HandScore, seats: Sequence[tuple[int, ...]]) -> SideReport:
    """One side of a closed hand from its score row (``seats``: each side's seat numbers)."""
    return SideReport(
        seats=seats[row.side], cards=row.cards, sweeps=row.sweeps, points=dict(row.points), total=row.total
    )


def status_fields(status: MatchStatus) -> dict[str, Any]:
    """What ``Match`` stores of a :class:`MatchStatus` (``finished`` decides ``Match.status``)."""
    return {
        "totals": list(status.totals),
        "winner": status.winner if status.finished else None,
        "draw": status.draw,
        "result_extra": jsonable(status.extra),
    }
