# mypy: disable-error-code="type-arg"
# (ModelAdmin[Model] needs django-stubs-ext at run time, a dev-only package)
"""Admin pages of the games app: the match records (read-mostly: scores are derived, never edited)."""

from __future__ import annotations

from django.contrib import admin

from games.models import (
    Challenge,
    Club,
    ClubInvitation,
    Hand,
    HandScore,
    HandSummary,
    Match,
    Membership,
    Play,
    Player,
    PlayerMerge,
    Season,
    Seat,
)
from games.stats import admin as stats_admin  # noqa: F401  (club standings: settings and the rebuild action)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "created_by", "created_at"]
    search_fields = ["name", "user__username"]
    raw_id_fields = ["user", "created_by"]


@admin.register(PlayerMerge)
class PlayerMergeAdmin(admin.ModelAdmin):
    """Who confirmed which guest into whom, and which matches moved: a record, never edited."""

    list_display = ["guest_name", "into", "decided_by", "created_at"]
    raw_id_fields = ["into", "guest", "claim", "decided_by"]
    filter_horizontal = ["matches"]

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False


class MembershipInline(admin.TabularInline):
    model = Membership
    raw_id_fields = ["user"]
    extra = 0


class SeasonInline(admin.TabularInline):
    model = Season
    extra = 0


class ClubInvitationInline(admin.TabularInline):
    """The club's invitation links, read-only: admins make and revoke them on the club's page."""

    model = ClubInvitation
    fields = readonly_fields = (
        "role",
        "created_by",
        "created_at",
        "expires_at",
        "max_uses",
        "uses",
        "revoked_at",
    )
    extra = 0
    can_delete = False

    def has_add_permission(self, request: object, obj: object = None) -> bool:
        return False


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "created_by", "created_at"]
    search_fields = ["name"]
    raw_id_fields = ["created_by"]
    inlines = [MembershipInline, SeasonInline, ClubInvitationInline]


class SeatInline(admin.TabularInline):
    model = Seat
    fields = readonly_fields = ("number", "side", "player")
    extra = 0
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = [
        "pk",
        "game",
        "status",
        "club",
        "season",
        "totals",
        "winner",
        "created_at",
        "pending_followups",
    ]
    list_filter = ["game", "status", "pending_followups"]
    raw_id_fields = ["club", "season", "created_by"]
    readonly_fields = ["totals", "winner", "draw", "result_extra", "finished_at", "created_at"]
    inlines = [SeatInline]


class PlayInline(admin.TabularInline):
    model = Play
    fields = readonly_fields = ("seq", "seat", "card", "taken", "undone_at", "idempotency_key")
    extra = 0
    can_delete = False


class ScoreInline(admin.TabularInline):
    model = HandScore
    fields = readonly_fields = ("side", "cards", "sweeps", "points", "total")
    extra = 0
    can_delete = False


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    """Hands are corrected through the API (the match is then rescored), not edited here."""

    list_display = ["match", "number", "dealer", "mode", "next_seq", "closed_at", "corrections"]
    list_filter = ["mode"]
    raw_id_fields = ["match"]
    readonly_fields = ["report", "next_seq", "corrections", "closed_at"]
    inlines = [PlayInline, ScoreInline]


admin.site.register([Challenge, HandSummary])
