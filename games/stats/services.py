"""Writes for statistics: rating snapshots replayed from the first affected match, and cache refresh.

Idempotent: a refresh recomputes from the finished matches (the stored log's derived rows) and never
increments. One replay per club and game at a time (the :class:`RatingScope` row is locked).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from games.models import Match
from games.stats import cache
from games.stats.models import RatingScope, RatingSnapshot
from games.stats.ratings import Rating, Snapshot, latest, replay
from games.stats.results import MatchKey
from games.stats.selectors import current_ratings, finished_matches, results_of, standings_warm

Progress = Callable[[int], None]
"""Called with how many more matches were rated (the rebuild command's progress bar)."""

CHUNK = 1000


def stats_refresh_for_match(*, match_id: int) -> int:
    """After a match finished, was corrected or deleted: replay the ratings it affects, then recompute
    its club's cached standings. Returns how many ratings (club and game) were replayed."""
    replayed = [
        (club_id, game)
        for club_id, game in _scopes_of(match_id)
        if ratings_refresh(club_id=club_id, game=game, changed=[match_id])
    ]
    for club_id in {club_id for club_id, _ in replayed}:
        standings_warm(club_id=club_id)
    return len(replayed)


def _scopes_of(match_id: int) -> set[tuple[int, str]]:
    """Where the match counts now, and where it was rated before (it may have been deleted)."""
    scopes = set(
        RatingScope.objects.filter(snapshots__match_ref=match_id).values_list("club_id", "game").distinct()
    )
    now = Match.objects.filter(pk=match_id, club__isnull=False).values_list("club_id", "game").first()
    if now is not None and now[0] is not None:
        scopes.add((now[0], now[1]))
    return scopes


@transaction.atomic
def ratings_refresh(*, club_id: int, game: str, changed: Collection[int] = ()) -> bool:
    """Replay the club's ratings in ``game`` from the earliest match that changed, is not rated yet, or
    was rated but no longer counts (deleted, reopened, abandoned), and invalidate the club's cached
    standings. ``False`` when the ratings were up to date (nothing done)."""
    scope = _locked_scope(club_id, game)
    start = _replay_start(scope, changed)
    if start is None:
        return False
    _replay(scope, start)
    transaction.on_commit(lambda: cache.invalidate(club_id))
    return True


@transaction.atomic
def ratings_rebuild(*, club_id: int, game: str, progress: Progress | None = None) -> int:
    """Replay all the club's ratings in ``game`` from scratch. Returns snapshots written."""
    scope = _locked_scope(club_id, game)
    RatingSnapshot.objects.filter(scope=scope).delete()
    results = results_of(_counted(scope), hands=False)
    written = 0
    current: dict[int, Rating] = {}
    for first in range(0, len(results), CHUNK):
        chunk = results[first : first + CHUNK]
        written += _store(scope, replay(chunk, current), current)
        if progress is not None:
            progress(len(chunk))
    transaction.on_commit(lambda: cache.invalidate(club_id))
    return written


@dataclass(frozen=True, slots=True)
class RebuildReport:
    """What a rebuild counted: scopes, matches, rating snapshots and standings tables."""

    scopes: int
    matches: int
    snapshots: int
    tables: int


def stats_rebuild(*, club_ids: Iterable[int], progress: Progress | None = None) -> RebuildReport:
    """Rebuild every rating of the clubs (each club and game in its own transaction), then recompute
    their cached standings."""
    scopes = rebuild_scopes(club_ids)
    snapshots = sum(ratings_rebuild(club_id=club, game=game, progress=progress) for club, game in scopes)
    clubs = sorted({club for club, _ in scopes})
    tables = sum(standings_warm(club_id=club) for club in clubs)
    matches = finished_matches(club_ids=clubs).count()
    return RebuildReport(scopes=len(scopes), matches=matches, snapshots=snapshots, tables=tables)


def rebuild_scopes(club_ids: Iterable[int]) -> list[tuple[int, str]]:
    """Every (club, game) with finished matches or ratings: what a rebuild replays."""
    clubs = list(club_ids)
    played = finished_matches(club_ids=clubs).values_list("club_id", "game").distinct()
    rated = RatingScope.objects.filter(club_id__in=clubs).values_list("club_id", "game")
    return sorted({(club, game) for club, game in [*played, *rated] if club is not None})


def _locked_scope(club_id: int, game: str) -> RatingScope:
    scope, _ = RatingScope.objects.get_or_create(club_id=club_id, game=game)
    return RatingScope.objects.select_for_update().get(pk=scope.pk)


def _counted(scope: RatingScope) -> QuerySet[Match]:
    return finished_matches(club_ids=[scope.club_id], game=scope.game)


def _replay_start(scope: RatingScope, changed: Collection[int]) -> MatchKey | None:
    """The earliest place the ratings are out of date (``None``: they are up to date)."""
    counted = _counted(scope)
    stale = (
        RatingSnapshot.objects.filter(scope=scope)
        .filter(Q(match_ref__in=changed) | ~Q(match__in=counted) | Q(match__isnull=True))
        .order_by("finished_at", "match_ref")
        .values_list("finished_at", "match_ref")
        .first()
    )
    rated = RatingSnapshot.objects.filter(match=OuterRef("pk"))
    unrated = (
        counted.filter(Q(pk__in=changed) | ~Exists(rated))
        .order_by("finished_at", "pk")
        .values_list("finished_at", "pk")
        .first()
    )
    return min(((at, pk) for at, pk in filter(None, (stale, unrated)) if at is not None), default=None)


def _after(start: MatchKey, time: str, ref: str) -> Q:
    return Q(**{f"{time}__gt": start[0]}) | Q(**{time: start[0], f"{ref}__gte": start[1]})


def _replay(scope: RatingScope, start: MatchKey) -> None:
    """Drop the snapshots from ``start`` on and rate the matches from there again."""
    RatingSnapshot.objects.filter(scope=scope).filter(_after(start, "finished_at", "match_ref")).delete()
    results = results_of(_counted(scope).filter(_after(start, "finished_at", "pk")), hands=False)
    players = {player for result in results for player in result.players}
    before = current_ratings(club_id=scope.club_id, game=scope.game, player_ids=players)
    _store(scope, replay(results, before), before)


def _store(scope: RatingScope, snapshots: Sequence[Snapshot], current: dict[int, Rating]) -> int:
    """Save ``snapshots`` and move ``current`` on to the ratings after them."""
    RatingSnapshot.objects.bulk_create(
        (
            RatingSnapshot(
                scope=scope,
                match_id=snapshot.match_id,
                match_ref=snapshot.match_id,
                finished_at=snapshot.finished_at,
                player_id=snapshot.player_id,
                rank=snapshot.rank,
                mu=snapshot.rating.mu,
                sigma=snapshot.rating.sigma,
            )
            for snapshot in snapshots
        ),
        batch_size=CHUNK,
    )
    current.update(latest(snapshots))
    RatingScope.objects.filter(pk=scope.pk).update(replayed_at=timezone.now())
    return len(snapshots)
