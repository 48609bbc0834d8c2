"""What the event pages show, read through the event selectors: entries, each round's tables by number
and by name (with why each was paired), results with who set them, and the standings with each
tie-break's value. Nothing here pairs or scores: the pairing core and the standings do."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, TypedDict
from urllib.parse import urlencode

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from games.audit.chain import short_code
from games.collation import by_name
from games.events.exports import TIEBREAK_LABELS
from games.events.models import Entry, Event, Round, Table
from games.events.reasons import why
from games.events.result_checks import Counted, ResultChange, ResultsCheck, results_check
from games.events.selectors import (
    awaiting_confirmation,
    entered_player_ids,
    entry_list,
    override_of,
    result_version,
    round_find,
    round_list,
    round_tables,
    table_result,
)
from games.events.services import PlannedRound, PlannedTable
from games.events.summary import EventSummary, Place, event_summary
from games.matches.services.seating import SeatKind, seating_known
from games.models import Player
from games.serbian import shown_name
from scorekeeper.digits import whole_number


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryRow:
    """An entry on the event page: the player, check-in, drop, the round joined."""

    entry: Entry
    name: str
    checked_in: bool
    dropped: bool
    joined_round: int


def entry_rows(
    event: Event, *, query: str = "", pending: bool = False, only: int | None = None
) -> list[EntryRow]:
    """The event's entries by name: those whose name holds ``query``, with ``pending`` only those not
    checked in (nor dropped), with ``only`` that one entry."""
    entries = entry_list(event=event, query=query, pending=pending, only=only)
    rows = [
        EntryRow(
            entry=entry,
            name=shown_name(entry.player.name),
            checked_in=entry.checked_in_at is not None,
            dropped=entry.dropped_round is not None,
            joined_round=entry.joined_round,
        )
        for entry in entries
    ]
    return by_name(sorted(rows, key=lambda row: row.entry.pk), lambda row: row.name)


@dataclass(frozen=True, slots=True)
class ApartPair:
    """A pair the pairing keeps apart, by name."""

    key: str  # "a-b": the form's value
    names: tuple[str, str]


def keep_apart_rows(event: Event, rows: Sequence[EntryRow]) -> list[ApartPair]:
    """The pairs the pairing keeps apart, by the entrants' names (``rows``: the event's entries)."""
    names = {row.entry.player_id: row.name for row in rows}
    return [
        ApartPair(f"{first}-{second}", (names.get(first, "?"), names.get(second, "?")))
        for first, second in event.keep_apart
    ]


def keep_apart_changed(event: Event, data: Mapping[str, str]) -> list[list[int]] | None:
    """The event's pairs with the form's ``first`` and ``second`` added, or its ``remove`` ("a-b")
    taken out; None for a form that says neither."""
    pairs = [list(pair) for pair in event.keep_apart]
    if "remove" in data:
        return [pair for pair in pairs if f"{pair[0]}-{pair[1]}" != data["remove"]]
    first, second = whole_number(data.get("first", "")), whole_number(data.get("second", ""))
    if first is None or second is None:
        return None
    return [*pairs, [first, second]]


@dataclass(frozen=True, slots=True)
class MemberChoice:
    """A club member the director may enter with one tap."""

    player_id: int
    name: str


def member_choices(event: Event, director: User) -> list[MemberChoice]:
    """The club's members with a player, not yet entered: one tap enters each."""
    known = seating_known(by=director, club=event.club)
    entered = entered_player_ids(event=event)
    seen: set[int] = set()
    choices = []
    for choice in known.suggestions():
        player = choice.player or (known.players.get(choice.account.pk) if choice.account else None)
        if choice.kind is not SeatKind.ACCOUNT or player is None or player.pk in entered | seen:
            continue
        seen.add(player.pk)
        choices.append(MemberChoice(player.pk, shown_name(player.name)))
    return by_name(choices, lambda choice: choice.name)


@dataclass(frozen=True, slots=True)
class Named:
    """Whom a typed name enters (the keywords of ``entry_add``)."""

    player: Player | None = None
    name: str = ""
    account: User | None = None


def named_player(event: Event, director: User, name: str) -> Named:
    """Whom a typed name enters: a club member's player (or the member, who has none yet, by
    ``account``), a guest the director entered before, else a new guest of that name."""
    choice = seating_known(by=director, club=event.club).choice(name)
    if choice.kind is SeatKind.ACCOUNT and choice.account is not None:
        if choice.player is not None:
            return Named(player=choice.player)
        return Named(name=choice.name, account=choice.account)
    if choice.kind is SeatKind.GUEST and choice.player is not None:
        return Named(player=choice.player)
    return Named(name=choice.name)


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultView:
    """A table's result in words, and who set it."""

    text: str
    by: str = ""  # who set it, when the director did
    at: datetime | None = None
    record: str = ""  # the short code of its match's hash chain (docs/audit.md)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeView:
    """A table's counted result that changed after a later round (``paired``) was paired on it."""

    round: int
    table: int
    paired: int
    before: str
    after: str
    at: datetime | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """A table of a round as the event page shows it."""

    number: int
    round: int
    match_id: int | None
    seats: tuple[str, ...]  # names in seat order
    players: tuple[int, ...]  # their ids
    sides: tuple[str, ...]  # each side's names
    dealer: str
    why: str
    rematch: bool
    result: ResultView | None = None
    table: Table | None = None  # the stored row (a draft has none)
    changed: ChangeView | None = None
    result_version: int = 0  # what the result form sends back (expected_version)


def _seat_text(table: int, seat: int) -> str:
    return _("table %(table)s, seat %(seat)s") % {"table": table, "seat": seat}


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundView:
    """A round as the event page shows it: its tables, byes and rematches."""

    number: int
    tables: tuple[TableView, ...]
    byes: tuple[str, ...]
    rematches: tuple[str, ...] = ()
    stale: bool = False  # paired on standings that have changed since

    @property
    def by_name(self) -> list[tuple[str, str]]:
        """(name, where), alphabetically: each player's table and seat, or their bye."""
        where = [
            (name, _seat_text(table.number, seat))
            for table in self.tables
            for seat, name in enumerate(table.seats, 1)
        ]
        where += [(name, _("bye")) for name in self.byes]
        return by_name(where, lambda item: item[0])


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow:
    """One player's line in the event's standings."""

    rank: int
    name: str
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    tiebreaks: tuple[str, ...]
    dropped: bool


@dataclass(frozen=True, slots=True)
class Page:
    """Page ``number`` (from 1) of ``count`` of a list shown ``size`` at a time, by the query parameter
    ``name``; ``others``: the other lists' pages, kept in the links."""

    name: str
    number: int
    count: int
    size: int
    others: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, name: str, asked: int | None, total: int, size: int) -> Page:
        """Page ``asked`` (kept within the pages there are) of ``total`` items."""
        count = max(1, -(-total // size))
        return cls(name, min(max(asked or 1, 1), count), count, size)

    @property
    def start(self) -> int:
        """The index of the page's first item."""
        return (self.number - 1) * self.size

    @property
    def following(self) -> int:
        """The page after this one, the first after the last (the TV goes round its pages)."""
        return self.number % self.count + 1

    def href(self, number: int) -> str:
        """The query string of page ``number``, the other lists' pages kept."""
        pages = dict(self.others) | {self.name: number}
        return "?" + urlencode({name: page for name, page in pages.items() if page > 1})

    @property
    def previous(self) -> str:
        """The previous page's link, or empty on the first."""
        return self.href(self.number - 1) if self.number > 1 else ""

    @property
    def next(self) -> str:
        """The next page's link, or empty on the last."""
        return self.href(self.number + 1) if self.number < self.count else ""


@dataclass(frozen=True, slots=True)
class CheckedTable:
    """A table the result checks name: its round, number and each side's names."""

    round: int
    number: int
    sides: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EventScreen:
    """The event page: rounds, the current round's tables, the standings, and the director's tools."""

    event: Event
    rounds: tuple[int, ...]  # the published rounds' numbers
    current: RoundView | None  # the last round, with the page of its tables shown
    tables_page: Page
    open_tables: int  # the last round's tables without a result
    standings: tuple[StandingRow, ...]  # the page shown
    standings_page: Page
    tiebreaks: tuple[str, ...]  # the columns' headings, in the event's order
    entries: int
    can_direct: bool
    mine: tuple[str, Place | None] = ("", None)  # where the visitor plays in the last round, and the table
    missing: tuple[CheckedTable, ...] = ()  # tables of rounds before the current one without a result
    changed: tuple[ChangeView, ...] = ()  # tables whose result changed after a later round was paired
    stale: tuple[int, ...] = ()  # rounds paired on standings that have changed since
    awaiting: tuple[TableView, ...] = ()  # for the director: the last round's tables awaiting confirmation

    @property
    def earlier(self) -> tuple[int, ...]:
        """The rounds before the last, the latest first (their tables are read on demand)."""
        return tuple(reversed(self.rounds[:-1]))

    @property
    def planned(self) -> int:
        """The rounds the event plans."""
        return self.event.rounds


def _names(event: Event) -> dict[int, str]:
    return {entry.player_id: shown_name(entry.player.name) for entry in entry_list(event=event)}


def _places_text(places: Sequence[int], names: Sequence[str]) -> str:
    if len(names) == 2:
        if places[0] == places[1]:
            return _("Draw")
        return _("%(name)s won") % {"name": names[list(places).index(0)]}
    order = sorted(range(len(names)), key=lambda side: places[side])
    return ", ".join(f"{places[side] + 1}. {names[side]}" for side in order)


def _counted_text(counted: Counted | None, names: Sequence[str]) -> str:
    """A counted result in words, with its game points when the match recorded any."""
    if counted is None:
        return _("no result")
    text = _places_text(counted["places"], names)
    scores = counted["scores"]
    return f"{text} ({'-'.join(map(str, scores))})" if any(scores) else text


def _change_view(change: ResultChange | None, names: Sequence[str]) -> ChangeView | None:
    if change is None:
        return None
    before, after = _counted_text(change.before, names), _counted_text(change.after, names)
    return ChangeView(
        round=change.round, table=change.table, paired=change.paired, before=before, after=after, at=change.at
    )


def _result(table: Table, names: Sequence[str]) -> ResultView | None:
    """The table's result as text, and who set it when the director did."""
    result = table_result(table)
    if result is None:
        return None
    text = _places_text(result.places, names)
    override = override_of(table)
    record = short_code(table.match.chain_head)
    if override is None:
        return ResultView(text=text, record=record)
    by = override.by.get_username() if override.by else _("a director")
    return ResultView(text=text, by=by, at=override.at, record=record)


def _sides(sides: Sequence[Sequence[int]], names: Mapping[int, str]) -> tuple[str, ...]:
    return tuple(" & ".join(names.get(player, "?") for player in side) for side in sides)


def _rematch_pairs(rematches: Iterable[Sequence[int]], names: Mapping[int, str]) -> tuple[str, ...]:
    return tuple(" vs ".join(names.get(player, "?") for player in pair) for pair in rematches)


def _table_view(
    table: Table | PlannedTable,
    names: Mapping[int, str],
    number: int,
    check: ResultsCheck | None = None,
) -> TableView:
    """A stored table (with its match, result, and what changed since a later round was paired on
    it, by ``check``) or a draft's (without)."""
    seats = tuple(names.get(player, "?") for player in table.players)
    sides = _sides(table.sides, names)
    stored = table if isinstance(table, Table) else None
    change = None if check is None or stored is None else check.change_of(number, table.number)
    return TableView(
        number=table.number,
        round=number,
        match_id=stored.match_id if stored else None,
        seats=seats,
        players=tuple(table.players),
        sides=sides,
        dealer=seats[table.dealer] if table.dealer < len(seats) else "",
        why=why(table.reasons, lambda player: names.get(player, "?")),
        rematch=any(reason["code"] == "rematch_unavoidable" for reason in table.reasons),
        result=_result(stored, sides) if stored else None,
        table=stored,
        changed=_change_view(change, sides),
        result_version=result_version(stored) if stored else 0,
    )


def _round_view(played: Round, names: Mapping[int, str], check: ResultsCheck | None = None) -> RoundView:
    return RoundView(
        number=played.number,
        tables=tuple(_table_view(table, names, played.number, check) for table in played.tables.all()),
        byes=tuple(names.get(bye.player_id, "?") for bye in played.byes.all()),
        stale=check is not None and played.number in check.stale,
    )


def pairing_view(event: Event, draft: PlannedRound) -> RoundView:
    """A draft of the next round (the pairing service's answer) as the preview shows it."""
    names = _names(event)
    number = draft.number
    return RoundView(
        number=number,
        tables=tuple(_table_view(table, names, number) for table in draft.tables),
        byes=tuple(names.get(player, "?") for player in draft.byes),
        rematches=_rematch_pairs(draft.rematches, names),
    )


def _value(value: float) -> str:
    """A tie-break value as the reader writes it: a whole number bare, else with one decimal ("4,5" in
    Serbian, "4.5" in English)."""
    return number_format(value, decimal_pos=0 if float(value).is_integer() else 1, use_l10n=True)


TABLES_PER_PAGE = 40
STANDINGS_PER_PAGE = 50
TV_STANDINGS = 20


@dataclass(frozen=True, slots=True)
class Pages:
    """The pages asked for (``None``: the first), and whether for the TV (the top of the standings
    only, and the tables' page the TV has gone round to)."""

    tables: int | None = None
    standings: int | None = None
    tv: bool = False


def _shown(summary: EventSummary) -> EventSummary:
    """The event's summary (cached in no language) with its names in the reader's script."""
    return replace(summary, names={player: shown_name(name) for player, name in summary.names.items()})


def _mine(summary: EventSummary, player: int | None) -> tuple[str, Place | None]:
    if player is None or summary.current is None:
        return "", None
    place = summary.places.get(player)
    if place is not None:
        return _seat_text(place.table, place.seat), place
    return (_("bye"), None) if player in summary.byes else ("", None)


def _standing_rows(
    summary: EventSummary, event: Event, page: Sequence[tuple[Any, ...]]
) -> tuple[StandingRow, ...]:
    names = summary.names
    rows = [summary.row(values) for values in page]
    return tuple(
        StandingRow(
            rank=row.rank,
            name=names.get(row.player, "?"),
            points=row.points,
            wins=row.wins,
            draws=row.draws,
            losses=row.losses,
            byes=row.byes,
            tiebreaks=tuple(_value(row.tiebreaks[name]) for name in event.tiebreaks),
            dropped=row.player in summary.dropped,
        )
        for row in rows
    )


def _checked(summary: EventSummary, keys: Iterable[tuple[int, int]]) -> tuple[CheckedTable, ...]:
    return tuple(
        CheckedTable(number, table, _sides(summary.sides.get((number, table), ()), summary.names))
        for number, table in keys
    )


def _changes(summary: EventSummary) -> tuple[ChangeView, ...]:
    views = (
        _change_view(change, _sides(summary.sides.get((change.round, change.table), ()), summary.names))
        for change in summary.check.changed
    )
    return tuple(view for view in views if view is not None)


def event_screen(
    event: Event,
    *,
    can_direct: bool,
    player: int | None = None,
    version: int | None = None,
    pages: Pages = Pages(),
    wait: bool = True,
) -> EventScreen:
    """The public page's (and the TV's) content at the event's ``version``: the last round's page of
    tables, a page of the standings, and the rounds before by number (docs/events.md, "How big an
    event's pages get")."""
    summary = _shown(event_summary(event=event, version=version, wait=wait))
    number = summary.current
    tables = Page.of("tables", pages.tables, summary.tables.get(number or 0, 0), TABLES_PER_PAGE)
    size = TV_STANDINGS if pages.tv else STANDINGS_PER_PAGE
    ranked = Page.of("standings", None if pages.tv else pages.standings, len(summary.rows), size)
    tables = replace(tables, others=(("standings", ranked.number),))
    ranked = replace(ranked, others=(("tables", tables.number),))
    current = None
    if number is not None:
        shown = round_tables(
            event=event, number=number, first=tables.start + 1, last=tables.start + tables.size
        )
        current = RoundView(
            number=number,
            tables=tuple(_table_view(table, summary.names, number, summary.check) for table in shown),
            byes=tuple(summary.names.get(bye, "?") for bye in sorted(summary.byes)),
            stale=number in summary.check.stale,
        )
    missing = [key for key in summary.check.missing if key[0] != number]
    awaiting: tuple[TableView, ...] = ()
    if can_direct and event.confirm_results and number is not None:
        every = round_tables(event=event, number=number, first=1, last=summary.tables.get(number, 0))
        awaiting = tuple(
            _table_view(table, summary.names, number, summary.check)
            for table in every
            if awaiting_confirmation(table)
        )
    return EventScreen(
        event=event,
        rounds=summary.rounds,
        current=current,
        tables_page=tables,
        open_tables=summary.open_tables.get(number or 0, 0),
        standings=_standing_rows(summary, event, summary.rows[ranked.start : ranked.start + ranked.size]),
        standings_page=ranked,
        tiebreaks=tuple(str(TIEBREAK_LABELS.get(name, name)) for name in event.tiebreaks),
        entries=len(summary.names),
        can_direct=can_direct,
        mine=_mine(summary, player),
        missing=_checked(summary, missing),
        changed=_changes(summary),
        stale=tuple(sorted(summary.check.stale)),
        awaiting=awaiting,
    )


def round_screen(event: Event, number: int) -> RoundView | None:
    """Every table of round ``number`` and its names list, as the page opens it on demand (``None``:
    no such round)."""
    played = round_find(event=event, number=number)
    if played is None:
        return None
    summary = _shown(event_summary(event=event))
    return _round_view(played, summary.names, summary.check)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChecksView:
    """What the pairing page warns of: the tables without a result, the results changed after a
    later round was paired on them, the rounds paired on standings that have changed since."""

    missing: tuple[TableView, ...]
    changed: tuple[ChangeView, ...]
    stale: tuple[int, ...]


def results_view(event: Event) -> ChecksView:
    """The event's result checks, every round's tables included, as the pairing page shows them."""
    played_rounds = list(round_list(event=event))
    check = results_check(event=event, rounds=played_rounds)
    names = _names(event)
    tables = [
        _table_view(table, names, played.number, check)
        for played in played_rounds
        for table in played.tables.all()
    ]
    return ChecksView(
        missing=tuple(table for table in tables if (table.round, table.number) in check.missing),
        changed=tuple(table.changed for table in tables if table.changed),
        stale=tuple(sorted(check.stale)),
    )


def table_of(event: Event, number: int, table: int) -> TableView | None:
    """Table ``table`` of round ``number``, as the result form shows it."""
    played = round_find(event=event, number=number)
    if played is None:
        return None
    found = next((each for each in played.tables.all() if each.number == table), None)
    if found is None:
        return None
    return _table_view(found, _names(event), number, results_check(event=event))


class ResultArgs(TypedDict, total=False):
    """What ``table_result_set`` takes besides the table and the director."""

    winner: int | None
    places: list[int]


@dataclass(frozen=True, slots=True)
class ResultChoices:
    """The results a director may set for two sides, by the form's value: the service's arguments
    (none for a pod, whose sides are each given a place)."""

    labels: tuple[tuple[str, str], ...]
    values: dict[str, ResultArgs]


def result_choices(table: TableView) -> ResultChoices:
    """Two sides: either wins, or a draw."""
    if len(table.sides) != 2:
        return ResultChoices((), {})
    won = _("%(name)s won")
    labels = [(f"win-{index}", won % {"name": names}) for index, names in enumerate(table.sides)]
    values: dict[str, ResultArgs] = {f"win-{index}": {"winner": index} for index in range(2)}
    labels.append(("draw", _("Draw")))
    values["draw"] = {"winner": None}
    return ResultChoices(tuple(labels), values)


def result_chosen(table: TableView, choices: ResultChoices, data: Mapping[str, str]) -> ResultArgs | None:
    """The service's arguments for the result sent (``None``: none, or places not each given once)."""
    if choices.values:
        return choices.values.get(data.get("result", ""))
    count = len(table.sides)
    given = [data.get(f"place_{side}", "") for side in range(count)]
    if sorted(given) != [str(place) for place in range(1, count + 1)]:
        return None
    return {"places": sorted(range(count), key=lambda side: int(given[side]))}


SHEETS_PER_PAGE = 6


@dataclass(frozen=True, slots=True)
class Sheet:
    """A printed table sheet: the table, the full address of its match (its QR code) and the table's
    code for guests, where tables have one (empty otherwise)."""

    table: TableView
    url: str
    code: str = ""

    @property
    def teams(self) -> bool:
        """Whether a side has several players: then the seats are listed, and the lines are by side
        (else one line per seat, each its own side)."""
        return len(self.table.seats) != len(self.table.sides)


@dataclass(frozen=True, slots=True)
class Sheets:
    """A round's printout: who sits where (by name, the project's collation), then its tables'
    sheets, :data:`SHEETS_PER_PAGE` to a page."""

    names: list[tuple[str, str]]
    pages: list[list[Sheet]]


def print_sheets(event: Event, number: int, absolute: Callable[[str], str]) -> Sheets | None:
    """Round ``number``'s sheets (``None``: no such round); ``absolute`` makes a path a full address
    (on ``PUBLIC_URL``, scorekeeper/public.py)."""
    played = round_find(event=event, number=number)
    if played is None:
        return None
    view = _round_view(played, _names(event))
    sheets = [
        Sheet(
            table,
            absolute(reverse("match", args=[table.match_id])),
            str(getattr(table.table, "code", "") or ""),
        )
        for table in view.tables
    ]
    pages = [sheets[at : at + SHEETS_PER_PAGE] for at in range(0, len(sheets), SHEETS_PER_PAGE)]
    return Sheets(view.by_name, pages)
