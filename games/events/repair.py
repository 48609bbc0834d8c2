"""The director's repairs of a published round (docs/events.md, "Repairing a round"): withdraw the last
round while none of its tables has started, swap two players of its unstarted tables (or a table's
player and a bye), pair its unstarted tables again on the standings as they are now, and bring a
dropped player back from the next round.

Each is one transaction that locks the event row first (as pairing does), refuses while a task pairs
the event, is recorded in the audit log with who and when, and bumps the event's version. A table has
*started* once its match has a hand or a director's result was set for it
(:func:`games.events.selectors.tables_started`): no repair changes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Sum

from games.audit.services import audit_record
from games.events.errors import (
    EntryNotDropped,
    EventFinished,
    RoundCannotRepair,
    RoundFixedSchedule,
    RoundNothingToRepair,
    RoundNotLast,
    RoundRepairTooLarge,
    RoundStarted,
    SwapNoChange,
    SwapNotInRound,
)
from games.events.jobs import pairs_inline
from games.events.models import Bye, Entry, Event, Round, Table
from games.events.pairing import PairingInputError
from games.events.selectors import entry_names, event_history, round_last_number, tables_started
from games.events.services import (
    NextRound,
    _all_results,
    _counted_record,
    _entry,
    _entry_state,
    _record_entry,
    _started,
    event_locked,
    pairing_free,
    round_entrants,
    round_plan,
    table_sizes,
    table_start,
)
from games.matches.services.versions import event_version_bump, match_version_bump
from games.models import Match, Seat
from games.rules.registry import find_game

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Withdrawn:
    """A withdrawn round: its number, the matches deleted with it, the entries whose rounds moved."""

    number: int
    matches: tuple[int, ...]
    entries: tuple[int, ...]  # players entered or dropped while the round was out


@dataclass(frozen=True, slots=True)
class Repaired:
    """A round after a swap or a re-pairing: its number, the tables kept as they were, and the pairs
    that meet (or partner) again because of the repair."""

    number: int
    kept: tuple[int, ...]
    new_rematches: tuple[Pair, ...]


def _last_round(event: Event, number: int) -> Round:
    """Round ``number`` of the locked event, if it is the last one.

    Raises:
        Round.DoesNotExist: no such round. RoundNotLast: a later round was paired.
    """
    played = Round.objects.get(event=event, number=number)
    last = round_last_number(event=event)
    if number != last:
        raise RoundNotLast(number=number, last=last)
    return played


def _started_now(tables: Sequence[Table]) -> list[int]:
    """The started tables among ``tables`` (:func:`~games.events.selectors.tables_started`), their
    matches locked first: a hand being started on one (under its match's lock) is either seen here or
    waits for the repair, and then finds its match changed or gone."""
    list(Match.objects.select_for_update().filter(pk__in=[table.match_id for table in tables]).order_by("pk"))
    return tables_started(tables=tables)


def _refuse_started(number: int, started: Sequence[int]) -> None:
    if started:
        raise RoundStarted(number=number, table=started[0], tables=list(started))


def _seating(tables: Iterable[Table], byes: Iterable[int]) -> dict[str, object]:
    """The tables and byes as the audit entries keep them."""
    return {
        "tables": [
            {"table": table.number, "players": list(table.players), "match": table.match_id}
            for table in tables
        ],
        "byes": sorted(byes),
    }


@transaction.atomic
def round_withdraw(*, event: Event, number: int, by: User) -> Withdrawn:
    """Withdraw the event's last round while none of its tables has started: its tables, byes and
    matches go, and the standings it was paired on are as if it never was. An entry made while the
    round was out plays from it once it is paired again; a drop made meanwhile leaves it out of it.

    Raises:
        Round.DoesNotExist, RoundNotLast, RoundStarted: see above.
        PairingRunning: a task is pairing the event.
        PermissionDenied: ``by`` does not direct the event.
    """
    event = event_locked(event, by)
    pairing_free(event)
    played = _last_round(event, number)
    tables = list(played.tables.order_by("number"))
    _refuse_started(number, _started_now(tables))
    matches = tuple(table.match_id for table in tables)
    moved = _entries_back(event, number)
    before = {
        "number": number,
        "seed": played.seed,
        **_seating(tables, played.byes.values_list("player_id", flat=True)),
    }
    audit_record(
        by=by,
        action="round.withdrawn",
        object=played,
        before=before,
        after={"entries_moved": list(moved)},
        club=event.club,
    )
    played.delete()  # its tables and byes
    _matches_delete(event, matches)
    _counted_forget(event, number)
    return Withdrawn(number, matches, moved)


def _matches_delete(event: Event, matches: Sequence[int]) -> None:
    """Delete the matches of deleted tables, and bump the event's version past them: the version the
    phones poll adds its tables' match versions (:func:`games.events.selectors.event_version`), so it
    must not fall back to a number a phone has seen."""
    rows = Match.objects.filter(pk__in=matches)
    gone = rows.aggregate(total=Sum("screen_version"))["total"] or 0
    rows.delete()
    event_version_bump(event=event, past=gone)


def _entries_back(event: Event, number: int) -> tuple[int, ...]:
    """Entries made (or dropped) while round ``number`` was out count from it again; their players."""
    joined = Entry.objects.filter(event=event, joined_round=number + 1)
    dropped = Entry.objects.filter(event=event, dropped_round=number + 1)
    moved = set(joined.values_list("player_id", flat=True)) | set(dropped.values_list("player_id", flat=True))
    joined.update(joined_round=number)
    dropped.update(dropped_round=number)
    return tuple(sorted(moved))


def _counted_forget(event: Event, number: int) -> None:
    """What earlier tables counted when round ``number`` (withdrawn) was paired is no longer a basis."""
    changed = []
    for table in Table.objects.filter(round__event=event).exclude(counted=[]):
        kept = [entry for entry in table.counted if entry[0] < number]
        if kept != table.counted:
            table.counted = kept
            changed.append(table)
    Table.objects.bulk_update(changed, ["counted"], batch_size=500)


def _met_before(event: Event, number: int, teams: bool) -> set[frozenset[int]]:
    """The pairs that shared a table (partners: a side) in the rounds before ``number``."""
    met: set[frozenset[int]] = set()
    for table in Table.objects.filter(round__event=event, round__number__lt=number).only("players", "sides"):
        groups = table.sides if teams else [table.players]
        met.update(frozenset(pair) for group in groups for pair in combinations(group, 2))
    return met


def _rematches_at(table: Table, met: set[frozenset[int]], teams: bool) -> list[Pair]:
    groups = table.sides if teams else [table.players]
    return [(a, b) for group in groups for a, b in combinations(group, 2) if frozenset((a, b)) in met]


@transaction.atomic
def round_swap(*, event: Event, number: int, players: Sequence[int], by: User) -> Repaired:
    """Swap two players of the event's last round: each takes the other's seat (and side), at tables
    that have not started, or one takes the other's bye. The tables keep their matches, with the seats
    changed. A swap that makes a rematch is done, and the rematch named (``new_rematches``).

    Raises:
        Round.DoesNotExist, RoundNotLast, RoundStarted: as :func:`round_withdraw`.
        SwapNotInRound: a player without a table or bye in the round.
        SwapNoChange: the same player twice, two byes, or two players of one side.
        PairingRunning, PermissionDenied: as :func:`round_withdraw`.
    """
    event = event_locked(event, by)
    pairing_free(event)
    played = _last_round(event, number)
    first, second = players
    names = entry_names(event=event)
    tables = list(played.tables.select_related("match").order_by("number"))
    byes = set(played.byes.values_list("player_id", flat=True))
    at = {player: _place_of(player, tables, byes, names, number) for player in (first, second)}
    teams = event.format == Event.Format.PARTNERS
    if first == second or _no_change(at[first], at[second], first, second, teams):
        raise SwapNoChange(first=names.get(first, str(first)), second=names.get(second, str(second)))
    changed = list({table.pk: table for table in at.values() if table is not None}.values())
    _refuse_started(number, _started_now(changed))
    met = _met_before(event, number, teams)
    old_rematches = {frozenset(pair) for table in changed for pair in _rematches_at(table, met, teams)}
    before = _seating(changed, byes & {first, second})
    swapped = {first: second, second: first}
    for table in changed:
        table.players = [swapped.get(player, player) for player in table.players]
        table.sides = [[swapped.get(player, player) for player in side] for side in table.sides]
    _seats_swap(changed, swapped)
    on_bye = sorted(player for player, place in at.items() if place is None)
    for player in on_bye:
        Bye.objects.filter(round=played, player_id=player).update(player_id=swapped[player])
    new = [pair for table in changed for pair in _rematches_at(table, met, teams)]
    for table in changed:  # the swap is why; a rematch it made is the director's, one kept is not
        table.reasons = [
            {"code": "director_swap", "players": [first, second]},
            *(
                {
                    "code": "rematch_unavoidable" if frozenset(pair) in old_rematches else "director_rematch",
                    "players": list(pair),
                }
                for pair in _rematches_at(table, met, teams)
            ),
        ]
    Table.objects.bulk_update(changed, ["players", "sides", "reasons"])
    added = tuple(pair for pair in new if frozenset(pair) not in old_rematches)
    _round_rematches(played, old_rematches, new)
    _bye_reasons_swap(played, on_bye, swapped)
    for table in changed:
        match_version_bump(match=table.match)
    after = _seating(changed, [swapped[player] for player in on_bye])
    audit_record(
        by=by,
        action="round.players_swapped",
        object=played,
        before=before,
        after={**after, "rematches": [list(pair) for pair in added]},
        club=event.club,
    )
    event_version_bump(event=event)
    kept = tuple(table.number for table in tables if table.pk not in {each.pk for each in changed})
    return Repaired(number, kept, added)


def _place_of(
    player: int, tables: Sequence[Table], byes: set[int], names: Mapping[int, str], number: int
) -> Table | None:
    """The table ``player`` sits at (``None``: a bye).

    Raises:
        SwapNotInRound: neither.
    """
    for table in tables:
        if player in table.players:
            return table
    if player in byes:
        return None
    raise SwapNotInRound(player=names.get(player, str(player)), number=number)


def _no_change(one: Table | None, other: Table | None, first: int, second: int, teams: bool) -> bool:
    """Two byes, or one table where the swap changes no side that matters: any two players of a
    table of singles (they keep their opponents), two partners of one side."""
    if one is None or other is None:
        return one is other
    if one.pk != other.pk:
        return False
    return not teams or any(first in side and second in side for side in one.sides)


def _seats_swap(tables: Sequence[Table], swapped: Mapping[int, int]) -> None:
    """The matches' seats of the swapped players, each given to the other (seat and side kept)."""
    seats = list(Seat.objects.filter(match__in=[table.match_id for table in tables], player_id__in=swapped))
    Seat.objects.filter(pk__in=[seat.pk for seat in seats]).delete()  # one match may hold both
    Seat.objects.bulk_create(
        Seat(
            match_id=seat.match_id,
            side_id=seat.side_id,
            number=seat.number,
            player_id=swapped[seat.player_id],
        )
        for seat in seats
    )


def _round_rematches(played: Round, gone: set[frozenset[int]], new: Iterable[Pair]) -> None:
    """The round's rematches without those of the tables changed (``gone``), with their ``new`` ones."""
    kept = [pair for pair in played.rematches if frozenset(pair) not in gone]
    played.rematches = kept + [list(pair) for pair in new if list(pair) not in kept]
    played.save(update_fields=["rematches"])


def _bye_reasons_swap(played: Round, on_bye: Sequence[int], swapped: Mapping[int, int]) -> None:
    """A bye given by the swap: the reasons of the player who had it go, the swap is the reason."""
    if not on_bye:
        return
    gone = set(on_bye)
    reasons = [reason for reason in played.bye_reasons if not gone & set(reason.get("players", []))]
    given = [swapped[player] for player in on_bye]
    played.bye_reasons = [*reasons, {"code": "director_swap", "players": [*on_bye, *given]}]
    played.save(update_fields=["bye_reasons"])


@transaction.atomic
def round_repair(*, event: Event, number: int, by: User) -> Repaired:
    """Pair the unstarted tables of the event's last round again, with its byes, on the standings of
    the rounds before it as they are now: the started tables stay as they are (their numbers too),
    the new tables take the freed numbers (then the next ones), and each gets a new match. The round
    then counts as paired on the current standings (not stale), though its kept tables were not.

    Raises:
        Round.DoesNotExist, RoundNotLast: as :func:`round_withdraw`.
        RoundFixedSchedule: a round robin (its rounds follow the Berger table).
        RoundNothingToRepair: every table of the round has started.
        RoundOpen: a table of an earlier round has no result.
        RoundRepairTooLarge: more players than a request pairs (withdraw and pair the round instead).
        RoundCannotRepair: the pairing seats none of them.
        PairingRunning, PermissionDenied: as :func:`round_withdraw`.
    """
    event = event_locked(event, by)
    pairing_free(event)
    if event.format == Event.Format.ROUND_ROBIN:
        raise RoundFixedSchedule(number=number)
    played = _last_round(event, number)
    tables = list(played.tables.order_by("number"))
    started = set(_started_now(tables))
    loose = [table for table in tables if table.number not in started]
    if not loose:
        raise RoundNothingToRepair(number=number)
    sizes = table_sizes(find_game(event.game), event.format)
    history = event_history(event, max(sizes), before=number)
    _all_results(history)
    byes = list(played.byes.values_list("player_id", flat=True))
    ids = {player for table in loose for player in table.players} | set(byes)
    entries = tuple(event.entries.select_related("player").order_by("pk"))
    active = tuple(entry for entry in entries if entry.player_id in ids)
    if not pairs_inline(event, len(active)):
        raise RoundRepairTooLarge(players=len(active), number=number)
    upcoming = NextRound(number, event.rounds, entries, active, history, sizes, played.seed)
    cannot = RoundCannotRepair(players=len(active), number=number, sizes=" or ".join(map(str, sorted(sizes))))
    try:
        planned = round_plan(event, upcoming, round_entrants(event, upcoming))
    except PairingInputError:
        raise cannot from None
    if not planned.tables:
        raise cannot
    before = _seating(tables, byes)
    Table.objects.filter(pk__in=[table.pk for table in loose]).delete()
    _matches_delete(event, [table.match_id for table in loose])
    Bye.objects.filter(round=played).delete()
    freed = sorted(table.number for table in loose)
    after = max(table.number for table in tables)
    numbers = freed + list(range(after + 1, after + 1 + len(planned.tables)))
    players = {entry.player_id: entry.player for entry in entries}
    for table, table_number in zip(planned.tables, numbers, strict=False):
        table_start(
            event=event,
            by=by,
            played=played,
            number=table_number,
            seated=[players[player] for player in table.players],
            table=table,
        )
    Bye.objects.bulk_create(Bye(round=played, player_id=player) for player in planned.byes)
    kept_players = {player for table in tables if table.number in started for player in table.players}
    gone = {frozenset(pair) for pair in played.rematches if not set(pair) <= kept_players}
    _round_rematches(played, gone, planned.rematches)
    played.bye_reasons = list(planned.bye_reasons)
    played.exact = played.exact and planned.exact
    played.save(update_fields=["bye_reasons", "exact"])
    _counted_record(event, number)
    audit_record(
        by=by,
        action="round.repaired",
        object=played,
        before=before,
        after={**_seating(played.tables.order_by("number"), planned.byes), "kept": sorted(started)},
        club=event.club,
    )
    return Repaired(number, tuple(sorted(started)), tuple(planned.rematches))


@transaction.atomic
def entry_return(*, event: Event, player_id: int, by: User) -> Entry:
    """Bring a dropped player back: paired again from the next round on (the rounds missed score
    nothing, as a late entry's).

    Raises:
        Entry.DoesNotExist: not entered. EntryNotDropped: not dropped.
        EventFinished: every planned round has been paired.
        PairingRunning, PermissionDenied: as :func:`round_withdraw`.
    """
    event = event_locked(event, by)
    pairing_free(event)
    entry = _entry(event, player_id)
    if entry.dropped_round is None:
        raise EntryNotDropped(player=entry.player.name)
    if event.rounds and _started(event) >= event.rounds:
        raise EventFinished(rounds=event.rounds)
    before = _entry_state(entry)
    entry.dropped_round = None
    entry.save(update_fields=["dropped_round"])
    _record_entry(event, by, "entry.returned", entry, before)
    event_version_bump(event=event)
    return entry
