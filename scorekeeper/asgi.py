"""ASGI entry point: ``make run``'s whole app, and in production the push streams (docs/architecture.md,
"Push") beside gunicorn."""

import os

from django.conf import settings

from scorekeeper.asgi_handler import one_hop_application
from scorekeeper.logs import mask_access_logs

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
POOL_SIZE = 10  # connections at most, per process: each check holds one for a few milliseconds
# Under ASGI each request runs its synchronous part in a thread of its own: a connection kept open after
# the request would never be used again, and would stay open until collected. PostgreSQL's are taken
# from a pool of the process instead, and handed back when closed: a stream's access check, at its
# connect and every 30 s, would otherwise open one each time (a PostgreSQL process started, without
# PgBouncer), about as much work as the check itself. With CONN_HEALTH_CHECKS (settings.py) each is
# checked as it is taken (a PgBouncer or PostgreSQL restarted meanwhile).
for database in settings.DATABASES.values():
    database["CONN_MAX_AGE"] = 0
    if "postgresql" in database["ENGINE"]:
        options = database.setdefault("OPTIONS", {})
        # As long as a connection takes to open (settings.py): a database away fails the request in seconds.
        options["pool"] = {"min_size": 1, "max_size": POOL_SIZE, "timeout": options.get("connect_timeout", 3)}
application = one_hop_application()
mask_access_logs()

from scorekeeper.database import limit_web_statements  # noqa: E402  (needs the settings loaded)

limit_web_statements()
