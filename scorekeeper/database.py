"""Database limits of the web processes: a slow statement or a database that stops answering fails the
request in seconds instead of holding a worker. Celery tasks and management commands (rebuilds,
migrations) keep running without them.

Two limits, because a hung server enforces none of its own:

- ``WEB_STATEMENT_TIMEOUT_MS``: PostgreSQL cancels a statement that runs longer (``statement_timeout``).
- ``WEB_DATABASE_TIMEOUT_MS``: a database call (a statement, a fetch, a commit; ``HEALTH_CHECK_LIMIT``
  for a kept connection's first call in a request) that has had no answer for this long gets its
  connection cut from this side (:class:`Watchdog`), so it fails with ``OperationalError`` and the
  connection is dropped. A stopped (``SIGSTOP``), swapping or
  deadlocked server still accepts TCP and acknowledges every packet in its kernel, so neither TCP
  keepalives nor ``tcp_user_timeout`` ever fire; only the client can give up.

Opening a connection is bounded by psycopg's ``connect_timeout`` (``DATABASE_CONNECT_TIMEOUT``).

Under load both limits are not enough: requests queue behind the ones waiting out their seconds, so the
tenth write of a busy node would wait for nine timeouts. Once a call was cut or a connection could not
be opened, the process's :class:`Breaker` fails new connections at once, trying the database again
once per ``Breaker.RETRY`` seconds (a request, or the ``/livez`` check the balancer asks for), until it
answers (tests/test_hung_parts.py).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from typing import Any

from django.conf import settings
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created

logger = logging.getLogger(__name__)

TICK = 0.1  # seconds between the watchdog's looks while some call waits
# A kept connection's first call in a request, which stands for a health check (scorekeeper/postgresql),
# and the check after an error have a shorter limit: a hung server is found within it.
HEALTH_CHECK_LIMIT = 1.0


class Watchdog:
    """Cuts the socket of a database connection whose call has waited past its deadline.

    A call is armed on entry and disarmed on exit (``scorekeeper.postgresql``); one thread per process
    looks at the armed calls while there are any. Arming, disarming and cutting hold one lock, so a
    socket is only ever cut while its call still waits on it (never a descriptor reused since).
    """

    def __init__(self) -> None:
        self.limit: float | None = None  # seconds; None: calls are not watched (tasks, commands)
        self.forked()

    def forked(self) -> None:
        """A fresh state in a new process (a gunicorn worker forked after ``--preload``)."""
        self._lock = threading.Lock()
        self._waiting: dict[int, tuple[float, BaseDatabaseWrapper]] = {}
        self._busy = threading.Event()
        self._pid = 0  # the process whose thread runs; a forked worker starts its own

    def arm(self, db: BaseDatabaseWrapper, limit: float | None = None) -> None:
        """Watch ``db``'s call from now on, for ``limit`` seconds if that is shorter than the limit."""
        if self.limit is None:
            return
        with self._lock:
            self._waiting[id(db)] = (time.monotonic() + min(limit or self.limit, self.limit), db)
            if self._pid != os.getpid():
                self._pid = os.getpid()
                threading.Thread(target=self._run, name="database-watchdog", daemon=True).start()
        self._busy.set()

    def disarm(self, db: BaseDatabaseWrapper) -> None:
        with self._lock:
            self._waiting.pop(id(db), None)

    def _run(self) -> None:
        while True:
            self._busy.wait()
            time.sleep(TICK)
            with self._lock:
                now = time.monotonic()
                for key, (deadline, db) in list(self._waiting.items()):
                    if deadline <= now:
                        del self._waiting[key]
                        _cut(db)
                if not self._waiting:
                    self._busy.clear()


class Breaker:
    """Whether this process may try to open a database connection: yes while the database answers;
    after a failure, one try per ``RETRY`` seconds, the others refused at once, until a try succeeds."""

    RETRY = 1.0  # seconds between tries while the database does not answer

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._next_try: float | None = None  # None: closed, every connection is tried

    def may_try(self) -> bool:
        """Whether to try now; a try taken while open moves the next one ``RETRY`` seconds on."""
        with self._lock:
            now = time.monotonic()
            if self._next_try is None:
                return True
            if now < self._next_try:
                return False
            self._next_try = now + self.RETRY
            return True

    def failed(self) -> None:
        with self._lock:
            if self._next_try is None:
                self._next_try = time.monotonic() + self.RETRY

    def answered(self) -> None:
        with self._lock:
            self._next_try = None


def _cut(db: BaseDatabaseWrapper) -> None:
    """Shut the connection's socket: the waiting call gets end-of-file at once."""
    try:
        fd = db.connection.pgconn.socket
        with socket.socket(fileno=os.dup(fd)) as sock:
            sock.shutdown(socket.SHUT_RDWR)
    except Exception:  # closed or broken meanwhile: the call has failed or returned by itself
        return
    BREAKER.failed()
    logger.warning("The database did not answer in time: connection cut")


WATCHDOG = Watchdog()
BREAKER = Breaker()
os.register_at_fork(after_in_child=WATCHDOG.forked)


def _limit_statements(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    # A pooled connection was limited once, as the pool opened it (scorekeeper/postgresql).
    if connection.vendor == "postgresql" and not getattr(connection, "pool", None):
        with connection.cursor() as cursor:
            limit_statements(cursor)


def limit_statements(cursor: Any) -> None:
    """The connection of ``cursor`` cancels statements that run longer than ``WEB_STATEMENT_TIMEOUT_MS``
    (if set)."""
    if settings.WEB_STATEMENT_TIMEOUT_MS:
        with cursor:
            limit = f"{settings.WEB_STATEMENT_TIMEOUT_MS}ms"
            cursor.execute("SELECT set_config('statement_timeout', %s, false)", [limit])


def limit_web_statements() -> None:
    """Every database connection this process opens from now on cancels statements that run longer
    than ``WEB_STATEMENT_TIMEOUT_MS``, and every call that waits longer than ``WEB_DATABASE_TIMEOUT_MS``
    is cut."""
    connection_created.connect(_limit_statements, dispatch_uid="web-statement-timeout")
    WATCHDOG.limit = settings.WEB_DATABASE_TIMEOUT_MS / 1000


POOL_SIZE = 10  # connections at most, per process: each check holds one for a few milliseconds


def pooled(database: dict[str, Any]) -> None:
    """``database``'s settings (one of ``DATABASES``) for the ASGI server: PostgreSQL's connections
    taken from a pool of the process, and handed back when closed.

    Under ASGI each request runs its synchronous part in a thread of its own: a connection kept open
    after the request would never be used again, and would stay open until collected. A stream's access
    check, at its connect and every 30 s, would otherwise open one each time (a PostgreSQL process
    started, without PgBouncer), about as much work as the check itself. A connection is checked as it
    is taken without a round trip, as a kept one is (scorekeeper/postgresql), in place of the pool's
    own check (an empty query each time): a PgBouncer or PostgreSQL restarted meanwhile is found."""
    database["CONN_MAX_AGE"] = 0
    if "postgresql" in database["ENGINE"]:
        database["CONN_HEALTH_CHECKS"] = False  # the pool's check; the quiet one stays
        options = database.setdefault("OPTIONS", {})
        # As long as a connection takes to open (settings.py): a database away fails the request in seconds.
        options["pool"] = {"min_size": 1, "max_size": POOL_SIZE, "timeout": options.get("connect_timeout", 3)}
