"""Pairing a round without holding a web worker (docs/events-pairing.md, "How big").

A field up to the inline limit (``EVENT_PAIRING_INLINE_MAX`` Swiss entrants, or
``EVENT_TABLES_PAIRING_INLINE_MAX`` for pods and partners: what pairs in well under 2 s of CPU) is paired
in the request, as :func:`~games.events.services.round_pair` always did. A larger one gets a
:class:`~games.events.models.PairingJob` row, and a Celery task pairs it after the request commits: the
job's row, in the database, is what every node's desk and API read. While the job runs the event takes
no other pairing and no entry or drop (409 ``event.pairing_running``).

The task pairs without locking the event (a pairing may take many seconds), then locks it, reads the
field again and publishes only if the field is the one it paired; otherwise (a result corrected
meanwhile) it pairs again, up to :data:`ATTEMPTS` times.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from functools import partial

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerUnavailable
from redis.exceptions import RedisError

from games.events.errors import PairingLost
from games.events.models import Event, PairingJob
from games.events.pairing import Entrant
from games.events.services import (
    PlannedRound,
    PlannedTable,
    event_locked,
    pairing_free,
    pairing_job_fail,
    round_entrants,
    round_next,
    round_plan,
    round_store,
)
from games.rules.errors import CodedError

logger = logging.getLogger(__name__)
ATTEMPTS = 3
TASK = "games.events.tasks.event_round_pair"  # named, not imported: that task calls this module


def pairs_inline(event: Event, players: int) -> bool:
    """Whether a web request may pair a round of ``players`` of ``event`` itself (a round robin's
    Berger table always: it costs nothing)."""
    if event.format == Event.Format.ROUND_ROBIN:
        return True
    if event.format == Event.Format.SWISS:
        return players <= settings.EVENT_PAIRING_INLINE_MAX
    return players <= settings.EVENT_TABLES_PAIRING_INLINE_MAX


@transaction.atomic
def round_pair_start(*, event: Event, by: User, draft: bool = False) -> PlannedRound | PairingJob:
    """Pair the next round as :func:`~games.events.services.round_pair` does when the field is small
    (the round), else start a pairing job (the job, running; a task pairs it after commit).

    Raises:
        what :func:`~games.events.services.round_pair` raises, before any job starts.
    """
    event = event_locked(event, by)
    pairing_free(event)
    upcoming = round_next(event)
    if pairs_inline(event, len(upcoming.active)):  # as round_pair does, the field read once
        planned = round_plan(event, upcoming, round_entrants(event, upcoming))
        return planned if draft else round_store(event=event, by=by, upcoming=upcoming, planned=planned)
    job = PairingJob.objects.create(event=event, number=upcoming.number, draft=draft, by=by)
    transaction.on_commit(partial(pairing_job_send, job_id=job.pk), robust=True)
    return job


@transaction.atomic
def round_draft(*, event: Event, by: User) -> PlannedRound | None:
    """The next round's draft paired here, storing nothing; ``None`` when its field is too large for a
    request (:func:`round_pair_start` with ``draft`` has a task draft it).

    Raises:
        what :func:`~games.events.services.round_pair` raises.
    """
    event = event_locked(event, by)
    pairing_free(event)
    upcoming = round_next(event)
    if not pairs_inline(event, len(upcoming.active)):
        return None
    return round_plan(event, upcoming, round_entrants(event, upcoming))


def pairing_job_send(*, job_id: int) -> None:
    """Queue the job's task; with the broker unreachable, the job fails at once (logged)."""
    try:
        with current_app.producer_or_acquire() as producer:
            producer.connection.ensure_connection(max_retries=0)
            current_app.tasks[TASK].apply_async((job_id,), producer=producer, retry=False)
    except (BrokerUnavailable, RedisError, OSError):
        logger.warning("Broker unavailable: pairing job %s failed", job_id, exc_info=True)
        pairing_job_lost(job_id=job_id)


def pairing_job_lost(*, job_id: int) -> None:
    """The job's task will not finish: mark it failed (``event.pairing_lost``) if still running."""
    job = PairingJob.objects.filter(pk=job_id).first()
    if job is not None:
        pairing_job_fail(job=job, error=PairingLost(number=job.number))


def pairing_job_run(*, job_id: int) -> str:
    """The task's body: pair the job's round, store it (or the draft), mark the job done; a refusal
    of the services (a round left open meanwhile, the director no longer an admin) fails it."""
    job = PairingJob.objects.select_related("event", "by").filter(pk=job_id).first()
    if job is None:
        return "gone"
    if job.status != PairingJob.Status.RUNNING:
        return job.status
    try:
        if job.by is None:
            raise PermissionDenied
        for _ in range(ATTEMPTS):
            upcoming = round_next(job.event)
            entrants = round_entrants(job.event, upcoming)
            planned = round_plan(job.event, upcoming, entrants, in_task=True)
            if _stored(job, job.by, planned, entrants):
                return PairingJob.Status.DONE
        raise PairingLost(number=job.number)
    except PermissionDenied:
        pairing_job_fail(job=job, error=PairingLost(number=job.number))
    except CodedError as error:
        pairing_job_fail(job=job, error=error)
    return PairingJob.Status.FAILED


@transaction.atomic
def _stored(job: PairingJob, by: User, planned: PlannedRound, entrants: list[Entrant]) -> bool:
    """Store the job's pairing if the field is still the one paired (False: pair again)."""
    event = event_locked(job.event, by)
    current = PairingJob.objects.select_for_update().get(pk=job.pk)
    if current.status != PairingJob.Status.RUNNING:
        return True  # marked lost meanwhile: its pairing no longer counts
    upcoming = round_next(event)
    if upcoming.number != job.number or round_entrants(event, upcoming) != entrants:
        return False
    plan = None
    if job.draft:
        plan = asdict(planned)
    else:
        round_store(event=event, by=by, upcoming=upcoming, planned=planned)
    current.status, current.plan, current.finished_at = PairingJob.Status.DONE, plan, timezone.now()
    current.save(update_fields=["status", "plan", "finished_at"])
    return True


@dataclass(frozen=True, slots=True)
class JobError:
    """A failed job's error as :func:`games.messages.violation_text` words it."""

    code: str
    template: str
    facts: dict[str, object]


def job_error(job: PairingJob) -> JobError | None:
    """The error a failed job keeps (``None`` for the others); one marked failed by hand (the admin) is
    ``event.pairing_lost``."""
    if job.status != PairingJob.Status.FAILED:
        return None
    if not job.error:
        return JobError(PairingLost.code, PairingLost.template, {"number": job.number})
    return JobError(job.error["code"], job.error["template"], dict(job.error.get("facts") or {}))


def job_plan(job: PairingJob) -> PlannedRound | None:
    """A finished draft job's pairing (``None`` for the others)."""
    data = job.plan
    if job.status != PairingJob.Status.DONE or not data:
        return None
    tables = tuple(
        PlannedTable(
            number=table["number"],
            players=tuple(table["players"]),
            sides=tuple(tuple(side) for side in table["sides"]),
            dealer=table["dealer"],
            reasons=tuple(table["reasons"]),
            match=table["match"],
        )
        for table in data["tables"]
    )
    return PlannedRound(
        number=data["number"],
        seed=data["seed"],
        tables=tables,
        byes=tuple(data["byes"]),
        rematches=tuple((a, b) for a, b in data["rematches"]),
        published=False,
        bye_reasons=tuple(data["bye_reasons"]),
    )
