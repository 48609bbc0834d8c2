"""What the event pages show, read through the event selectors: entries, each round's tables by number
and by name (with why each was paired), results with who set them, and the standings with each
tie-break's value. Nothing here pairs or scores: the pairing core and the standings do."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypedDict

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import gettext as _

from games.chain import short_code
from games.collation import by_name
from games.events.exports import TIEBREAK_LABELS
from games.events.models import Entry, Event, Round, Table
from games.events.reasons import why
from games.events.result_checks import Counted, ResultChange, ResultsCheck, results_check
from games.events.selectors import (
    entered_player_ids,
    entry_list,
    event_standings,
    override_of,
    result_version,
    round_find,
    round_list,
    table_result,
)
from games.events.services import PlannedRound, PlannedTable
from games.models import Player
from games.services.seating import SeatKind, seating_known
from scorekeeper.digits import whole_number


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryRow:
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
            name=entry.player.name,
            checked_in=entry.checked_in_at is not None,
            dropped=entry.dropped_round is not None,
            joined_round=entry.joined_round,
        )
        for entry in entries
    ]
    return by_name(sorted(rows, key=lambda row: row.entry.pk), lambda row: row.name)


@dataclass(frozen=True, slots=True)
class ApartPair:
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
        choices.append(MemberChoice(player.pk, player.name))
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


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundView:
    number: int
    tables: tuple[TableView, ...]
    byes: tuple[str, ...]
    rematches: tuple[str, ...] = ()
    bye_ids: tuple[int, ...] = ()
    stale: bool = False  # paired on standings that have changed since

    @property
    def by_name(self) -> list[tuple[str, str]]:
        """(name, where), alphabetically: each player's table and seat, or their bye."""
        where = [
            (name, _("table %(table)s, seat %(seat)s") % {"table": table.number, "seat": seat + 1})
            for table in self.tables
            for seat, name in enumerate(table.seats)
        ]
        where += [(name, _("bye")) for name in self.byes]
        return by_name(where, lambda item: item[0])

    def where(self, player: int) -> tuple[str, TableView | None]:
        """Where ``player`` plays this round (as :attr:`by_name` says it) and at which table, or
        ``("", None)`` when they are not in it."""
        for table in self.tables:
            if player in table.players:
                seat = table.players.index(player) + 1
                return _("table %(table)s, seat %(seat)s") % {"table": table.number, "seat": seat}, table
        return (_("bye"), None) if player in self.bye_ids else ("", None)

    @property
    def open_tables(self) -> int:
        return sum(table.result is None for table in self.tables)


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow:
    rank: int
    name: str
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    tiebreaks: tuple[str, ...]
    dropped: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class EventScreen:
    event: Event
    rounds: tuple[RoundView, ...]
    standings: tuple[StandingRow, ...]
    tiebreaks: tuple[str, ...]  # the columns' headings, in the event's order
    entries: int
    can_direct: bool
    player: int | None = None  # the visitor's own player, if they have one
    missing: tuple[TableView, ...] = ()  # tables of rounds before the current one without a result

    @property
    def changed(self) -> tuple[ChangeView, ...]:
        """Every table whose result changed after a later round was paired on it."""
        return tuple(table.changed for played in self.rounds for table in played.tables if table.changed)

    @property
    def stale(self) -> tuple[int, ...]:
        """The rounds paired on standings that have changed since."""
        return tuple(played.number for played in self.rounds if played.stale)

    @property
    def mine(self) -> tuple[str, TableView | None]:
        """Where the visitor plays in the current round (see :meth:`RoundView.where`)."""
        if self.current is None or self.player is None:
            return "", None
        return self.current.where(self.player)

    @property
    def current(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def planned(self) -> int:
        return self.event.rounds


def _names(event: Event) -> dict[int, str]:
    return {entry.player_id: entry.player.name for entry in entry_list(event=event)}


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
        bye_ids=tuple(bye.player_id for bye in played.byes.all()),
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
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def event_screen(event: Event, *, can_direct: bool, player: int | None = None) -> EventScreen:
    """The public page's (and the TV's) content: every round, the last one first in the pairings."""
    entries = list(entry_list(event=event))
    names = {entry.player_id: entry.player.name for entry in entries}
    dropped = {entry.player_id for entry in entries if entry.dropped_round is not None}
    played_rounds = list(round_list(event=event))
    check = results_check(event=event, rounds=played_rounds)
    rounds = tuple(_round_view(played, names, check) for played in played_rounds)
    missing = tuple(
        table
        for played in rounds[:-1]
        for table in played.tables
        if (played.number, table.number) in check.missing
    )
    rows = tuple(
        StandingRow(
            rank=row.rank,
            name=names.get(row.player, "?"),
            points=row.points,
            wins=row.wins,
            draws=row.draws,
            losses=row.losses,
            byes=row.byes,
            tiebreaks=tuple(_value(row.tiebreaks[name]) for name in event.tiebreaks),
            dropped=row.player in dropped,
        )
        for row in event_standings(event=event)
    )
    headings = tuple(str(TIEBREAK_LABELS.get(name, name)) for name in event.tiebreaks)
    return EventScreen(
        event=event,
        rounds=rounds,
        standings=rows,
        tiebreaks=headings,
        entries=len(names),
        can_direct=can_direct,
        player=player,
        missing=missing,
    )


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


@dataclass(frozen=True, slots=True)
class Sheet:
    """A printed table sheet: the table and the full address of its match (its QR code)."""

    table: TableView
    url: str


def print_sheets(event: Event, number: int, absolute: Callable[[str], str]) -> list[Sheet] | None:
    """Round ``number``'s sheets, one per table (``None``: no such round); ``absolute`` makes a path
    a full address, as the request came."""
    played = round_find(event=event, number=number)
    if played is None:
        return None
    view = _round_view(played, _names(event))
    return [Sheet(table, absolute(reverse("match", args=[table.match_id]))) for table in view.tables]
