"""A health check shared by every caller in one process: run at most once at a time, in a thread of its
own, its report kept so that callers in between get the same answer, and no caller waits on it longer
than a bound, whatever the parts it asks do.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.db import connections


@dataclass
class Report:
    """What a check found so far: each part ``True`` once it answered well; ``False`` until then."""

    checks: dict[str, bool]
    details: dict[str, object] = field(default_factory=dict)
    finished: float | None = None  # time.monotonic() when the check ended; None while it runs
    done: threading.Event = field(default_factory=threading.Event, repr=False)

    @property
    def failed(self) -> list[str]:
        return [name for name, ok in self.checks.items() if not ok]


class SharedCheck:
    """``run`` fills a report of ``parts``; :meth:`report` answers from one younger than ``fresh``
    seconds, else starts a new check (unless one runs) and answers from the previous report if it is
    younger than ``stale``, else from the running one after at most ``wait`` seconds (parts that have
    not answered by then count as failed)."""

    def __init__(
        self,
        run: Callable[[Report], None],
        parts: Callable[[], Sequence[str]],
        *,
        fresh: float,
        stale: float,
        wait: float,
    ) -> None:
        self.run, self.parts = run, parts
        self.fresh, self.stale, self.wait = fresh, stale, wait
        self._lock = threading.Lock()
        self._latest: Report | None = None
        self._running: Report | None = None
        self._pid = os.getpid()

    def forget(self) -> None:
        """Drop the reports kept, and the one under way (tests that change the parts between calls)."""
        with self._lock:
            self._latest = self._running = None

    def report(self) -> Report:
        with self._lock:
            if self._pid != os.getpid():  # forked: the parent's thread and reports are not ours
                self._pid, self._latest, self._running = os.getpid(), None, None
            latest, now = self._latest, time.monotonic()
            if latest is not None and latest.finished is not None and now - latest.finished < self.fresh:
                return latest
            running = self._running
            if running is None:
                running = self._running = Report(dict.fromkeys(self.parts(), False))
                thread = threading.Thread(
                    target=self._check, args=(running,), name="health-check", daemon=True
                )
                thread.start()
            if latest is not None and latest.finished is not None and now - latest.finished < self.stale:
                return latest
        running.done.wait(self.wait)
        return running

    def _check(self, report: Report) -> None:
        try:
            self.run(report)
        finally:
            connections.close_all()  # this thread's own connections: it ends here
            report.finished = time.monotonic()
            with self._lock:
                if self._running is report:  # not forgotten meanwhile
                    self._latest, self._running = report, None
            report.done.set()
