"""Reads for statistics: finished matches as :class:`MatchResult` values, standings (cached) and ratings.

Only finished club matches count (docs/rules-decisions.md, "Standings and ratings").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import datetime

from django.db.models import Count, Exists, Max, OuterRef, QuerySet, Subquery, Sum

from games.access import User, club_for
from games.clubs.selectors import club_list
from games.models import Club, HandScore, Match, Player, Seat
from games.stats import cache
from games.stats.models import PROVISIONAL_BELOW, ClubStatsSettings, RatingSnapshot
from games.stats.ratings import Rating
from games.stats.results import MatchResult, SideResult
from games.stats.standings import StandingsRow, mark_provisional, sort_rows, standings


def club_players(*, club: Club) -> QuerySet[Player]:
    """Everyone who has sat at one of ``club``'s matches (by name as the database sorts it: a list shown
    to a reader is sorted again with games/collation.py)."""
    seated = Seat.objects.filter(player=OuterRef("pk"), match__club=club)
    return Player.objects.filter(Exists(seated)).order_by("name", "pk")


def visible_club_ids(*, user: User, club_id: int | None) -> list[int]:
    """The one club asked for (for its members only, as :func:`games.access.club_for` says), or every
    club of ``user``."""
    if club_id is not None:
        return [club_for(user, club_id).pk]
    return list(club_list(user=user).values_list("pk", flat=True))


def finished_matches(
    *, club_ids: Collection[int], game: str | None = None, season_id: int | None = None
) -> QuerySet[Match]:
    """The finished matches of the clubs, optionally of one game and one season (the services always
    set ``finished_at``, the time order of standings and ratings)."""
    matches = Match.objects.filter(
        club_id__in=club_ids, status=Match.Status.FINISHED, finished_at__isnull=False
    )
    if game is not None:
        matches = matches.filter(game=game)
    if season_id is not None:
        matches = matches.filter(season_id=season_id)
    return matches


def with_player(matches: QuerySet[Match], player_id: int) -> QuerySet[Match]:
    """The matches where ``player_id`` had a seat."""
    return matches.filter(Exists(Seat.objects.filter(match=OuterRef("pk"), player_id=player_id)))


def results_of(matches: QuerySet[Match], *, hands: bool = True) -> list[MatchResult]:
    """The matches as values, in time order; ``hands=False`` skips the hand statistics (ratings).

    Each match is read with its seats in one statement, so a match that finishes meanwhile is in whole
    or not at all, never without its players (a replay would rate a side of nobody)."""
    seated = (
        Seat.objects.filter(match__in=matches)
        .order_by("match__finished_at", "match_id", "number")
        .values_list(
            "match_id",
            "side__index",
            "player_id",
            "match__game",
            "match__season_id",
            "match__finished_at",
            "match__totals",
            "match__winner",
            "match__draw",
        )
    )
    seats: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    rows: dict[int, tuple[str, int | None, datetime | None, list[int], int | None, bool]] = {}
    for match_id, side, player, *row in seated:
        seats[match_id][side].append(player)
        rows[match_id] = tuple(row)
    lines = _hand_lines(matches) if hands else {}
    return [
        MatchResult(
            match_id=pk,
            game=game,
            season_id=season_id,
            finished_at=finished_at,
            sides=tuple(
                SideResult(tuple(seats[pk][index]), total, *lines.get((pk, index), ()))
                for index, total in enumerate(totals)
            ),
            winner=winner,
            draw=draw,
        )
        for pk, (game, season_id, finished_at, totals, winner, draw) in rows.items()
        if finished_at is not None  # filtered out already; this tells the type checker
    ]


def _hand_lines(matches: QuerySet[Match]) -> dict[tuple[int, int], tuple[int, int, int | None]]:
    """Per (match, side): hands scored, sweeps, best hand total."""
    lines = (
        HandScore.objects.filter(hand__match__in=matches)
        .values("hand__match_id", "side")
        .annotate(hands=Count("pk"), sweeps=Sum("sweeps"), best=Max("total"))
        .order_by()
    )
    return {
        (line["hand__match_id"], line["side"]): (line["hands"], line["sweeps"], line["best"])
        for line in lines
    }


def fingerprint(club_id: int) -> tuple[object, ...]:
    """What changes whenever a club's match finishes: part of every cache key of the club."""
    found = finished_matches(club_ids=[club_id]).aggregate(
        count=Count("pk"), last=Max("pk"), at=Max("finished_at")
    )
    at: datetime | None = found["at"]
    return (found["count"], found["last"], at.timestamp() if at else None)


def provisional_below(club_id: int) -> int:
    """The club's provisional threshold (docs/rules-decisions.md, Standings and ratings: default 5)."""
    found = (
        ClubStatsSettings.objects.filter(club_id=club_id).values_list("provisional_below", flat=True).first()
    )
    return PROVISIONAL_BELOW if found is None else found


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingsTable:
    """A club's table; ``season_id`` and ``game`` are ``None`` for all seasons or all games."""

    club_id: int
    season_id: int | None
    game: str | None
    provisional_below: int
    rows: list[StandingsRow]


def standings_for(
    *,
    club_id: int,
    season_id: int | None = None,
    game: str | None = None,
    sort: str = "rank",
    descending: bool | None = None,
) -> StandingsTable:
    """The standings, served from the cache; ratings are shown when ``game`` is given."""
    key = _standings_key(fingerprint(club_id), season_id, game)  # before reading the matches
    rows = cache.cached(club_id, key, lambda: _standings_rows(club_id, season_id, game, None))
    below = provisional_below(club_id)
    return StandingsTable(
        club_id=club_id,
        season_id=season_id,
        game=game,
        provisional_below=below,
        rows=sort_rows(mark_provisional(rows, below), sort, descending),
    )


def standings_warm(*, club_id: int) -> int:
    """Compute and cache every table of the club (each season and all, each game and all) from one
    read of its finished matches; how many tables. The refresh task calls it after invalidating."""
    found = fingerprint(club_id)  # first: a match finishing meanwhile is then counted under an old key
    results = results_of(finished_matches(club_ids=[club_id]))
    tables = {(None, None)} | {
        combo for result in results for combo in _tables_of(result.season_id, result.game)
    }
    for season_id, game in tables:
        chosen = [
            result
            for result in results
            if season_id in (None, result.season_id) and game in (None, result.game)
        ]
        key = _standings_key(found, season_id, game)
        cache.cached(club_id, key, lambda: _standings_rows(club_id, season_id, game, chosen))  # noqa: B023
    return len(tables)


def _tables_of(season_id: int | None, game: str) -> set[tuple[int | None, str | None]]:
    return {(None, game), (season_id, None), (season_id, game)}


def _standings_key(found: tuple[object, ...], season_id: int | None, game: str | None) -> tuple[object, ...]:
    return ("standings", *found, season_id, game)


def _standings_rows(
    club_id: int, season_id: int | None, game: str | None, results: list[MatchResult] | None
) -> list[StandingsRow]:
    if results is None:
        results = results_of(finished_matches(club_ids=[club_id], game=game, season_id=season_id))
    rows = standings(results)
    names = dict(Player.objects.filter(pk__in=[row.player_id for row in rows]).values_list("pk", "name"))
    ratings = current_ratings(club_id=club_id, game=game, player_ids=list(names)) if game else {}
    return [_with_rating(replace(row, name=names[row.player_id]), ratings.get(row.player_id)) for row in rows]


def _with_rating(row: StandingsRow, rating: Rating | None) -> StandingsRow:
    if rating is None:
        return row
    return replace(row, rating=rating.display, deviation=rating.deviation)


def current_ratings(*, club_id: int, game: str, player_ids: Collection[int]) -> dict[int, Rating]:
    """Each player's latest rating in the club and game (players never rated are left out)."""
    latest = RatingSnapshot.objects.filter(
        scope__club_id=club_id, scope__game=game, player=OuterRef("pk")
    ).order_by("-finished_at", "-match_ref")
    found = (
        Player.objects.filter(pk__in=player_ids)
        .annotate(mu=Subquery(latest.values("mu")[:1]), sigma=Subquery(latest.values("sigma")[:1]))
        .filter(mu__isnull=False)
        .values_list("pk", "mu", "sigma")
    )
    return {pk: Rating(mu, sigma) for pk, mu, sigma in found}


@dataclass(frozen=True, slots=True, kw_only=True)
class RatingPoint:
    """A point of a player's rating history: after ``match_id``, and the change it brought."""

    match_id: int | None
    finished_at: datetime
    rank: int
    rating: int
    deviation: int
    change: int


def rating_history(*, club_id: int, game: str, player_id: int) -> list[RatingPoint]:
    """The player's rating after each of their matches in the club and game, oldest first."""
    snapshots = RatingSnapshot.objects.filter(
        scope__club_id=club_id, scope__game=game, player_id=player_id
    ).order_by("finished_at", "match_ref")
    points: list[RatingPoint] = []
    previous = Rating().display
    for snapshot in snapshots:
        rating = Rating(snapshot.mu, snapshot.sigma)
        points.append(
            RatingPoint(
                match_id=snapshot.match_id,
                finished_at=snapshot.finished_at,
                rank=snapshot.rank,
                rating=rating.display,
                deviation=rating.deviation,
                change=rating.display - previous,
            )
        )
        previous = rating.display
    return points
