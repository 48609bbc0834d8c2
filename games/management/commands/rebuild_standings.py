"""``manage.py rebuild_standings [--club ID ...]``: replay every rating and recompute the cached tables."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser, OutputWrapper

from games.models import Club
from games.stats.selectors import finished_matches
from games.stats.services import stats_rebuild

BAR_WIDTH = 30


class ProgressBar:
    """``[#######.......] 1200/5000 matches``, redrawn in place."""

    def __init__(self, out: OutputWrapper, total: int) -> None:
        self.out, self.total, self.done = out, total, 0

    def advance(self, count: int) -> None:
        """Count ``count`` more matches done and redraw the bar."""
        self.done += count
        filled = BAR_WIDTH * self.done // self.total if self.total else BAR_WIDTH
        self.out.write(
            f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {self.done}/{self.total} matches", ending=""
        )
        self.out.flush()


class Command(BaseCommand):
    """``manage.py rebuild_standings``: replay the ratings and recompute the standings."""

    help = "Replay all ratings and recompute the cached standings (default: every club)."

    def add_arguments(self, parser: CommandParser) -> None:
        """``--club``: only this club (repeatable)."""
        parser.add_argument(
            "--club", type=int, action="append", dest="clubs", help="Only this club (repeatable)."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        """Rebuild the clubs' figures, showing progress, and report what was done."""
        club_ids = options["clubs"] or list(Club.objects.values_list("pk", flat=True))
        bar = ProgressBar(self.stdout, finished_matches(club_ids=club_ids).count())
        bar.advance(0)
        report = stats_rebuild(club_ids=club_ids, progress=bar.advance)
        self.stdout.write("")
        self.stdout.write(
            self.style.SUCCESS(
                f"Rebuilt {report.scopes} club ratings over {report.matches} matches: "
                f"{report.snapshots} rating snapshots, {report.tables} standings tables."
            )
        )
