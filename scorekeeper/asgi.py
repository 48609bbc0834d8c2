"""ASGI entry point: ``make run``'s whole app, and in production the push streams (docs/architecture.md,
"Push") beside gunicorn."""

import os
from typing import Any, cast

from django.conf import settings

from scorekeeper.asgi_handler import one_hop_application
from scorekeeper.database import pooled
from scorekeeper.logs import mask_access_logs

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
for database in settings.DATABASES.values():
    pooled(cast(dict[str, Any], database))  # dj-database-url's TypedDict
application = one_hop_application()
mask_access_logs()

from scorekeeper.database import limit_web_statements  # noqa: E402  (needs the settings loaded)

limit_web_statements()
