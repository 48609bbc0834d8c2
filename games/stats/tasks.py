"""Celery tasks of the statistics: thin wrappers that take ids and call :mod:`games.stats.services`.

``games.tasks`` imports this module, so the worker (which autodiscovers ``games.tasks``) knows them.
"""

from __future__ import annotations

from celery import shared_task

from games.stats.services import stats_rebuild, stats_refresh_for_match


@shared_task(acks_late=True)
def stats_refresh(match_id: int) -> int:
    """Replay the ratings a match affects and invalidate its club's standings (idempotent)."""
    return stats_refresh_for_match(match_id=match_id)


@shared_task(acks_late=True)
def stats_rebuild_clubs(club_ids: list[int]) -> int:
    """Recompute every rating of the clubs and invalidate their standings; snapshots written."""
    return stats_rebuild(club_ids=club_ids).snapshots
