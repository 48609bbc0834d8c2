"""Celery tasks of club events: thin wrappers that take ids and call the event services."""

from __future__ import annotations

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from games.events import jobs


@shared_task(ignore_result=True)  # the job's row is the result: any node reads it from the database
def event_round_pair(job_id: int) -> str:
    """Pair (and unless a draft, publish) the round of pairing job ``job_id``; idempotent: a job no
    longer running is left as it is. Returns the job's status. A run cut short by the time limit, or
    by a bug, marks the job failed, so that the event can be paired again at once."""
    try:
        return jobs.pairing_job_run(job_id=job_id)
    except (SoftTimeLimitExceeded, Exception):  # any end but its own marks the job, then Celery logs it
        jobs.pairing_job_lost(job_id=job_id)
        raise
