"""What an event's pages and the standings API show of the whole event, computed once per version of the
event (:func:`games.events.selectors.event_version`) and kept in the cache: the standings with each
entry's name, the result checks, each round's tables without a result, and where each player sits in
the last round. A page then reads only the tables it shows, so it does not grow with the event
(docs/events.md, "How big an event's pages get").

The version changes with everything summed up here but a player's new name, so the summary is also
dropped after :data:`SUMMARY_SECONDS`. While one request computes a version's summary, a poll asking for
it is told so (:class:`SummaryBusy`) and answers "nothing new" rather than compute it again alongside.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from django.core.cache import cache

from games.events.models import Event
from games.events.result_checks import ResultsCheck, results_check
from games.events.selectors import entry_list, event_history, event_standings, event_version, round_list
from games.events.standings import Row

SUMMARY_SECONDS = 600
COMPUTING_SECONDS = 30  # the longest a summary may take before another request computes it too


class SummaryBusy(Exception):
    """Another request is computing this version's summary."""


class Place(NamedTuple):
    """Where a player sits in a round: the table, the seat (from 1) and the table's match."""

    table: int
    seat: int
    match: int


ROW_FIELDS = tuple(each.name for each in fields(Row))


@dataclass(frozen=True, slots=True)
class EventSummary:
    """An event's summary at one version: its rounds, tables, open tables and standings rows."""

    version: int
    rounds: tuple[int, ...]  # the published rounds' numbers, in order
    tables: dict[int, int]  # round -> how many tables
    open_tables: dict[int, int]  # round -> tables without a result
    rows: tuple[
        tuple[Any, ...], ...
    ]  # the standings, best first, each Row's fields in order (quick to unpickle)
    names: dict[int, str]  # player id -> name, of every entry
    dropped: frozenset[int]
    check: ResultsCheck
    sides: dict[
        tuple[int, int], tuple[tuple[int, ...], ...]
    ]  # (round, table) -> sides, of the checked tables
    places: dict[int, Place]  # the last round's players
    byes: frozenset[int]  # the last round's

    @property
    def current(self) -> int | None:
        """The last published round's number, if any."""
        return self.rounds[-1] if self.rounds else None

    @staticmethod
    def row(values: tuple[Any, ...]) -> Row:
        """A standings row of :attr:`rows` as the standings made it."""
        return Row(*values)


def _key(event: Event, version: int) -> str:
    return f"event-summary:{event.pk}:{event.created_at.timestamp()}:{version}"


def event_summary(*, event: Event, version: int | None = None, wait: bool = True) -> EventSummary:
    """The event's summary at ``version`` (its current one when not given), from the cache or read.

    Raises:
        SummaryBusy: not ``wait``, and another request is computing it.
    """
    version = (event_version(event.pk) or 0) if version is None else version
    key = _key(event, version)
    found = cache.get(key)
    if isinstance(found, EventSummary):
        return found
    computing = f"{key}:computing"
    if not cache.add(computing, 1, COMPUTING_SECONDS) and not wait:
        raise SummaryBusy
    try:
        found = _summary(event, version)
        cache.set(key, found, SUMMARY_SECONDS)
    finally:
        cache.delete(computing)
    return found


def _summary(event: Event, version: int) -> EventSummary:
    entries = list(entry_list(event=event))
    played = list(round_list(event=event))
    history = event_history(event, 2, played)
    check = results_check(event=event, rounds=played)
    checked = set(check.missing) | {(change.round, change.table) for change in check.changed}
    sides: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
    places: dict[int, Place] = {}
    for each in played:
        for table in each.tables.all():
            if (each.number, table.number) in checked:
                sides[each.number, table.number] = tuple(tuple(side) for side in table.sides)
            if each is played[-1]:
                for seat, player in enumerate(table.players, start=1):
                    places[player] = Place(table.number, seat, table.match_id)
    return EventSummary(
        version=version,
        rounds=tuple(each.number for each in played),
        tables={each.number: len(each.tables.all()) for each in played},
        open_tables=history.open_tables,
        rows=tuple(
            tuple(getattr(row, name) for name in ROW_FIELDS)
            for row in event_standings(event=event, history=history)
        ),
        names={entry.player_id: entry.player.name for entry in entries},
        dropped=frozenset(entry.player_id for entry in entries if entry.dropped_round is not None),
        check=check,
        sides=sides,
        places=places,
        byes=frozenset(bye.player_id for bye in played[-1].byes.all()) if played else frozenset(),
    )
