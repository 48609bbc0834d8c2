"""WSGI entry point (gunicorn scorekeeper.wsgi:application)."""

import os

from django.core.wsgi import get_wsgi_application

from scorekeeper.logs import mask_access_logs

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_wsgi_application()
mask_access_logs()

from scorekeeper.database import limit_web_statements  # noqa: E402  (needs the settings loaded)
from scorekeeper.warmup import warm_up  # noqa: E402

limit_web_statements()
warm_up()
