"""A statement timeout for the web processes: a slow query fails the request instead of holding a
worker. Celery tasks and management commands (rebuilds, migrations) keep running without one."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created


def _limit_statements(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    if connection.vendor == "postgresql" and settings.WEB_STATEMENT_TIMEOUT_MS:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('statement_timeout', %s, false)",
                [f"{settings.WEB_STATEMENT_TIMEOUT_MS}ms"],
            )


def limit_web_statements() -> None:
    """Every database connection this process opens from now on cancels statements that run longer
    than ``WEB_STATEMENT_TIMEOUT_MS``."""
    connection_created.connect(_limit_statements, dispatch_uid="web-statement-timeout")
