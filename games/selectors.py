"""Reads: who may see or write what, lists with their joins, hand states and the scoreboard.

List selectors own their ``select_related``/``prefetch_related``, so the API's query count stays
bounded however many rows a page has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter
from typing import Any, NamedTuple, TypedDict

from django.contrib.auth.models import User as Account
from django.db import connection
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet, prefetch_related_objects

from games import convert
from games.access import User, account_id, match_visible_to, player_known_to
from games.breakdowns import BreakdownRow, hand_breakdown, side_cells
from games.models import (
    Challenge,
    Club,
    Hand,
    HandScore,
    Match,
    Membership,
    Play,
    Player,
    PlayerMerge,
    Season,
    Seat,
)
from games.replay import finished_report, hand_report_now, is_time_up, live_rows, table_of
from games.rules.game import HandReport


def match_list(
    *,
    user: User,
    club: int | None = None,
    season: int | None = None,
    player: int | None = None,
    game: str | None = None,
    status: str | None = None,
) -> QuerySet[Match]:
    """The matches ``user`` may read, newest first, filtered; players and seats prefetched."""
    matches = Match.objects.filter(match_visible_to(user))
    filters = {"club_id": club, "season_id": season, "game": game, "status": status}
    matches = matches.filter(**{key: value for key, value in filters.items() if value is not None})
    if player is not None:
        matches = matches.filter(Exists(Seat.objects.filter(match=OuterRef("pk"), player_id=player)))
    return matches.select_related("club", "season", "created_by").prefetch_related(_seats())


def _seats() -> Prefetch[Any]:
    return Prefetch("seats", queryset=Seat.objects.select_related("player__user", "side").order_by("number"))


def match_get(pk: int) -> Match:
    """One match with its seats (raises ``Match.DoesNotExist``)."""
    return Match.objects.select_related("club", "season", "created_by").prefetch_related(_seats()).get(pk=pk)


def match_fields(*, pk: int, fields: Sequence[str]) -> Match | None:
    """Match ``pk`` with only ``fields``, or ``None``: one query and no access check, for a caller that
    has made its own (a signed key)."""
    return Match.objects.only(*fields).filter(pk=pk).first()


class MatchVersion(NamedTuple):
    pk: int
    screen_version: int
    timed: bool  # in progress under a time limit: its clock is part of what the screen shows


def _version_sql(column: str) -> str:
    name = connection.ops.quote_name
    return (
        f"SELECT {name('id')}, {name('screen_version')}, {name('status')} = %s"
        f" AND {name('time_limit_minutes')} IS NOT NULL"
        f" FROM {name(Match._meta.db_table)} WHERE {name(column)} = %s"
    )


def match_version(*, pk: int | None = None, share_token: str = "") -> MatchVersion | None:
    """The version of match ``pk`` (without one, of the match behind a non-empty ``share_token``), or
    ``None``; no access check, for a caller that has made its own (a signed key, the token). The
    hottest read (every open phone polls it every few seconds): one query, written out, because
    building it through the ORM would cost more than running it."""
    if pk is None and not share_token:
        return None
    sql = _version_sql("id" if pk is not None else "share_token")
    with connection.cursor() as cursor:
        cursor.execute(sql, [Match.Status.IN_PROGRESS.value, pk if pk is not None else share_token])
        row = cursor.fetchone()
    return None if row is None else MatchVersion(row[0], row[1], bool(row[2]))


def match_get_live(pk: int) -> Match:
    """One match as its live region shows it: its seats with their players and sides, not the club,
    season, creator or accounts that only the whole page shows (raises ``Match.DoesNotExist``)."""
    return match_seats_load(Match.objects.get(pk=pk))


def match_seats_load(match: Match) -> Match:
    """``match`` (a row read another way, e.g. locked by a write) with its seats, their sides and
    players (not the players' accounts, which the match screen does not show): one query."""
    seats = Seat.objects.select_related("player", "side").order_by("number")
    prefetch_related_objects([match], Prefetch("seats", queryset=seats))
    return match


def hand_get(*, match: Match, number: int) -> Hand:
    """Hand ``number`` of ``match`` (raises ``Hand.DoesNotExist``)."""
    return Hand.objects.get(match=match, number=number)


def hand_last(*, match: Match) -> Hand | None:
    """The match's latest hand, open or closed, without its scores (``None`` before the first)."""
    return match.hands.order_by("-number").first()


def hand_list(*, match: Match) -> QuerySet[Hand]:
    return match.hands.order_by("number").prefetch_related("scores")


def hand_report(hand: Hand, rows: tuple[list[Play], list[Challenge]] | None = None) -> HandReport:
    """Where a hand stands now: a closed hand's stored report, an open hand's log (``rows``, when
    already read: :func:`hand_rows`) replayed."""
    table = table_of(hand.match)
    if hand.is_open:
        return hand_report_now(hand, table, rows)
    return convert.stored_report(hand, list(hand.scores.all()), table.sides)


def hand_rows(hand: Hand) -> tuple[list[Play], list[Challenge]]:
    """The hand's standing plays in order, and the challenges of them."""
    return live_rows(hand)


class PlayLine(TypedDict):
    seq: int
    seat: int
    card: str
    taken: list[str]
    challenged_by: list[int]


def hand_log(hand: Hand) -> list[PlayLine]:
    """The hand's standing plays in order, each with the seats that challenged it."""
    plays, challenges = live_rows(hand)
    challengers: dict[int, list[int]] = {}
    for challenge in challenges:
        challengers.setdefault(challenge.play_id, []).append(challenge.seat)
    return [
        PlayLine(
            seq=play.seq,
            seat=play.seat,
            card=play.card,
            taken=play.taken,
            challenged_by=challengers.get(play.pk, []),
        )
        for play in plays
    ]


def club_list(*, user: User) -> QuerySet[Club]:
    """The clubs ``user`` belongs to."""
    return Club.objects.filter(memberships__user_id=account_id(user)).distinct()


def membership_list(*, club: Club) -> QuerySet[Membership]:
    return club.memberships.select_related("user").order_by("pk")


def season_list(*, club: Club) -> QuerySet[Season]:
    return club.seasons.order_by("-starts_on", "pk")


def player_list(*, search: str = "") -> QuerySet[Player]:
    players = Player.objects.all()
    return players.filter(name__icontains=search) if search else players


class EventLine(TypedDict):
    play_index: int
    kind: str
    side: int
    points: int


def player_seatable_by(user: Account, club: Club | None) -> Q:
    """Players ``user`` may seat in a new match of ``club``: their own, the guests they own, and the
    players of the club's members (without a club: of the members of ``user``'s clubs). Anyone else
    takes a seat by accepting an invitation."""
    if club is not None:
        members = Membership.objects.filter(club_id=club.pk)
    else:
        members = Membership.objects.filter(
            club__in=Membership.objects.filter(user_id=user.pk).values("club")
        )
    return (
        Q(user_id=user.pk) | Q(user__isnull=True, created_by_id=user.pk) | Q(user__in=members.values("user"))
    )


def merge_list(*, player_id: int, user: User) -> list[PlayerMerge]:
    """The guests merged into the player, newest first, each with the matches that moved that
    ``user`` may read (``merge.readable``)."""
    readable = Prefetch(
        "matches", Match.objects.filter(match_visible_to(user)).order_by("pk"), to_attr="readable"
    )
    merges = PlayerMerge.objects.filter(into_id=player_id).select_related("decided_by")
    return list(merges.prefetch_related(readable))


def account_known_to(user: User) -> QuerySet[Account]:
    """Accounts ``user`` shares a club or a match with: the only ones ``user`` can find by name, so
    that no one learns which user names exist."""
    clubs = Membership.objects.filter(user_id=account_id(user)).values("club")
    players = Player.objects.filter(player_known_to(user))
    in_my_club = Exists(Membership.objects.filter(user=OuterRef("pk"), club__in=clubs))
    return Account.objects.filter(Q(in_my_club) | Q(Exists(players.filter(user=OuterRef("pk")))))


class HandLine(TypedDict):
    number: int
    total: int
    cards: int
    sweeps: int
    points: dict[str, int]
    events: list[EventLine]
    breakdown: list[dict[str, object]]


class HandBreakdown(TypedDict):
    """A closed hand for every side at once: its events and its breakdown's rows."""

    number: int
    events: list[EventLine]
    breakdown: list[BreakdownRow]


class SideBoard(TypedDict):
    index: int
    seats: list[int]
    players: list[str]
    total: int
    hands: list[HandLine]
    sweeps: int
    points: dict[str, int]
    extra: dict[str, Any]
    to_target: int | None
    progress_pct: int | None
    leader: bool


class Scoreboard(TypedDict):
    match: int
    game: str
    status: str
    target: int | None
    hands_closed: int
    sides: list[SideBoard]
    leader: int | None
    finished: bool
    winner: int | None
    draw: bool
    extra: dict[str, Any]
    hands: list[HandBreakdown]


@dataclass(frozen=True, slots=True)
class _Column:
    """One side's score lines over the closed hands."""

    lines: list[HandLine]

    @property
    def total(self) -> int:
        return sum(line["total"] for line in self.lines)

    def points(self) -> dict[str, int]:
        summed: dict[str, int] = {}
        for line in self.lines:
            for key, value in line["points"].items():
                summed[key] = summed.get(key, 0) + value
        return summed


def scoreboard_for(match: Match, *, closed: int | None = None) -> Scoreboard:
    """Per side: total, per-hand lines (with the hand's events and breakdown), sweeps (Tablo's tally
    marks), progress to the target, leader; each closed hand's events and breakdown for all sides at
    once (``hands``); and the match's result as the engine last gave it. ``extra`` values the engine
    gives per side (e.g. Tablo's ``tablos`` and ``marks``) are moved into each side's ``extra``.

    ``closed``: how many hands have closed, when the caller knows it and shows no score sheet. Then
    no hand is read: each side's total is the one the match stores (the sum of its closed hands'
    totals, as the engine gave it when the last one closed), and the sides have no hand lines, sweeps
    or points, nor the board any ``hands``."""
    sides = sides_of_match(match)
    seats = tuple(tuple(seat.number for seat in side) for side in sides)
    if closed is None:
        columns, hands = _closed_hands(match, seats)
        totals, closed = [column.total for column in columns], len(hands)
    else:
        columns, hands = [_Column([]) for _ in seats], []
        totals = list(match.totals) if closed else [0] * len(seats)
    top = max(totals, default=0)
    leader = totals.index(top) if totals.count(top) == 1 else None
    per_side = {key: value for key, value in match.result_extra.items() if _per_side(value, len(sides))}
    boards = [
        _side_board(
            match, index, seats, column, total, leader, {key: value[index] for key, value in per_side.items()}
        )
        for index, (seats, column, total) in enumerate(zip(sides, columns, totals, strict=True))
    ]
    return Scoreboard(
        match=match.pk,
        game=match.game,
        status=match.status,
        target=match.target,
        hands_closed=closed,
        sides=boards,
        leader=leader,
        finished=match.status == Match.Status.FINISHED,
        winner=match.winner,
        draw=match.draw,
        extra={key: value for key, value in match.result_extra.items() if key not in per_side},
        hands=hands,
    )


def _closed_hands(
    match: Match, seats: tuple[tuple[int, ...], ...]
) -> tuple[list[_Column], list[HandBreakdown]]:
    """Each side's line per closed hand, and each closed hand's events and breakdown for all sides."""
    columns = [_Column([]) for _ in seats]
    hands: list[HandBreakdown] = []
    # Every closed hand has a score row per side (its rescoring stores them): one query reads both.
    lines = HandScore.objects.filter(hand__match=match, hand__closed_at__isnull=False).select_related("hand")
    for _number, scores in groupby(lines.order_by("hand__number", "side"), key=attrgetter("hand.number")):
        scored = list(scores)
        hand = scored[0].hand
        report = convert.stored_report(hand, scored, seats)
        events = [EventLine(**convert.event_json(event)) for event in report.events]  # type: ignore[typeddict-item]  # event_json's keys
        rows = hand_breakdown(match.game, match.options, report)
        hands.append(HandBreakdown(number=hand.number, events=events, breakdown=rows))
        for index, side in enumerate(report.sides):
            columns[index].lines.append(
                HandLine(
                    number=hand.number,
                    total=side.total,
                    cards=side.cards,
                    sweeps=side.sweeps,
                    points=dict(side.points),
                    events=[event for event in events if event["side"] == index],
                    breakdown=side_cells(rows, index),
                )
            )
    return columns, hands


def _side_board(
    match: Match,
    index: int,
    seats: list[Seat],
    column: _Column,
    total: int,
    leader: int | None,
    extra: dict[str, Any],
) -> SideBoard:
    return SideBoard(
        index=index,
        seats=[seat.number for seat in seats],
        players=[seat.player.name for seat in seats],
        total=total,
        hands=column.lines,
        sweeps=sum(line["sweeps"] for line in column.lines),
        points=column.points(),
        extra=extra,
        to_target=None if match.target is None else max(0, match.target - total),
        progress_pct=_progress(total, match.target),
        leader=index == leader,
    )


def sides_of_match(match: Match) -> list[list[Seat]]:
    """The match's seats grouped by side, in side order (uses prefetched ``seats`` when there)."""
    sides: dict[int, list[Seat]] = {}
    for seat in sorted(match.seats.all(), key=lambda seat: seat.number):
        sides.setdefault(seat.side.index, []).append(seat)
    return [sides[index] for index in sorted(sides)]


def _per_side(value: object, count: int) -> bool:
    return isinstance(value, list) and len(value) == count


def _progress(total: int, target: int | None) -> int | None:
    """Percent of the way to the target, 0..100 (negative totals count as 0)."""
    if not target:
        return None
    return max(0, min(100, total * 100 // target))


def match_audit(match: Match) -> list[str]:
    """Where the stored scores differ from a fresh replay of the stored logs; empty when all agree."""
    table = table_of(match)
    sweeps = (0,) * len(table.sides)
    reports: list[HandReport] = []
    problems: list[str] = []
    for hand in match.hands.filter(closed_at__isnull=False).order_by("number").prefetch_related("scores"):
        report = finished_report(hand, table, sweeps)
        stored = convert.stored_report(hand, list(hand.scores.all()), table.sides)
        if report.sides != stored.sides:
            problems.append(f"hand {hand.number}: stored {stored.sides} but the log gives {report.sides}")
        reports.append(report)
        sweeps = tuple(before + side.sweeps for before, side in zip(sweeps, report.sides, strict=True))
    status = table.game.match_status(reports, len(table.sides), table.options, is_time_up(match))
    expected = convert.status_fields(status)
    for name, value in expected.items():
        if getattr(match, name) != value:
            problems.append(f"match {name}: stored {getattr(match, name)!r}, the logs give {value!r}")
    return problems
