"""Celery tasks: thin wrappers that take ids and call services."""

from __future__ import annotations

from celery import shared_task
from django.contrib.auth import get_user_model

from games.idempotency import services as idempotency
from games.matches.services.followups import followups_asked, followups_done
from games.matches.services.followups import followups_resend as resend
from games.models import Match
from games.people.services.accounts import mail_send_now
from games.stats.reviews import reviews_refresh
from games.stats.services import stats_refresh_for_match


@shared_task
def users_count() -> int:
    """How many user accounts exist: a round trip through the worker and the database."""
    return get_user_model().objects.count()


@shared_task(ignore_result=True)
def mail_send(subject: str, body: str, to: str) -> bool:
    """A mail written in a request (a password reset), sent here so that the answer does not wait for
    the mail server (docs/accounts.md). Whether it went; a failure is logged."""
    return mail_send_now(subject=subject, body=body, to=to)


@shared_task(ignore_result=True)  # no result backend round trip: a dead Redis must not hold the write
def match_updated(match_id: int) -> str | None:
    """After a hand closes, is corrected, or the match ends: the hook for standings and notifications.

    Idempotent (it recomputes, never increments): replays the ratings the match affects and invalidates
    its club's cached standings, recomputes its hands' reviews, then clears the
    match's ``pending_followups`` flag unless another write asked for them meanwhile. Returns the
    match's status (``None`` once deleted).
    """
    asked = followups_asked(match_id=match_id)
    stats_refresh_for_match(match_id=match_id)
    reviews_refresh(match_id=match_id)  # after the standings: they never wait for the reviews
    if asked is None:
        return None
    followups_done(match_id=match_id, asked=asked)
    return Match.objects.filter(pk=match_id).values_list("status", flat=True).first()


@shared_task(ignore_result=True)
def followups_resend() -> int:
    """Catch-up: re-send the follow-ups that a broker outage left pending (run it periodically)."""
    return resend()


@shared_task(ignore_result=True)
def idempotent_requests_prune() -> int:
    """Forget the answers of old retried creates (run it daily)."""
    return idempotency.idempotent_requests_prune()
