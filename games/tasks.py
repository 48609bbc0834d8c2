"""Celery tasks: thin wrappers that take ids and call services."""

from __future__ import annotations

import logging

from celery import shared_task
from django.contrib.auth import get_user_model

from games.models import Match

logger = logging.getLogger(__name__)


@shared_task
def users_count() -> int:
    """How many user accounts exist: a round trip through the worker and the database."""
    return get_user_model().objects.count()


@shared_task
def match_updated(match_id: int) -> str | None:
    """After a hand closes, is corrected, or the match ends: the hook for standings and notifications.

    Idempotent (it recomputes, never increments). The standings issue fills in the refresh; for now it
    logs a finished match and returns its status.
    """
    status = Match.objects.filter(pk=match_id).values_list("status", flat=True).first()
    if status == Match.Status.FINISHED:
        logger.info("Match %s is finished", match_id)
    return status


@shared_task
def followups_resend() -> int:
    """Catch-up: re-send the follow-ups that a broker outage left pending (run it periodically)."""
    from games.services.followups import followups_resend as resend  # the service module imports this one

    return resend()
