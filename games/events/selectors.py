"""Reads of events: lists, versions, their rounds, results and standings (who may see or direct them:
:mod:`games.access`).

Standings are computed on every read from the tables' matches (status, winner, draw, totals) and the
directors' overrides, so a hand corrected in a finished match changes every row after it at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import (
    BigIntegerField,
    Exists,
    ExpressionWrapper,
    F,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Sum,
)
from django.db.models.functions import Coalesce

from games.access import User, event_visible_to
from games.events.models import (
    Bye,
    Entry,
    Event,
    PairingJob,
    ResultConfirmation,
    ResultOverride,
    Round,
    Table,
)
from games.events.standings import PointsTable, Row, TableResult, standings
from games.models import Hand, Match


def _results_shown(tables: str) -> Coalesce:
    """What the event shows of its tables' matches, as one number over the tables at ``tables`` (a
    path to ``Table``): each finished match counts its id times one more than its screen version, so
    a match finishing, corrected when finished or made unfinished again changes the sum, and a play
    in an unfinished match (which the event does not show) leaves it alone (docs/events.md, "How big
    an event's pages get")."""
    match = f"{tables}match__"
    finished = Q(**{f"{match}status": Match.Status.FINISHED})
    shown = ExpressionWrapper(
        (F(f"{match}screen_version") + 1) * F(f"{match}id"), output_field=BigIntegerField()
    )
    return Coalesce(Sum(shown, filter=finished), 0, output_field=BigIntegerField())


def with_versions(events: QuerySet[Event]) -> QuerySet[Event]:
    """``events``, each with ``shown_version``: what :func:`event_version` answers, in the same query."""
    return events.annotate(shown_version=F("version") + _results_shown("event_rounds__tables__"))


def with_club_and_season(events: QuerySet[Event]) -> QuerySet[Event]:
    """``events`` with their clubs and seasons, as the event's pages show them."""
    return events.select_related("club", "season")


def with_versions_and_creator(events: QuerySet[Event]) -> QuerySet[Event]:
    """``events`` with their versions (:func:`with_versions`), clubs and creators, as the API shows them."""
    return with_versions(events).select_related("club", "created_by")


def event_list(*, user: User, club: int | None = None) -> QuerySet[Event]:
    """The events ``user`` may read (of ``club``), newest first, with their versions."""
    events = Event.objects.filter(event_visible_to(user))
    events = events.filter(club_id=club) if club is not None else events
    return with_versions(events).select_related("created_by").order_by("-created_at", "-pk")


def event_version(pk: int) -> int | None:
    """A number that changes whenever what the event shows does: the event's own counter (entries,
    check-ins, rounds, directors' results) plus its tables' results (:func:`_results_shown`), not a
    play in a match still going (one query; ``None`` when there is no such event). Phones poll it."""
    found = Event.objects.filter(pk=pk).annotate(
        shown=F("version") + _results_shown("event_rounds__tables__")
    )
    shown = found.values_list("shown", flat=True).first()
    return None if shown is None else int(shown)


def entry_list(
    *, event: Event, query: str = "", pending: bool = False, only: int | None = None
) -> QuerySet[Entry]:
    """The event's entries with their players: those whose name holds ``query``, with ``pending``
    only those not checked in (nor dropped), with ``only`` that one entry."""
    entries = event.entries.select_related("player").order_by("pk")
    if only is not None:
        entries = entries.filter(pk=only)
    if query.strip():
        entries = entries.filter(player__name__icontains=query.strip())
    if pending:
        entries = entries.filter(checked_in_at__isnull=True, dropped_round__isnull=True)
    return entries


def entry_names(*, event: Event) -> dict[int, str]:
    """Player id -> name, of every entry of the event."""
    return dict(event.entries.values_list("player_id", "player__name"))


def entered_player_ids(*, event: Event) -> set[int]:
    """The players entered in the event (dropped ones too)."""
    return set(event.entries.values_list("player_id", flat=True))


def table_find(*, event: Event, number: int, table: int) -> Table | None:
    """Table ``table`` of the event's round ``number``, with its round and event."""
    tables = Table.objects.select_related("round__event")
    return tables.filter(round__event=event, round__number=number, number=table).first()


def table_of_match(*, match_id: int) -> Table | None:
    """The event table whose match is ``match_id`` (with its round, event and match), if any."""
    return Table.objects.select_related("round__event", "match").filter(match_id=match_id).first()


@dataclass(frozen=True, slots=True)
class TablePlace:
    """Where a match is played in an event: the event (its id and name), the round and the table, and
    whether the reader may open the event's page."""

    event: int
    name: str
    round: int
    table: int
    readable: bool


def table_place(*, match: Match, user: User) -> TablePlace | None:
    """The event table whose match is ``match`` (``None``: a match of no event), in one query; none for a
    match of no event read with its table (``match_get``)."""
    if not hasattr(match, "event_table"):  # read then, if it was not
        return None
    readable = Exists(Event.objects.filter(event_visible_to(user), pk=OuterRef("round__event_id")))
    row = (
        Table.objects.filter(match_id=match.pk)
        .annotate(readable=readable)
        .values_list("round__event_id", "round__event__name", "round__number", "number", "readable")
        .first()
    )
    return None if row is None else TablePlace(*row)


def entry_of(*, event: Event, pk: int) -> Entry | None:
    """Entry ``pk`` of ``event``, with its player."""
    return Entry.objects.select_related("player").filter(event=event, pk=pk).first()


def _overrides() -> Prefetch[Any]:
    return Prefetch(
        "overrides",
        ResultOverride.objects.select_related("by", "withdrawn_by").order_by("-at", "-pk"),
        to_attr="override_list",
    )


def _confirmations() -> Prefetch[Any]:
    rows = ResultConfirmation.objects.select_related("by").order_by("-at", "-pk")
    return Prefetch("confirmations", rows, to_attr="confirmation_list")


def _tables(confirmed: bool) -> QuerySet[Table]:
    match_fields = (
        "match__status",
        "match__winner",
        "match__draw",
        "match__totals",
        "match__game",
        "match__chain_head",
    )
    fields = ("round_id", "number", "match_id", "players", "sides", "dealer", "reasons", "counted", "code")
    return (
        Table.objects.select_related("match")
        .only(*fields, *match_fields, "match__finished_at")
        .prefetch_related(_overrides(), *([_confirmations()] if confirmed else []))
        .order_by("number")
    )


def round_list(*, event: Event) -> QuerySet[Round]:
    """The event's rounds in order, with their tables (their matches, overrides and, where the event
    asks for them, confirmations) and byes."""
    return event.event_rounds.order_by("number").prefetch_related(
        Prefetch("tables", _tables(event.confirm_results)), Prefetch("byes", Bye.objects.order_by("pk"))
    )


def round_find(*, event: Event, number: int) -> Round | None:
    """Round ``number`` of the event, as :func:`round_list` reads it (``None`` when there is none)."""
    return round_list(event=event).filter(number=number).first()


def round_tables(*, event: Event, number: int, first: int, last: int) -> QuerySet[Table]:
    """Tables ``first`` to ``last`` of round ``number``, with their matches and overrides (one page of
    a big round)."""
    tables = _tables(event.confirm_results)
    return tables.filter(round__event=event, round__number=number, number__range=(first, last))


def round_get(*, event: Event, number: int) -> Round:
    """Round ``number`` of the event (raises ``Round.DoesNotExist``)."""
    return round_list(event=event).get(number=number)


def overrides_of(table: Table) -> list[ResultOverride]:
    """Every director's result of the table, latest first, withdrawn ones too (the record)."""
    found = getattr(table, "override_list", None)
    if found is None:
        return list(table.overrides.select_related("by").order_by("-at", "-pk"))
    return list(found)


def override_of(table: Table) -> ResultOverride | None:
    """The director's result that stands for the table: the latest, unless it was withdrawn (from
    :func:`round_list`'s prefetch, else a query)."""
    overrides = overrides_of(table)
    latest = overrides[0] if overrides else None
    return None if latest is None or latest.withdrawn_at is not None else latest


def result_version(table: Table) -> int:
    """Counts the directors' writes to the table's result (each result set, each withdrawn): what a
    write sends as ``expected_version`` so that of two at once one wins and the other is told."""
    overrides = overrides_of(table)
    return len(overrides) + sum(override.withdrawn_at is not None for override in overrides)


def _game_points(table: Table, sides: int) -> list[int]:
    """The game points the table's match has recorded, one per side (none before its first hand)."""
    totals = table.match.totals
    return [int(total) for total in totals] if len(totals) == sides else []


def table_result(table: Table) -> TableResult | None:
    """What the table counts for the standings: the director's standing result, else its match's once
    finished (places by the engine's winner, then the totals) and, where the event asks for it,
    confirmed (:func:`confirmation_of`); ``None`` while it has neither. A director's result keeps the
    game points the match recorded (docs/events.md)."""
    sides = [tuple(side) for side in table.sides]
    override = override_of(table)
    if override is not None:
        scores = _game_points(table, len(sides))
        if override.places:
            return TableResult.of_order(sides, override.places, scores)
        return TableResult.of_winner(sides, override.winner, scores)
    result = match_result(table)
    if result is not None and table.round.event.confirm_results and confirmation_of(table, result) is None:
        return None
    return result


def confirmations_of(table: Table) -> list[ResultConfirmation]:
    """The confirmations of the table's result, latest first (from :func:`round_list`'s prefetch)."""
    found = getattr(table, "confirmation_list", None)
    if found is None:
        return list(table.confirmations.select_related("by").order_by("-at", "-pk"))
    return list(found)


def confirmation_of(table: Table, result: TableResult) -> ResultConfirmation | None:
    """The latest confirmation of exactly ``result`` (its places and game points), if any."""
    shown = {"places": list(result.places), "scores": list(result.scores)}
    return next((each for each in confirmations_of(table) if each.result == shown), None)


def awaiting_confirmation(table: Table) -> bool:
    """The table's match has a result that counts only once confirmed, and none confirmed it yet."""
    if not table.round.event.confirm_results or override_of(table) is not None:
        return False
    result = match_result(table)
    return result is not None and confirmation_of(table, result) is None


def table_confirmed(table: Table) -> bool | None:
    """``None`` when the event counts results without confirmation; else whether the table's result
    counts (confirmed, or the director's)."""
    if not table.round.event.confirm_results:
        return None
    return table_result(table) is not None


def match_result(table: Table) -> TableResult | None:
    """The result of the table's match once finished, confirmed or not (``None``: unfinished)."""
    sides = [tuple(side) for side in table.sides]
    match = table.match
    if match.status != Match.Status.FINISHED:
        return None
    totals = _game_points(table, len(sides))
    if len(sides) == 2 or not totals:
        return TableResult.of_winner(sides, None if match.draw else match.winner, totals)
    keys = [(index == match.winner, total) for index, total in enumerate(totals)]
    places = tuple(sum(other > key for other in keys) for key in keys)
    return TableResult(tuple(sides), places, tuple(totals))


@dataclass(frozen=True, slots=True)
class History:
    """What the pairing needs to know of the rounds played: results, byes, seats and first deals."""

    results: list[TableResult]
    byes: list[int]
    open_tables: dict[int, int]  # round number -> tables without a result
    seat_counts: dict[int, list[int]]
    first_deals: dict[int, int]
    missing: tuple[tuple[int, int], ...] = ()  # (round, table) of every table without a result


def event_history(
    event: Event, seats: int, rounds: Sequence[Round] | None = None, *, before: int | None = None
) -> History:
    """What the pairing needs of the rounds played; ``rounds``: every round of the event as
    :func:`round_list` reads them (else read here); ``before``: only the rounds before that one."""
    results: list[TableResult] = []
    open_tables: dict[int, int] = {}
    seat_counts: dict[int, list[int]] = {}
    first_deals: dict[int, int] = {}
    byes: list[int] = []
    missing: list[tuple[int, int]] = []
    for played in round_list(event=event) if rounds is None else rounds:
        if before is not None and played.number >= before:
            continue
        open_tables[played.number] = 0
        for table in played.tables.all():
            result = table_result(table)
            if result is None:
                open_tables[played.number] += 1
                missing.append((played.number, table.number))
            else:
                results.append(result)
            for seat, player in enumerate(table.players):
                seat_counts.setdefault(player, [0] * seats)[min(seat, seats - 1)] += 1
            dealer = table.players[table.dealer]
            first_deals[dealer] = first_deals.get(dealer, 0) + 1
        byes.extend(bye.player_id for bye in played.byes.all())
    return History(results, byes, open_tables, seat_counts, first_deals, tuple(missing))


def event_standings(*, event: Event, history: History | None = None) -> list[Row]:
    """The event's standings now: every entry (dropped ones too), best first."""
    history = history or event_history(event, 2)
    players = list(event.entries.order_by("pk").values_list("player_id", flat=True))
    return standings(players, history.results, history.byes, PointsTable.of(event.points), event.tiebreaks)


def pairing_job_get(*, event: Event, pk: int) -> PairingJob | None:
    """The event's pairing job ``pk`` (``None``: not one of this event's)."""
    return PairingJob.objects.filter(event=event, pk=pk).first()


def pairing_job_running(*, event: Event) -> PairingJob | None:
    """The event's pairing job still running, if any."""
    return PairingJob.objects.filter(event=event, status=PairingJob.Status.RUNNING).first()


def tables_started(*, tables: Iterable[Table]) -> list[int]:
    """The numbers of the ``tables`` that have started: their match has a hand (open or closed) or a
    director's result was set for them (withdrawn ones too: their record stays). A repair keeps them."""
    tables = list(tables)
    hands = set(
        Hand.objects.filter(match_id__in=[table.match_id for table in tables]).values_list(
            "match_id", flat=True
        )
    )
    overrides = set(ResultOverride.objects.filter(table__in=tables).values_list("table_id", flat=True))
    return sorted(table.number for table in tables if table.match_id in hands or table.pk in overrides)


def round_last_number(*, event: Event) -> int | None:
    """The number of the event's last round (``None``: no round yet)."""
    last: int | None = event.event_rounds.aggregate(last=Max("number"))["last"]
    return last
