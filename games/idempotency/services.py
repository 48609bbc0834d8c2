"""Upkeep of the answers kept for retried creates (``api.idempotency``)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import IdempotentRequest

KEEP = timedelta(days=7)  # a retry comes within minutes; a week covers a phone offline for days


def idempotent_requests_prune() -> int:
    """Forget the answers older than ``KEEP``; how many."""
    deleted, _ = IdempotentRequest.objects.filter(created_at__lt=timezone.now() - KEEP).delete()
    return deleted
