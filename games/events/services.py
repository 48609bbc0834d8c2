"""Writes for club events: create, entries (members, guests, walk-ins), check-in, drops, pairing and
publishing rounds (one ordinary match per table), and the director's results.

Every write runs in one transaction that locks the event row first, so two directors pairing at once
pair one round, and bumps the event's ``version`` for the phones that poll it. The club's admins
direct; the API answers everyone else before a service is called, and the services check again.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.audit.services import audit_record
from games.errors import GuestNotYours, SeasonOfOtherClub, SeatNeedsInvitation
from games.events.errors import (
    AlreadyDropped,
    AlreadyEntered,
    EntriesClosed,
    EventFinished,
    FormatNotPlayable,
    KeepApartInvalid,
    PairingLost,
    PairingRunning,
    ResultInvalid,
    ResultNoOverride,
    ResultOutOfSync,
    RoundOpen,
    TiebreakUnknown,
    TooFewEntries,
    TooManyEntries,
)
from games.events.models import (
    Bye,
    Entry,
    Event,
    PairingJob,
    ResultOverride,
    Round,
    Table,
    default_points,
)
from games.events.pairing import (
    Entrant,
    Pairing,
    Reason,
    berger_round,
    pair_round,
    round_robin_rounds,
)
from games.events.result_checks import counted_now, winner_of
from games.events.selectors import (
    History,
    event_history,
    event_standings,
    override_of,
    result_version,
    round_list,
)
from games.events.standings import TIEBREAKS
from games.events.table_codes import table_code_new
from games.matches.convert import jsonable
from games.matches.services.matches import match_start
from games.matches.services.versions import event_version_bump
from games.models import Club, Match, Membership, Player, Season
from games.people.selectors.players import player_seatable_by
from games.people.services.names import clean_name
from games.people.services.players import player_create
from games.rules.errors import CodedError
from games.rules.game import Game, resolve_options, sides_of
from games.rules.registry import find_game

SEED_BITS = 31
NEEDS: dict[str, str] = {Event.Format.PODS: "3 or 4", Event.Format.PARTNERS: "4 in teams"}


def table_sizes(rules: Game, fmt: str) -> frozenset[int]:
    """How many players sit at a table of the format, for this game (empty: it cannot be played)."""
    if fmt == Event.Format.PODS:
        return frozenset(size for size in (3, 4) if size in rules.players)
    if fmt == Event.Format.PARTNERS:
        return frozenset({4}) if 4 in rules.team_players else frozenset()
    return frozenset({2}) if 2 in rules.players else frozenset()


def _director(event_club: Club, by: User) -> None:
    if not Membership.objects.filter(club=event_club, user=by, role=Membership.Role.ADMIN).exists():
        raise PermissionDenied("Only the club's admins direct its events.")


def _locked(event: Event, by: User) -> Event:
    event = Event.objects.select_for_update().get(pk=event.pk)
    _director(event.club, by)
    return event


def event_locked(event: Event, by: User) -> Event:
    """The event's row, locked until the caller's transaction ends, if ``by`` directs it.

    Raises:
        PermissionDenied: ``by`` is not an admin of the event's club.
    """
    return _locked(event, by)


@transaction.atomic
def event_create(
    *,
    club: Club,
    by: User,
    name: str,
    game: str,
    format: str = Event.Format.SWISS,
    rounds: int = 1,
    options: Mapping[str, object] | None = None,
    season: Season | None = None,
    points: Mapping[str, object] | None = None,
    tiebreaks: Sequence[str] | None = None,
    seed: int | None = None,
    confirm_results: bool = False,
) -> Event:
    """An event of ``club`` directed by its admins. ``rounds`` is ignored for ``round_robin`` (it is
    set by the entries when the first round is paired); ``confirm_results``: a table's result counts
    once a second person at the table confirms it (games/events/confirmations.py).

    Raises:
        UnknownGame, UnknownOption, BadOptionValue: from the engine.
        FormatNotPlayable: the game has no tables of the format's size.
        TiebreakUnknown, SeasonOfOtherClub: bad input.
        NameInvalid: see :func:`games.people.services.names.clean_name`.
        PermissionDenied: ``by`` is not an admin of ``club``.
    """
    _director(club, by)
    rules = find_game(game)
    resolved = resolve_options(rules, options)
    if not table_sizes(rules, format):
        needs = NEEDS.get(format, "2")
        raise FormatNotPlayable(game=rules.name, format=format, needs=needs)
    chosen = list(tiebreaks) if tiebreaks is not None else None
    for tiebreak in chosen or ():
        if tiebreak not in TIEBREAKS:
            raise TiebreakUnknown(name=tiebreak, known=", ".join(TIEBREAKS))
    if season is not None and season.club_id != club.pk:
        raise SeasonOfOtherClub(season=season.name)
    event = Event.objects.create(
        club=club,
        season=season,
        name=clean_name(name, max_length=Event._meta.get_field("name").max_length or 0),
        game=rules.name,
        options=resolved,
        format=format,
        rounds=0 if format == Event.Format.ROUND_ROBIN else rounds,
        points={**default_points(), **(points or {})},
        created_by=by,
        seed=secrets.randbits(SEED_BITS) if seed is None else seed,
        confirm_results=confirm_results,
        **({"tiebreaks": chosen} if chosen is not None else {}),
    )
    audit_record(by=by, action="event.created", object=event, after=event_settings(event), club=club)
    return event


def event_settings(event: Event) -> dict[str, object]:
    """The settings of an event that decide its results, as its audit entries keep them."""
    return {
        "name": event.name,
        "game": event.game,
        "options": event.options,
        "format": event.format,
        "rounds": event.rounds,
        "points": event.points,
        "tiebreaks": event.tiebreaks,
        "season": event.season_id,
        "confirm_results": event.confirm_results,
    }


def _entry_state(entry: Entry) -> dict[str, object]:
    return {
        "player": entry.player.name,
        "joined_round": entry.joined_round,
        "dropped_round": entry.dropped_round,
        "checked_in": entry.checked_in_at is not None,
    }


def _record_entry(event: Event, by: User, action: str, entry: Entry, before: object) -> None:
    after = _entry_state(entry)
    audit_record(
        by=by,
        action=action,
        object=entry,
        before=before,
        after=after,
        club=event.club,
        subject=entry.player.user,
    )


def _started(event: Event) -> int:
    return event.event_rounds.count()


@transaction.atomic
def entry_add(
    *,
    event: Event,
    by: User,
    player: Player | None = None,
    name: str = "",
    account: User | None = None,
    checked_in: bool = False,
) -> Entry:
    """Enter ``player`` (a club member's player, ``by``'s own or a guest ``by`` owns), or, given a
    ``name``, a walk-in: a new guest that ``by`` owns, or the player of ``account``, a club member who
    has none yet. ``checked_in`` checks the entry in at once (a walk-in at the door). Late entries are
    taken until half the rounds have started (a round robin's close at its first round); the rounds
    missed score nothing. Nothing is created when the entry is refused.

    Raises:
        EntriesClosed, AlreadyEntered: see above.
        TooManyEntries: the event has ``EVENT_ENTRIES_MAX`` entries (docs/events.md, "Limits").
        PairingRunning: a task is pairing the next round.
        GuestNotYours, SeatNeedsInvitation: a player (or ``account``) the director may not seat at the
            event's tables.
        NameInvalid: a walk-in's name. PlayerAccountTaken: ``account`` has a player already.
    """
    event = _locked(event, by)
    started = _started(event)
    if (event.format == Event.Format.ROUND_ROBIN and started) or started * 2 >= event.rounds > 0:
        raise EntriesClosed(started=started, rounds=event.rounds or started)
    pairing_free(event)
    if event.entries.count() >= settings.EVENT_ENTRIES_MAX:
        raise TooManyEntries(limit=settings.EVENT_ENTRIES_MAX)
    if account is not None and not Membership.objects.filter(club=event.club, user=account).exists():
        raise SeatNeedsInvitation(player=account.get_username())
    if player is None:
        player = player_create(name=name, by=by, user=account)
    elif not Player.objects.filter(player_seatable_by(by, event.club), pk=player.pk).exists():
        kind = GuestNotYours if player.user_id is None else SeatNeedsInvitation
        raise kind(player=player.name)
    if Entry.objects.filter(event=event, player=player).exists():
        raise AlreadyEntered(player=player.name)
    try:
        with transaction.atomic():
            entry = Entry.objects.create(
                event=event,
                player=player,
                joined_round=started + 1,
                created_by=by,
                checked_in_at=timezone.now() if checked_in else None,
            )
    except IntegrityError:
        raise AlreadyEntered(player=player.name) from None
    _record_entry(event, by, "entry.added", entry, None)
    event_version_bump(event=event)
    return entry


def _entry(event: Event, player_id: int) -> Entry:
    """The entry (raises ``Entry.DoesNotExist``), locked."""
    return Entry.objects.select_for_update().select_related("player").get(event=event, player_id=player_id)


@transaction.atomic
def entry_drop(*, event: Event, player_id: int, by: User) -> Entry:
    """Leave the player out of every round not yet paired; the results so far stay.

    Raises:
        Entry.DoesNotExist: not entered. AlreadyDropped: dropped before.
        PairingRunning: a task is pairing the next round.
    """
    event = _locked(event, by)
    pairing_free(event)
    entry = _entry(event, player_id)
    if entry.dropped_round is not None:
        raise AlreadyDropped(player=entry.player.name, round=entry.dropped_round)
    before = _entry_state(entry)
    entry.dropped_round = _started(event) + 1
    entry.save(update_fields=["dropped_round"])
    _record_entry(event, by, "entry.dropped", entry, before)
    event_version_bump(event=event)
    return entry


@transaction.atomic
def entry_check_in(*, event: Event, player_id: int, by: User, undo: bool = False) -> Entry:
    """Mark the player as here (``undo``: not here after all). Checking in twice keeps the first time.

    Raises:
        Entry.DoesNotExist: not entered.
    """
    event = _locked(event, by)
    entry = _entry(event, player_id)
    before = _entry_state(entry)
    if undo:
        entry.checked_in_at = None
    elif entry.checked_in_at is None:
        entry.checked_in_at = timezone.now()
    entry.save(update_fields=["checked_in_at"])
    if _entry_state(entry) != before:
        _record_entry(event, by, "entry.check_in_undone" if undo else "entry.checked_in", entry, before)
    event_version_bump(event=event)
    return entry


@transaction.atomic
def event_keep_apart(*, event: Event, by: User, pairs: Sequence[Sequence[int]]) -> Event:
    """Set the pairs of entrants the pairing keeps apart, as it avoids rematches, from the next round
    paired on (family, clubmates; docs/events-pairing.md). Replaces the pairs set before.

    Raises:
        KeepApartInvalid: a pair is not two different players entered in the event.
        PairingRunning: a task is pairing the next round.
    """
    event = _locked(event, by)
    pairing_free(event)
    entered = set(event.entries.values_list("player_id", flat=True))
    wrong = [list(pair) for pair in pairs if len(set(pair)) != 2 or not set(pair) <= entered]
    if wrong:
        raise KeepApartInvalid(players=wrong)
    chosen = sorted({(min(pair), max(pair)) for pair in pairs})
    before = {"keep_apart": event.keep_apart}
    event.keep_apart = [list(pair) for pair in chosen]
    event.save(update_fields=["keep_apart"])
    after = {"keep_apart": event.keep_apart}
    club = event.club
    audit_record(by=by, action="event.keep_apart_set", object=event, before=before, after=after, club=club)
    event_version_bump(event=event)
    return event


@transaction.atomic
def event_share(*, event: Event, by: User, enabled: bool = True) -> Event:
    """Give the event a public read-only page (a new link each time), or withdraw it."""
    event = _locked(event, by)
    before = {"shared": bool(event.share_token)}
    event.share_token = secrets.token_urlsafe(32) if enabled else ""
    event.save(update_fields=["share_token"])
    action = "event.share_made" if enabled else "event.share_revoked"
    audit_record(
        by=by, action=action, object=event, before=before, after={"shared": enabled}, club=event.club
    )
    event_version_bump(event=event)
    return event


@dataclass(frozen=True, slots=True)
class PlannedTable:
    """A table of a planned round: its seats, sides, first dealer and the pairing's reasons."""

    number: int
    players: tuple[int, ...]  # seat order
    sides: tuple[tuple[int, ...], ...]  # the match's side order
    dealer: int  # seat of the first dealer
    reasons: tuple[dict[str, object], ...]  # {"code", "players"}
    match: int | None = None


@dataclass(frozen=True, slots=True)
class PlannedRound:
    """A round as paired: stored (``published``) or a draft that stored nothing."""

    number: int
    seed: int
    tables: tuple[PlannedTable, ...]
    byes: tuple[int, ...]
    rematches: tuple[tuple[int, int], ...]
    published: bool
    bye_reasons: tuple[dict[str, object], ...] = ()
    exact: bool = True  # the pairing is proven the best (False: a search stopped at its budget)


def round_seed(seed: int, number: int) -> int:
    """The seed of round ``number``: the event's, mixed with the number (stored with the round)."""
    digest = hashlib.sha256(f"{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> (32 - SEED_BITS)


@dataclass(frozen=True, slots=True)
class NextRound:
    """What pairing the next round starts from: who plays it and the event's history so far."""

    number: int
    rounds: int  # the event's planned rounds (a round robin's, once its first round is paired)
    entries: tuple[Entry, ...]
    active: tuple[Entry, ...]  # the entries the round pairs
    history: History
    sizes: frozenset[int]
    seed: int


def round_next(event: Event) -> NextRound:
    """The next round of ``event`` as it would be paired now.

    Raises:
        RoundOpen: a table of an earlier round has no result (its match unfinished, no override).
        EventFinished: every planned round has been paired.
        TooFewEntries: the players in this round cannot fill a table.
    """
    rules = find_game(event.game)
    sizes = table_sizes(rules, event.format)
    history = event_history(event, max(sizes))
    number = len(history.open_tables) + 1
    _all_results(history)
    entries = tuple(event.entries.select_related("player").order_by("pk"))
    active = tuple(entry for entry in entries if entry.plays_in(number))
    rounds = event.rounds
    if event.format == Event.Format.ROUND_ROBIN and number == 1:
        rounds = round_robin_rounds(len(active))
    if number > rounds:
        raise EventFinished(rounds=rounds)
    _enough(active, sizes)
    seed = round_seed(event.seed, number)
    return NextRound(number, rounds, entries, active, history, sizes, seed)


def round_entrants(event: Event, upcoming: NextRound) -> list[Entrant]:
    """The field of the next round as the pairing sees it (empty for a round robin, which needs none)."""
    if event.format == Event.Format.ROUND_ROBIN:
        return []
    return _entrants(event, upcoming.active, upcoming.history, max(upcoming.sizes))


def round_plan(
    event: Event, upcoming: NextRound, entrants: Sequence[Entrant], *, in_task: bool = False
) -> PlannedRound:
    """The pairing of the next round (pure CPU: nothing read or written), not yet stored; the exact
    model of pods and partners gets the CPU time a request may spend, or ``in_task`` a task's."""
    if event.format == Event.Format.ROUND_ROBIN:
        ids = [entry.player_id for entry in upcoming.entries if entry.joined_round == 1]
        pairing = berger_round(ids, upcoming.number)
    else:
        pairing = pair_round(
            event.format,
            entrants,
            seed=upcoming.seed,
            round_number=upcoming.number,
            table_sizes=upcoming.sizes,
            time_left=_cpu_left(
                settings.EVENT_EXACT_PAIRING_TASK_SECONDS
                if in_task
                else settings.EVENT_EXACT_PAIRING_INLINE_MS / 1000
            ),
        )
    teams = event.format == Event.Format.PARTNERS
    planned = _planned(pairing, {entry.player_id for entry in upcoming.active}, teams, exact=pairing.exact)
    return replace(planned, number=upcoming.number, seed=upcoming.seed)


def _cpu_left(seconds: float) -> Callable[[], float]:
    """How many of ``seconds`` of this process's CPU time, from now, are left."""
    start = time.process_time()
    return lambda: seconds - (time.process_time() - start)


def round_store(*, event: Event, by: User, upcoming: NextRound, planned: PlannedRound) -> PlannedRound:
    """Publish ``planned`` as round ``upcoming.number`` (the event locked by the caller's transaction)."""
    if upcoming.rounds != event.rounds:
        event.rounds = upcoming.rounds
        event.save(update_fields=["rounds"])
    players = {entry.player_id: entry.player for entry in upcoming.entries}
    return _publish(event, by, upcoming.number, upcoming.seed, planned, players)


def pairing_free(event: Event) -> None:
    """Refuse a write that would change the next round while a task pairs it; a job that has run past
    its time (a lost worker or message) fails instead and frees the event.

    Raises:
        PairingRunning: a pairing job of the event is running.
    """
    running = PairingJob.objects.filter(event=event, status=PairingJob.Status.RUNNING).first()
    if running is None:
        return
    if running.created_at >= timezone.now() - timedelta(seconds=settings.EVENT_PAIRING_JOB_TIMEOUT):
        raise PairingRunning(number=running.number)
    pairing_job_fail(job=running, error=PairingLost(number=running.number))


def pairing_job_fail(*, job: PairingJob, error: CodedError) -> None:
    """Mark a running pairing job failed with ``error`` (kept for its readers); a finished one stays."""
    stored = {"code": error.code, "template": error.template, "facts": jsonable(error.facts)}
    PairingJob.objects.filter(pk=job.pk, status=PairingJob.Status.RUNNING).update(
        status=PairingJob.Status.FAILED, error=stored, finished_at=timezone.now()
    )


@transaction.atomic
def round_pair(*, event: Event, by: User, draft: bool = False) -> PlannedRound:
    """Pair the next round; unless ``draft``, publish it: store it and start one match per table
    (its seats, options, club and season pre-filled; the first hand dealt by the table's dealer).
    The pairing runs here, in the caller's process: :func:`games.events.jobs.round_pair_start` sends a
    large field to a task instead.

    Raises:
        PairingRunning: a task is pairing the event's next round.
        RoundOpen: a table of an earlier round has no result (its match unfinished, no override).
        EventFinished: every planned round has been paired.
        TooFewEntries: the players in this round cannot fill a table.
        what :func:`games.matches.services.matches.match_start` raises (a guest another admin owns).
    """
    event = _locked(event, by)
    pairing_free(event)
    upcoming = round_next(event)
    planned = round_plan(event, upcoming, round_entrants(event, upcoming))
    if draft:
        return planned
    return round_store(event=event, by=by, upcoming=upcoming, planned=planned)


def _all_results(history: History) -> None:
    """Every table of every earlier round has a result (its match finished, or a director's)."""
    if history.missing:
        number, table = history.missing[0]
        tables = [{"round": each, "table": where} for each, where in history.missing]
        raise RoundOpen(number=number, table=table, open=len(tables), tables=tables)


def _enough(active: Sequence[Entry], sizes: frozenset[int]) -> None:
    """At least one table can be seated (whoever does not fit has a bye)."""
    count = len(active)
    if count < min(sizes):
        raise TooFewEntries(players=count, sizes=" or ".join(map(str, sorted(sizes))))


def _entrants(event: Event, active: Sequence[Entry], history: History, seats: int) -> list[Entrant]:
    """The active entries as the pairing sees them: the standings' points and ranks, whom they met,
    whom the director keeps them apart from."""
    rows = {row.player: row for row in event_standings(event=event, history=history)}
    apart: dict[int, set[int]] = {}
    for first, second in event.keep_apart:
        apart.setdefault(first, set()).add(second)
        apart.setdefault(second, set()).add(first)
    entrants = []
    for entry in active:
        row = rows[entry.player_id]
        entrants.append(
            Entrant(
                id=entry.player_id,
                points=row.points,
                rank=row.rank,
                opponents=frozenset(row.opponents + row.partners),  # everyone they shared a table with
                partners=frozenset(row.partners),
                byes=row.byes,
                seat_counts=tuple(history.seat_counts.get(entry.player_id, [0] * seats)),
                first_dealer=history.first_deals.get(entry.player_id, 0),
                apart=frozenset(apart.get(entry.player_id, ())),
            )
        )
    return entrants


def _planned(pairing: Pairing, active: set[int], teams: bool, *, exact: bool = True) -> PlannedRound:
    """The pairing's tables with each table's sides in the match's side order (docs/rules/shared.md
    A4); a round robin's table with a dropped player gives the other a bye."""
    tables: list[PlannedTable] = []
    byes = [player for player in pairing.byes if player in active]
    for table in pairing.tables:
        if not all(player in active for player in table.players):
            byes.extend(player for player in table.players if player in active)
            continue
        sides = tuple(
            tuple(table.players[seat] for seat in seats) for seats in sides_of(len(table.players), teams)
        )
        if {frozenset(side) for side in sides} != {frozenset(side) for side in table.sides}:
            raise AssertionError(f"Table {table.number}'s sides {table.sides} do not fit its seats")
        reasons = tuple(_reason(reason) for reason in table.reasons)
        tables.append(PlannedTable(len(tables) + 1, tuple(table.players), sides, table.dealer, reasons))
    rematches = tuple((int(a), int(b)) for a, b in pairing.rematches)
    bye_reasons = tuple(_reason(reason) for reason in pairing.bye_reasons)
    return PlannedRound(0, 0, tuple(tables), tuple(byes), rematches, False, bye_reasons, exact)


def _reason(reason: Reason) -> dict[str, object]:
    return {"code": reason.code, "players": list(reason.players)}


def table_start(
    *, event: Event, by: User, played: Round, number: int, seated: Sequence[Player], table: PlannedTable
) -> Table:
    """A new table ``number`` of ``played`` with its match and its code, as a published or repaired
    round seats it."""
    match = match_start(
        game=event.game,
        players=seated,
        by=by,
        options=event.options,
        teams=event.format == Event.Format.PARTNERS,
        club=event.club,
        season=event.season,
        first_dealer=table.dealer,
    )
    return Table.objects.create(
        round=played,
        number=number,
        match=match,
        players=list(table.players),
        sides=[list(side) for side in table.sides],
        dealer=table.dealer,
        reasons=list(table.reasons),
        code=table_code_new(),
    )


def _publish(
    event: Event, by: User, number: int, seed: int, planned: PlannedRound, players: Mapping[int, Player]
) -> PlannedRound:
    stored = Round.objects.create(
        event=event,
        number=number,
        seed=seed,
        rematches=[list(pair) for pair in planned.rematches],
        bye_reasons=list(planned.bye_reasons),
        published_by=by,
        exact=planned.exact,
    )
    _counted_record(event, number)
    tables = []
    for table in planned.tables:
        seated = [players[player] for player in table.players]
        made = table_start(event=event, by=by, played=stored, number=table.number, seated=seated, table=table)
        tables.append(
            PlannedTable(table.number, table.players, table.sides, table.dealer, table.reasons, made.match_id)
        )
    Bye.objects.bulk_create(Bye(round=stored, player_id=player) for player in planned.byes)
    after = {
        "number": number,
        "seed": seed,
        "tables": [
            {"table": table.number, "players": list(table.players), "match": table.match} for table in tables
        ],
        "byes": list(planned.byes),
    }
    audit_record(by=by, action="round.published", object=stored, after=after, club=event.club)
    event_version_bump(event=event)
    return PlannedRound(
        number, seed, tuple(tables), planned.byes, planned.rematches, True, planned.bye_reasons, planned.exact
    )


def _counted_record(event: Event, number: int) -> None:
    """Store on each table of the rounds before ``number`` what it counts as round ``number`` is
    paired, where that differs from what it counted for the round before (``Table.counted``): the
    results later compared with the tables' current ones (``games.events.result_checks``)."""
    changed = []
    for played in round_list(event=event):
        if played.number >= number:
            continue
        for table in played.tables.all():
            now = counted_now(table)
            if not table.counted or table.counted[-1][1] != now:
                table.counted = [*table.counted, [number, now]]
                changed.append(table)
    Table.objects.bulk_update(changed, ["counted"], batch_size=500)


@transaction.atomic
def table_result_set(
    *,
    table: Table,
    by: User,
    winner: int | None = None,
    places: Sequence[int] | None = None,
    expected_version: int | None = None,
) -> ResultOverride:
    """The director's result of a table, counted instead of its match's from now on: a ``winner``
    side (``None``: a draw), or for pods the ``places``, every side index first to last. Recorded with
    who and when; an earlier override stays in the record. ``expected_version``: the table's result
    version as the director saw it (:func:`games.events.selectors.result_version`).

    Raises:
        ResultInvalid: a side the table does not have, or places that do not list each side once.
        ResultOutOfSync: another write to the table's result came since ``expected_version``.
    """
    event = _locked(table.round.event, by)
    table = _result_checked(table, expected_version)
    count = len(table.sides)
    if places is not None:
        if sorted(places) != list(range(count)):
            raise ResultInvalid(table=table.number, sides=count)
        winner = places[0]
    elif winner is not None and not 0 <= winner < count:
        raise ResultInvalid(table=table.number, sides=count)
    earlier = override_of(table)
    match = table.match
    before = _counted_record_of(match, earlier)
    override = ResultOverride.objects.create(table=table, winner=winner, places=list(places or []), by=by)
    after = {"source": "override", "winner": override.winner, "places": override.places}
    audit_record(
        by=by,
        action="table.result_overridden",
        object=override,
        before=before,
        after=after,
        match=match,
        club=event.club,
    )
    event_version_bump(event=event)
    return override


@transaction.atomic
def table_result_withdraw(*, table: Table, by: User, expected_version: int | None = None) -> ResultOverride:
    """Withdraw the director's result that stands for the table: its match's own result counts again
    (none while the match is unfinished). The override stays in the record, with who withdrew it and
    when; the one withdrawn is returned.

    Raises:
        ResultNoOverride: no director's result stands for the table.
        ResultOutOfSync: another write to the table's result came since ``expected_version``.
    """
    event = _locked(table.round.event, by)
    table = _result_checked(table, expected_version)
    override = override_of(table)
    if override is None:
        raise ResultNoOverride(table=table.number)
    override.withdrawn_at = timezone.now()
    override.withdrawn_by = by
    override.save(update_fields=["withdrawn_at", "withdrawn_by"])
    match = table.match
    audit_record(
        by=by,
        action="table.result_withdrawn",
        object=override,
        before=_counted_record_of(match, override),
        after=_counted_record_of(match, None),
        match=match,
        club=event.club,
    )
    event_version_bump(event=event)
    return override


def _counted_record_of(match: Match, override: ResultOverride | None) -> dict[str, object]:
    """What a table counts, for the audit log: the standing ``override``, else its match's result."""
    if override is None:
        return {"source": "match", "winner": match.winner, "draw": match.draw, "status": match.status}
    return {"source": "override", "winner": override.winner, "places": override.places}


def _result_checked(table: Table, expected_version: int | None) -> Table:
    """The table read again under the event's lock, its result version as ``expected_version`` says.

    Raises:
        ResultOutOfSync: with the table's current result and version.
    """
    table = Table.objects.select_related("match", "round").get(pk=table.pk)
    overrides = list(table.overrides.select_related("by").order_by("-at", "-pk"))
    table.override_list = overrides  # type: ignore[attr-defined]  # as round_list's prefetch names it
    version = result_version(table)
    if expected_version is not None and expected_version != version:
        raise ResultOutOfSync(
            table=table.number, version=version, got=expected_version, result=result_facts(table)
        )
    return table


def result_facts(table: Table) -> dict[str, object] | None:
    """The table's current result as the API shows it (``None``: it has none)."""
    counted = counted_now(table)
    if counted is None:
        return None
    override = override_of(table)
    by = override.by.get_username() if override is not None and override.by is not None else None
    return {
        **counted,
        "winner": winner_of(counted),
        "by": by,
        "at": override.at if override is not None else None,
    }
