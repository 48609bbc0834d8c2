"""Rows of the CSV exports, in the reader's language: a season's standings table and every match's score
sheet (written by games/events/exports.py's ``SheetFormat``, with the reader's delimiter and decimal mark)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.events.exports import Cell
from games.labels import game_title
from games.models import HandScore, Match, Seat
from games.serbian import shown_name
from games.stats.results import outcome_letters, outcome_of
from games.stats.standings import StandingsRow

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# (field, heading) of each column, in order; the headings in the reader's language.
STANDINGS_COLUMNS = (
    ("position", gettext_lazy("Position")),
    ("player", gettext_lazy("Player")),
    ("played", gettext_lazy("Played")),
    ("won", gettext_lazy("Won")),
    ("drawn", gettext_lazy("Drawn")),
    ("lost", gettext_lazy("Lost")),
    ("win_pct", gettext_lazy("Win %")),
    ("points_for", gettext_lazy("Points for")),
    ("points_against", gettext_lazy("Points against")),
    ("points_diff", gettext_lazy("Points difference")),
    ("hands", gettext_lazy("Hands")),
    ("points_per_hand", gettext_lazy("Points per hand")),
    ("sweeps", gettext_lazy("Sweeps")),
    ("sweeps_per_match", gettext_lazy("Sweeps per match")),
    ("best_hand", gettext_lazy("Best hand")),
    ("streak", gettext_lazy("Streak")),
    ("last_five", gettext_lazy("Last five")),
    ("rating", gettext_lazy("Rating")),
    ("deviation", gettext_lazy("Rating deviation")),
    ("provisional", gettext_lazy("Provisional")),
)
STATUS_WORDS: dict[str, StrOrPromise] = {
    Match.Status.IN_PROGRESS: pgettext_lazy("a match's status", "In progress"),
    Match.Status.FINISHED: pgettext_lazy("a match's status", "Finished"),
    Match.Status.ABANDONED: pgettext_lazy("a match's status", "Abandoned"),
}
SHEET_HEADINGS = (
    gettext_lazy("Match"),
    gettext_lazy("Game"),
    gettext_lazy("Season"),
    gettext_lazy("Status"),
    gettext_lazy("Finished at"),
    gettext_lazy("Hand"),
    gettext_lazy("Side"),
    gettext_lazy("Players"),
    gettext_lazy("Cards"),
    gettext_lazy("Sweeps"),
    gettext_lazy("Points"),
    gettext_lazy("Hand total"),
    gettext_lazy("Running total"),
    gettext_lazy("Match total"),
    gettext_lazy("Result"),
)
SHEET_BATCH = 2000
# When a match finished, in the site's time zone to the minute: the one date-time text that a spreadsheet
# reads as a date in every language (a day written "5.12.2026." or "05/12/2026" is read by some as text).
SHEET_TIME = "%Y-%m-%d %H:%M"


def standings_lines(rows: Sequence[StandingsRow]) -> Iterator[tuple[Cell, ...]]:
    """The table as CSV lines in the reader's language, header first, in the table's order: names in
    the reader's script, results in the reader's letters."""
    yield tuple(str(heading) for _, heading in STANDINGS_COLUMNS)
    for position, row in enumerate(rows, start=1):
        values: dict[str, Cell] = {
            "position": position,
            "player": shown_name(row.name),
            "streak": outcome_letters(row.streak),
            "last_five": outcome_letters(row.last_five),
        }
        yield tuple(values[name] if name in values else getattr(row, name) for name, _ in STANDINGS_COLUMNS)


def score_sheet_lines(*, club_id: int, season_id: int | None = None) -> Iterator[tuple[Cell, ...]]:
    """One line per side and hand of every match of the club (or season), oldest match first, with the
    running total; the result (W/D/L in the reader's letters) once the match is finished. Header first,
    in the reader's language; the points per item keep the engine's item names."""
    yield tuple(str(heading) for heading in SHEET_HEADINGS)
    matches = Match.objects.filter(club_id=club_id)
    if season_id is not None:
        matches = matches.filter(season_id=season_id)
    names: dict[tuple[int, int], list[str]] = defaultdict(list)
    for match_id, side, name in (
        Seat.objects.filter(match__in=matches)
        .order_by("number")
        .values_list("match_id", "side__index", "player__name")
    ):
        names[match_id, side].append(shown_name(name))
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
            str(game_title(match.game)),
            match.season.name if match.season else "",
            str(STATUS_WORDS.get(match.status, match.status)),
            localtime(match.finished_at).strftime(SHEET_TIME) if match.finished_at else "",
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
    return outcome_letters(outcome_of(side, match.totals, match.winner, match.draw))
