"""A stored match as the engine sees it, and its hands replayed from their stored logs or summaries.

Read by the write services (before they write), the selectors and the screens alike; the writes that
store a replay's scores are in :mod:`games.matches.services.rescoring`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Exists, OuterRef, QuerySet, Sum
from django.utils import timezone

from games.errors import HandIncomplete
from games.matches import convert
from games.models import Challenge, Hand, HandScore, Match, Play
from games.rules.game import (
    CURRENT_EDITION,
    Game,
    HandReport,
    HandSetup,
    LogEntry,
    Options,
    sides_of,
)


@dataclass(frozen=True, slots=True)
class Table:
    """A match as the engine sees it: the game, resolved options, players and sides (docs/rules/shared.md
    A4)."""

    game: Game
    options: Options
    players: int
    teams: bool
    sides: tuple[tuple[int, ...], ...]


def table_of(match: Match) -> Table:
    """The match as the engine's table: game, options, players and sides."""
    return Table(
        game=convert.game_of(match),
        options=convert.options_of(match),
        players=match.player_count,
        teams=match.teams,
        sides=sides_of(match.player_count, match.teams),
    )


def next_dealer(match: Match, previous: Hand | None) -> int:
    """Who deals the hand after ``previous``: the deal passes as the game says; hand 1 is dealt by the
    match's ``first_dealer`` (seat 0 unless a rematch passed the deal on; docs/rules/shared.md A4)."""
    if previous is None:
        return match.first_dealer
    return convert.game_of(match).next_dealer(previous.dealer, match.player_count, match.options)


def time_limit_deadline(match: Match) -> datetime | None:
    """When the match's time limit (Tamlin ``time_limit_minutes``) runs out: counted from the start of
    its first hand (docs/rules/tamlin.md T15); ``None`` without a limit or before the first hand.
    Matches of edition 1 count from their creation."""
    if match.time_limit_minutes is None:
        return None
    if match.options.get("edition", CURRENT_EDITION) == 1:
        start: datetime | None = match.created_at
    else:
        start = match.hands.order_by("number").values_list("created_at", flat=True).first()
    return None if start is None else start + timedelta(minutes=match.time_limit_minutes)


def is_time_up(match: Match) -> bool:
    """The match's time limit has run out."""
    deadline = time_limit_deadline(match)
    return deadline is not None and timezone.now() >= deadline


def sweeps_before(hand: Hand, table: Table) -> tuple[int, ...]:
    """Each side's sweeps in the match's closed hands before ``hand`` (Tablo's ``per_five``, B9)."""
    if hand.number == 1:
        return (0,) * len(table.sides)
    rows = (
        HandScore.objects.filter(hand__match_id=hand.match_id, hand__number__lt=hand.number)
        .values("side")
        .annotate(sweeps=Sum("sweeps"))
    )
    counts = {row["side"]: row["sweeps"] for row in rows}
    return tuple(counts.get(side, 0) for side in range(len(table.sides)))


def setup_of(hand: Hand, table: Table, sweeps: Sequence[int] | None = None) -> HandSetup:
    """The hand's setup for the engine, with each side's sweeps before it."""
    counts = sweeps_before(hand, table) if sweeps is None else sweeps
    return convert.hand_setup(hand, players=table.players, teams=table.teams, sweeps_before=counts)


def play_rows(hand: Hand, challenge_key: str = "") -> QuerySet[Play]:
    """The hand's plays, undone ones too, in order; each says whether it was ever ``challenged``, so
    that the challenges are only read for the rare hand that has some, and with ``challenge_key``
    whether it was challenged with that idempotency key (``keyed``), so that a retried challenge is
    found in the same query."""
    challenges = Challenge.objects.filter(play_id=OuterRef("pk"))
    rows = Play.objects.filter(hand_id=hand.pk).annotate(challenged=Exists(challenges))
    if challenge_key:
        rows = rows.annotate(keyed=Exists(challenges.filter(idempotency_key=challenge_key)))
    return rows.order_by("seq", "pk")


def live_rows(hand: Hand, plays: list[Play] | None = None) -> tuple[list[Play], list[Challenge]]:
    """The hand's plays that stand (not undone), in order (unless given), and the challenges of them."""
    if plays is None:
        plays = list(play_rows(hand).filter(undone_at__isnull=True))
    if any(getattr(play, "challenged", True) for play in plays):  # given rows may lack the flag
        challenges = list(hand.challenges.filter(play__undone_at__isnull=True).order_by("pk"))
    else:
        challenges = []
    return plays, challenges


def replay(
    hand: Hand, table: Table, log: Sequence[LogEntry], sweeps: Sequence[int] | None = None
) -> HandReport:
    """The engine's replay of ``log`` on the hand's setup (raises the engine's RuleViolation).

    Without ``sweeps`` the earlier hands' sweeps are only read when the log finishes the hand: they
    count in a finished hand's points only (Tablo ``per_five``; scores are final only when complete),
    so a play in the middle of a hand costs no query for them.
    """
    if sweeps is not None or hand.number == 1:
        return table.game.replay_hand(setup_of(hand, table, sweeps), log, table.options)
    report = table.game.replay_hand(setup_of(hand, table, (0,) * len(table.sides)), log, table.options)
    if report.complete:
        report = table.game.replay_hand(setup_of(hand, table), log, table.options)
    return report


def hand_report_now(
    hand: Hand, table: Table, rows: tuple[list[Play], list[Challenge]] | None = None
) -> HandReport:
    """Where a hand stands: its stored log (``rows``, when already read) or summary replayed."""
    if hand.mode == Hand.Mode.SUMMARY and hasattr(hand, "summary"):
        return table.game.score_summary(setup_of(hand, table), hand.summary.entries, table.options)
    return replay(hand, table, convert.log_entries(*(rows or live_rows(hand))))


def finished_report(hand: Hand, table: Table, sweeps: Sequence[int]) -> HandReport:
    """A closed hand's final report, replayed from its stored log or summary.

    Raises:
        HandIncomplete: the log does not finish the hand.
    """
    setup = setup_of(hand, table, sweeps)
    if hand.mode == Hand.Mode.SUMMARY:
        return table.game.score_summary(setup, hand.summary.entries, table.options)
    report = table.game.replay_hand(setup, convert.log_entries(*live_rows(hand)), table.options)
    if not report.complete:
        raise HandIncomplete(number=hand.number, next_seat=report.next_seat)
    return report
