"""ASGI entry point: ``make run``'s whole app, and in production the push streams (docs/architecture.md,
"Push") beside gunicorn."""

import os

from django.conf import settings
from django.core.asgi import get_asgi_application

from scorekeeper.logs import mask_access_logs

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
# Under ASGI each request runs its synchronous part in a thread of its own: a connection kept open after
# the request would never be used again, and would stay open until collected.
for database in settings.DATABASES.values():
    database["CONN_MAX_AGE"] = 0
application = get_asgi_application()
mask_access_logs()

from scorekeeper.database import limit_web_statements  # noqa: E402  (needs the settings loaded)

limit_web_statements()
