"""Celery tasks of the statistics: thin wrappers that take ids and call :mod:`games.stats.services`.

The refresh after each finished or corrected match runs inside ``games.tasks.match_updated``.
"""

from __future__ import annotations

from celery import shared_task

from games.stats.services import stats_rebuild


@shared_task(acks_late=True)
def stats_rebuild_clubs(club_ids: list[int]) -> int:
    """Recompute every rating of the clubs and invalidate their standings; snapshots written."""
    return stats_rebuild(club_ids=club_ids).snapshots
