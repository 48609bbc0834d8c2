"""``manage.py followups_resend``: send the follow-ups that a broker outage left pending."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.matches.services.followups import followups_resend


class Command(BaseCommand):
    """``manage.py followups_resend``: send the pending match follow-ups again."""

    help = "Re-send pending match follow-ups (standings, notifications) once the broker is back."

    def add_arguments(self, parser: CommandParser) -> None:
        """``--limit``: at most this many matches."""
        parser.add_argument("--limit", type=int, default=None, help="matches at most (default: all)")

    def handle(self, *args: Any, **options: Any) -> None:
        """Send them and say how many."""
        sent = followups_resend(limit=options["limit"])
        self.stdout.write(f"Follow-ups sent for {sent} match(es).")
