"""An event's CSV files: its standings, and each round's pairings and results, in the reader's language
and laid out as a spreadsheet in that language expects (docs/events.md, CSV files).

Where the language writes a decimal comma (ru, sr, es, it, pt) the columns are split by semicolons and
decimals take a comma; elsewhere (en) by commas, with a decimal point. The file starts with a BOM so
that Excel reads it as UTF-8. The web page and the API send the same bytes.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from django.utils.formats import get_format
from django.utils.translation import get_language, gettext, gettext_lazy

from games.events.models import Event, Round
from games.events.selectors import entry_list, event_standings, override_of, table_result
from games.events.standings import PointsTable, TableResult
from games.serbian import shown_name

TIEBREAK_LABELS = {
    "median_buchholz": gettext_lazy("Median Buchholz"),
    "buchholz": gettext_lazy("Buchholz"),
    "sonneborn_berger": gettext_lazy("Sonneborn-Berger"),
    "points_diff": gettext_lazy("Game points difference"),
    "head_to_head": gettext_lazy("Head-to-head"),
}
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as a formula
MEDIA_TYPE = "text/csv; charset=utf-8"

Cell = str | int | float | None


def spreadsheet_safe(cell: object) -> object:
    """A text cell a spreadsheet would run as a formula, quoted so it shows as text; numbers as they are
    (every CSV file the app writes: the events' and the statistics')."""
    return f"'{cell}" if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) else cell


@dataclass(frozen=True, slots=True)
class SheetFormat:
    """How a spreadsheet in one language reads a CSV file: the column delimiter and the decimal mark."""

    delimiter: str
    decimal: str

    @classmethod
    def of(cls, language: str | None = None) -> SheetFormat:
        """The format for ``language`` (by default the active one): semicolons and a decimal comma
        where its locale writes a decimal comma, else commas and a decimal point.

        >>> SheetFormat.of("ru"), SheetFormat.of("en")
        (SheetFormat(delimiter=';', decimal=','), SheetFormat(delimiter=',', decimal='.'))
        """
        decimal = str(get_format("DECIMAL_SEPARATOR", language or get_language()))
        return cls(";" if decimal == "," else ",", "," if decimal == "," else ".")

    def cell(self, value: Cell) -> str:
        """A number with this format's decimal mark (at most two decimals); a text a spreadsheet
        would run as a formula quoted so it shows as text; nothing as an empty cell.

        >>> SheetFormat.of("it").cell(4.5), SheetFormat.of("en").cell(4.5), SheetFormat.of("en").cell(-3)
        ('4,5', '4.5', '-3')
        >>> SheetFormat.of("en").cell("=1+1")
        "'=1+1"
        """
        if value is None:
            return ""
        if isinstance(value, bool):
            return gettext("yes") if value else ""
        if isinstance(value, int):
            return str(value)
        if isinstance(value, float):
            text = str(int(value)) if value.is_integer() else f"{value:.2f}".rstrip("0")
            return text.replace(".", self.decimal)
        return str(spreadsheet_safe(value))

    def text(self, lines: Iterable[Sequence[Cell]]) -> str:
        """The whole file: a BOM, then one CSV line per line."""
        return "".join(self.chunks(lines))

    def chunks(self, lines: Iterable[Sequence[Cell]]) -> Iterator[str]:
        """The file as it streams: a BOM (Excel then reads UTF-8), then each CSV line as it comes."""
        yield "\ufeff"
        out = io.StringIO()
        writer = csv.writer(out, delimiter=self.delimiter, lineterminator="\r\n")
        for line in lines:
            writer.writerow([self.cell(value) for value in line])
            yield out.getvalue()
            out.seek(0)
            out.truncate()

    @property
    def description(self) -> str:
        """What the page says of the files, in the reader's language."""
        if self.delimiter == ";":
            return gettext("CSV files in this language use semicolons between columns and a decimal comma.")
        return gettext("CSV files in this language use commas between columns and a decimal point.")


def standings_filename(event: Event) -> str:
    """The standings CSV's file name."""
    return f"event-{event.pk}-standings.csv"


def round_filename(event: Event, number: int) -> str:
    """A round's CSV file name."""
    return f"event-{event.pk}-round-{number}.csv"


def standings_lines(event: Event) -> Iterator[tuple[Cell, ...]]:
    """The standings as the event page shows them, best first: header, then one line per entry."""
    names = {entry.player_id: entry for entry in entry_list(event=event)}
    yield (
        gettext("Rank"),
        gettext("Player"),
        gettext("Points"),
        gettext("Wins"),
        gettext("Draws"),
        gettext("Losses"),
        gettext("Byes"),
        *(str(TIEBREAK_LABELS.get(name, name)) for name in event.tiebreaks),
        gettext("Game points scored"),
        gettext("Game points conceded"),
        gettext("Dropped"),
    )
    for row in event_standings(event=event):
        entry = names.get(row.player)
        yield (
            row.rank,
            shown_name(entry.player.name) if entry else "?",
            row.points,
            row.wins,
            row.draws,
            row.losses,
            row.byes,
            *(float(row.tiebreaks[name]) for name in event.tiebreaks),
            row.game_for,
            row.game_against,
            entry is not None and entry.dropped_round is not None,
        )


def round_lines(event: Event, played: Round) -> Iterator[tuple[Cell, ...]]:
    """Round ``played``'s tables in order, one line per side (who, place, win/draw/loss, game points,
    the event points it earned, whether a director set the result), then its byes: header first. A
    table still playing shows its sides with the result cells empty."""
    names = {entry.player_id: shown_name(entry.player.name) for entry in entry_list(event=event)}
    points = PointsTable.of(event.points)
    yield (
        gettext("Round"),
        gettext("Table"),
        gettext("Side"),
        gettext("Players"),
        gettext("Place"),
        gettext("Result"),
        gettext("Game points"),
        gettext("Points"),
        gettext("Set by a director"),
    )
    for table in played.tables.all():
        result = table_result(table)
        by_director = result is not None and override_of(table) is not None
        for index, side in enumerate(table.sides):
            players = " & ".join(names.get(player, "?") for player in side)
            yield (
                played.number,
                table.number,
                index + 1,
                players,
                *_side_result(result, index, points),
                by_director,
            )
    for bye in played.byes.all():
        yield (
            played.number,
            None,
            None,
            names.get(bye.player_id, "?"),
            None,
            gettext("Bye"),
            None,
            points.bye,
            False,
        )


def _side_result(result: TableResult | None, index: int, points: PointsTable) -> tuple[Cell, ...]:
    """Place (1 first), result word, game points and event points of side ``index`` (all empty while
    the table has no result), counted as the standings count them."""
    if result is None:
        return (None, gettext("no result"), None, None)
    place = result.places[index]
    first = min(result.places)
    shared = result.places.count(first) > 1
    word = gettext("Loss") if place != first else gettext("Draw") if shared else gettext("Win")
    if len(result.sides) == 2:
        earned = points.pairwise(place, result.places[1 - index])
    else:
        earned = points.place(place)
    scored = result.scores[index] if index < len(result.scores) else None
    return (place + 1, word, scored, earned)
