"""Side effects of a write (standings refresh, notifications) go through Celery after commit.

They never block or endanger the write: the match is flagged ``pending_followups`` inside the write's
transaction, and only the task, once it has run with no other such write meanwhile, clears the flag
(at least once: a message lost with a broker or a worker is sent again). When the broker is down the
dispatch is logged and skipped; :func:`followups_resend` (the ``followups_resend`` task, which beat
runs every minute, the management command, and every later successful dispatch) sends what is still
pending. The task recomputes, so running it twice does no harm. Any error while dispatching is
logged, never raised: the write has committed and its answer must not become a 500.

One effect does not wait for a worker: the club's cached standings are invalidated as the write
commits, so the next read on any node (they share the cache) computes them from the database.
"""

from __future__ import annotations

import logging
from functools import partial

from celery import current_app
from django.db import transaction
from django.db.models import F
from kombu.exceptions import OperationalError as BrokerUnavailable
from redis.exceptions import RedisError

from games.models import Match
from games.stats import cache as stats_cache

logger = logging.getLogger(__name__)
RESEND_BATCH = 50
TASK = "games.tasks.match_updated"  # named, not imported: that task calls this module
CATCH_UP_BATCH = 5  # piggybacked on a live request: keep it small


def followups_schedule(*, match: Match) -> None:
    """Flag ``match`` in the current transaction; once it commits, invalidate its club's standings and
    dispatch its follow-ups."""
    # A task that began before this write sees the count change and leaves the flag for another run.
    Match.objects.filter(pk=match.pk).update(pending_followups=True, followups_asked=F("followups_asked") + 1)
    if match.club_id is not None:
        transaction.on_commit(partial(stats_cache.invalidate, match.club_id), robust=True)
    transaction.on_commit(partial(_dispatch, match_id=match.pk), robust=True)


def _dispatch(*, match_id: int) -> None:
    """Send this match's follow-ups; once the broker answers again, also what an outage left pending."""
    if followups_send(match_id=match_id):
        followups_resend(limit=CATCH_UP_BATCH)


def followups_send(*, match_id: int) -> bool:
    """Queue the match's follow-up task; ``False`` (logged, flag kept) when the broker is unreachable."""
    try:
        # One connection attempt, no publish retries: a dead broker must fail at once, not hold the
        # phone's request for the seconds Celery's default retry policy would spend.
        with current_app.producer_or_acquire() as producer:
            producer.connection.ensure_connection(max_retries=0)
            current_app.tasks[TASK].apply_async((match_id,), producer=producer, retry=False)
    except (BrokerUnavailable, RedisError, OSError):
        logger.warning("Broker unavailable: follow-ups of match %s stay pending", match_id, exc_info=True)
        return False
    return True


def followups_asked(*, match_id: int) -> int | None:
    """How many writes had asked for the match's follow-ups as a task begins (``None``: it is gone)."""
    return Match.objects.filter(pk=match_id).values_list("followups_asked", flat=True).first()


def followups_done(*, match_id: int, asked: int) -> None:
    """The match's follow-up task, begun when ``asked`` writes had asked for it, has run: clear the
    flag, unless another write asked meanwhile (beat or the next write sends the task again)."""
    Match.objects.filter(pk=match_id, followups_asked=asked).update(pending_followups=False)


def followups_resend(*, limit: int | None = RESEND_BATCH) -> int:
    """Send the follow-ups of up to ``limit`` flagged matches (``None``: all); how many went out."""
    pending = Match.objects.filter(pending_followups=True).order_by("pk").values_list("pk", flat=True)
    sent = 0
    for match_id in list(pending if limit is None else pending[:limit]):
        if not followups_send(match_id=match_id):
            break
        sent += 1
    return sent
