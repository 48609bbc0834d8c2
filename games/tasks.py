"""Celery tasks: thin wrappers that take ids and call services."""

from __future__ import annotations

from celery import shared_task
from django.contrib.auth import get_user_model


@shared_task
def users_count() -> int:
    """How many user accounts exist: a round trip through the worker and the database."""
    return get_user_model().objects.count()
