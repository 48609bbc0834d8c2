"""Admin: each club's statistics settings, and an action that recomputes its standings and ratings."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from games.stats.models import ClubStandings, ClubStatsSettings
from games.stats.tasks import stats_rebuild_clubs


class ClubStatsSettingsInline(admin.StackedInline):  # type: ignore[type-arg]  # not subscriptable at runtime
    """A club's statistics settings."""

    model = ClubStatsSettings
    can_delete = False


@admin.register(ClubStandings)
class ClubStandingsAdmin(admin.ModelAdmin):  # type: ignore[type-arg]  # not subscriptable at runtime
    """Clubs' standings and ratings: rebuilt from here, read-only otherwise."""

    list_display = ["name", "created_at"]
    search_fields = ["name"]
    fields = ["name"]
    readonly_fields = ["name"]
    inlines = [ClubStatsSettingsInline]
    actions = ["rebuild"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Clubs are made in the app."""
        return False  # clubs are made in the app; this page only reads them

    @admin.action(description="Rebuild standings and ratings")
    def rebuild(self, request: HttpRequest, queryset: QuerySet[ClubStandings]) -> None:
        """Rebuild the chosen clubs' standings and ratings in the worker."""
        club_ids = list(queryset.values_list("pk", flat=True))
        stats_rebuild_clubs.delay(club_ids)
        self.message_user(
            request, f"Rebuilding the standings and ratings of {len(club_ids)} club(s).", messages.SUCCESS
        )
