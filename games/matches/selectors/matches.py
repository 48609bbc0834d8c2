"""Reads of matches: lists with their joins (the home page's groups), one match as each screen needs
it, its version (the polls' one query), the share link's match, a seat, and the audit of its stored
scores against its logs.

List selectors own their ``select_related``/``prefetch_related``, so the API's query count stays
bounded however many rows a page has.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple

from django.contrib.auth.models import User as Account
from django.db import connection
from django.db.models import Exists, OuterRef, Prefetch, QuerySet, prefetch_related_objects

from games.access import User, match_visible_to, match_writable_by
from games.matches import convert
from games.matches.replay import finished_report, is_time_up, table_of
from games.models import (
    Match,
    Seat,
)
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
    """One match with its seats, and its event's table if it is one's (raises ``Match.DoesNotExist``)."""
    related = ("club", "season", "created_by", "event_table")
    return Match.objects.select_related(*related).prefetch_related(_seats()).get(pk=pk)


def match_fields(*, pk: int, fields: Sequence[str]) -> Match | None:
    """Match ``pk`` with only ``fields``, or ``None``: one query and no access check, for a caller that
    has made its own (a signed key)."""
    return Match.objects.only(*fields).filter(pk=pk).first()


def match_last_started(*, user: Account) -> Match | None:
    """The match ``user`` started last (its game and options only), or ``None``: the new-match form
    starts on its variant."""
    return Match.objects.filter(created_by=user).only("game", "options").order_by("-pk").first()


class MatchVersion(NamedTuple):
    """A match's screen version, and whether a running clock is part of it."""

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


class MatchGroups(NamedTuple):
    """A user's latest matches by status, and how many unfinished ones are old enough to archive."""

    in_progress: list[Match]
    finished: list[Match]
    abandoned: list[Match]
    stale: int


def match_groups(*, user: User, recent: int, stale_before: datetime) -> MatchGroups:
    """The ``recent`` latest matches ``user`` may read in progress, finished and abandoned (as
    :func:`match_list`), and the number of those in progress that ``user`` may write, started before
    ``stale_before``."""
    mine = match_list(user=user)
    in_progress = mine.filter(status=Match.Status.IN_PROGRESS)
    stale = in_progress.filter(match_writable_by(user), created_at__lt=stale_before)
    return MatchGroups(
        in_progress=list(in_progress[:recent]),
        finished=list(mine.filter(status=Match.Status.FINISHED)[:recent]),
        abandoned=list(mine.filter(status=Match.Status.ABANDONED)[:recent]),
        stale=stale.count(),
    )


def match_id_shared(token: str) -> int | None:
    """The id of the match behind a share link's token (``None`` for none; no access check: the
    token is the check, made by :func:`games.access.match_for`)."""
    if not token:
        return None
    return Match.objects.filter(share_token=token).values_list("pk", flat=True).first()


def seat_get(*, match_id: int, number: int) -> Seat | None:
    """Seat ``number`` of match ``match_id`` with its player."""
    return Seat.objects.select_related("player").filter(match_id=match_id, number=number).first()


def match_row(pk: int) -> Match:
    """Match ``pk`` alone, without its seats (raises ``Match.DoesNotExist``)."""
    return Match.objects.get(pk=pk)


def match_began(*, match: Match) -> datetime | None:
    """When the match's first hand began (``None`` before it)."""
    return match.hands.order_by("number").values_list("created_at", flat=True).first()
