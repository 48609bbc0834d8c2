"""``manage.py demo_data``: the demo account (and, once matches exist, demo players and a match)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create the demo superuser demo/demo. Safe to run again."

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username="demo", defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password("demo")
            user.save()
        self.stdout.write(f"Demo user 'demo' (password 'demo'){' created' if created else ' exists'}.")
