"""Rows of the CSV exports: a season's standings table and every match's score sheet."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence

from games.models import HandScore, Match, Seat
from games.stats.results import outcome_of
from games.stats.standings import StandingsRow

STANDINGS_HEADER = (
    "position",
    "player",
    "played",
    "won",
    "drawn",
    "lost",
    "win_pct",
    "points_for",
    "points_against",
    "points_diff",
    "hands",
    "points_per_hand",
    "sweeps",
    "sweeps_per_match",
    "best_hand",
    "streak",
    "last_five",
    "rating",
    "deviation",
    "provisional",
)

SHEET_HEADER = (
    "match",
    "game",
    "season",
    "status",
    "finished_at",
    "hand",
    "side",
    "players",
    "cards",
    "sweeps",
    "points",
    "hand_total",
    "running_total",
    "match_total",
    "result",
)
SHEET_BATCH = 2000


def standings_lines(rows: Sequence[StandingsRow]) -> Iterator[tuple[object, ...]]:
    """The table as CSV lines, header first, in the table's order."""
    yield STANDINGS_HEADER
    for position, row in enumerate(rows, start=1):
        values = {"position": position, "player": row.name}
        yield tuple(values[name] if name in values else getattr(row, name) for name in STANDINGS_HEADER)


def score_sheet_lines(*, club_id: int, season_id: int | None = None) -> Iterator[tuple[object, ...]]:
    """One line per side and hand of every match of the club (or season), oldest match first, with the
    running total; ``result`` (W/D/L) once the match is finished. Header first."""
    yield SHEET_HEADER
    matches = Match.objects.filter(club_id=club_id)
    if season_id is not None:
        matches = matches.filter(season_id=season_id)
    names: dict[tuple[int, int], list[str]] = defaultdict(list)
    for match_id, side, name in (
        Seat.objects.filter(match__in=matches)
        .order_by("number")
        .values_list("match_id", "side__index", "player__name")
    ):
        names[match_id, side].append(name)
    running: dict[tuple[int, int], int] = defaultdict(int)
    scores = (
        HandScore.objects.filter(hand__match__in=matches)
        .select_related("hand__match__season")
        .order_by("hand__match__created_at", "hand__match_id", "hand__number", "side")
    )
    for score in scores.iterator(chunk_size=SHEET_BATCH):
        match = score.hand.match
        running[match.pk, score.side] += score.total
        yield (
            match.pk,
            match.game,
            match.season.name if match.season else "",
            match.status,
            match.finished_at.isoformat() if match.finished_at else "",
            score.hand.number,
            score.side,
            " & ".join(names[match.pk, score.side]),
            score.cards,
            score.sweeps,
            " ".join(f"{key}={value}" for key, value in sorted(score.points.items())),
            score.total,
            running[match.pk, score.side],
            match.totals[score.side] if score.side < len(match.totals) else "",
            _result(match, score.side),
        )


def _result(match: Match, side: int) -> str:
    if match.status != Match.Status.FINISHED:
        return ""
    return outcome_of(side, match.totals, match.winner, match.draw)
