"""The round clock (docs/events.md, "Round clock"): a director starts a clock of N minutes, pauses it,
starts it again where it stopped, or takes it off. It is stored on the event as the moment it ends
(running) or the seconds it has left (stopped), never in a process's memory, so every node and every
phone agrees; the TV page and the desk count down from the server's deadline. Each change is recorded
in the audit log and changes the event's version, so open pages show it at their next poll.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.audit.services import audit_record
from games.events.errors import ClockMinutesNeeded, ClockNotRunning
from games.events.models import Event
from games.events.services import event_locked
from games.matches.services.versions import event_version_bump

MINUTES_MAX = 240


@dataclass(frozen=True, slots=True)
class RoundClock:
    """The clock as a reader sees it at ``now``: its length, when it ends if running, the seconds left."""

    minutes: int
    deadline: datetime | None  # running: when it reaches zero
    left: int  # seconds, now
    now: datetime

    @property
    def running(self) -> bool:
        """Whether the clock is counting down."""
        return self.deadline is not None

    @property
    def shown(self) -> str:
        """What is left as minutes and seconds (``12:05``)."""
        return f"{self.left // 60}:{self.left % 60:02}"


def round_clock(event: Event, now: datetime | None = None) -> RoundClock | None:
    """The event's round clock (``None``: none set)."""
    if event.clock_minutes is None:
        return None
    now = now or timezone.now()
    if event.clock_deadline is not None:
        left = max(0, int((event.clock_deadline - now).total_seconds()))
    else:
        left = event.clock_left if event.clock_left is not None else 60 * event.clock_minutes
    return RoundClock(event.clock_minutes, event.clock_deadline, left, now)


def _state(event: Event) -> dict[str, object]:
    clock = round_clock(event)
    if clock is None:
        return {"minutes": None}
    deadline = None if clock.deadline is None else clock.deadline.isoformat()
    return {"minutes": clock.minutes, "deadline": deadline, "left": clock.left}


def _saved(event: Event, by: User, action: str, before: dict[str, object]) -> Event:
    fields = ["clock_minutes", "clock_deadline", "clock_left"]
    event.save(update_fields=fields)
    event_version_bump(event=event)
    audit_record(by=by, action=action, object=event, before=before, after=_state(event), club=event.club)
    return event


@transaction.atomic
def round_clock_start(*, event: Event, by: User, minutes: int | None = None) -> Event:
    """Start a clock of ``minutes`` from now, or, without ``minutes``, start the stopped clock again
    from where it stopped.

    Raises:
        ClockMinutesNeeded: no ``minutes`` and no clock set.
        PermissionDenied: ``by`` does not direct the event.
    """
    event = event_locked(event, by)
    before = _state(event)
    now = timezone.now()
    if minutes is not None:
        event.clock_minutes, left = minutes, 60 * minutes
    elif event.clock_minutes is None:
        raise ClockMinutesNeeded()
    else:
        clock = round_clock(event, now)
        left = clock.left if clock is not None else 0
    event.clock_deadline, event.clock_left = now + timedelta(seconds=left), None
    return _saved(event, by, "event.clock_started", before)


@transaction.atomic
def round_clock_pause(*, event: Event, by: User) -> Event:
    """Stop the running clock, keeping the seconds it has left.

    Raises:
        ClockNotRunning: no clock is running.
        PermissionDenied: ``by`` does not direct the event.
    """
    event = event_locked(event, by)
    clock = round_clock(event)
    if clock is None or not clock.running:
        raise ClockNotRunning()
    before = _state(event)
    event.clock_deadline, event.clock_left = None, clock.left
    return _saved(event, by, "event.clock_paused", before)


@transaction.atomic
def round_clock_reset(*, event: Event, by: User) -> Event:
    """Take the clock off (the pages show none until it is started again).

    Raises:
        PermissionDenied: ``by`` does not direct the event.
    """
    event = event_locked(event, by)
    before = _state(event)
    event.clock_minutes = event.clock_deadline = event.clock_left = None
    return _saved(event, by, "event.clock_reset", before)
