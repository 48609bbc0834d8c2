# mypy: disable-error-code="type-arg"
# (ModelAdmin[Model] needs django-stubs-ext at run time, a dev-only package)
"""Admin pages of the games app: the match records (read-mostly: scores are derived, never edited)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.forms.models import model_to_dict

from games.audit.services import audit_record
from games.models import (
    AuditEntry,
    ChainLink,
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


def _state(obj: Any) -> dict[str, Any]:
    return {key: value for key, value in model_to_dict(obj).items() if not isinstance(value, list | set)}


class AuditedAdmin(admin.ModelAdmin):
    """An edit in the admin bypasses the services, so it is recorded here (docs/audit.md): who, the row
    before and after (``admin.changed``, ``admin.added``, ``admin.deleted``); inlines' rows too. A
    match's stored record changed here no longer verifies: the log says who changed it."""

    def save_model(self, request: Any, obj: Any, form: Any, change: bool) -> None:
        """Save, and audit the change (admin.added or admin.changed) with its before and after."""
        before = _state(type(obj).objects.get(pk=obj.pk)) if change and obj.pk else None
        super().save_model(request, obj, form, change)
        if form.has_changed() or not change:
            action = "admin.changed" if change else "admin.added"
            audit_record(by=request.user, action=action, object=obj, before=before, after=_state(obj))

    def delete_model(self, request: Any, obj: Any) -> None:
        """Audit the deletion (admin.deleted), then delete."""
        before = _state(obj)
        audit_record(by=request.user, action="admin.deleted", object=obj, before=before)
        super().delete_model(request, obj)

    def save_formset(self, request: Any, form: Any, formset: Any, change: bool) -> None:
        """Save the inlines, and audit each one deleted, added or changed."""
        before = {
            inline.instance.pk: _state(type(inline.instance).objects.get(pk=inline.instance.pk))
            for inline in formset.forms
            if inline.instance.pk and inline.has_changed()
        }
        super().save_formset(request, form, formset, change)
        for obj in formset.deleted_objects:
            audit_record(by=request.user, action="admin.deleted", object=obj, before=_state(obj))
        for obj in [*formset.new_objects, *(o for o, _ in formset.changed_objects)]:
            action = "admin.changed" if obj.pk in before else "admin.added"
            audit_record(
                by=request.user, action=action, object=obj, before=before.get(obj.pk), after=_state(obj)
            )


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """The audit log, read-only: nobody edits or deletes a record here (docs/audit.md)."""

    list_display = ["at", "by_name", "action", "object_type", "object_name", "match", "club"]
    list_filter = ["action", "object_type"]
    search_fields = ["by_name", "object_name", "action"]
    date_hierarchy = "at"
    fields = readonly_fields = (
        "at",
        "by",
        "by_name",
        "action",
        "object_type",
        "object_id",
        "object_name",
        "before",
        "after",
        "match",
        "club",
        "subject",
    )

    def has_add_permission(self, request: object) -> bool:
        """Nobody adds to the log by hand."""
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        """Nobody changes the log."""
        return False

    def has_delete_permission(self, request: object, obj: object = None) -> bool:
        """Nobody deletes from the log."""
        return False


@admin.register(ChainLink)
class ChainLinkAdmin(admin.ModelAdmin):
    """A match's hash chain, read-only."""

    list_display = ["match", "index", "kind", "ref", "hand", "head"]
    list_filter = ["kind"]
    search_fields = ["head"]
    fields = readonly_fields = ("match", "index", "kind", "ref", "hand", "digest", "head")
    has_add_permission = AuditEntryAdmin.has_add_permission
    has_change_permission = AuditEntryAdmin.has_change_permission
    has_delete_permission = AuditEntryAdmin.has_delete_permission


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    """Players, found by name or account."""

    list_display = ["name", "user", "created_by", "created_at"]
    search_fields = ["name", "user__username"]
    raw_id_fields = ["user", "created_by"]


@admin.register(PlayerMerge)
class PlayerMergeAdmin(AuditedAdmin):
    """Who confirmed which guest into whom, and which matches moved: a record, never edited."""

    list_display = ["guest_name", "into", "decided_by", "created_at"]
    raw_id_fields = ["into", "guest", "claim", "decided_by"]
    filter_horizontal = ["matches"]

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        """A merge, once made, is only read."""
        return False


class MembershipInline(admin.TabularInline):
    """A club's members and their roles."""

    model = Membership
    raw_id_fields = ["user"]
    extra = 0


class SeasonInline(admin.TabularInline):
    """A club's seasons."""

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
        """Invitations are made on the club's page, not here."""
        return False


@admin.register(Club)
class ClubAdmin(AuditedAdmin):
    """Clubs, with their members, seasons and invitations."""

    list_display = ["name", "created_by", "created_at"]
    search_fields = ["name"]
    raw_id_fields = ["created_by"]
    inlines = [MembershipInline, SeasonInline, ClubInvitationInline]


class SeatInline(admin.TabularInline):
    """A match's seats, read-only."""

    model = Seat
    fields = readonly_fields = ("number", "side", "player")
    extra = 0
    can_delete = False


@admin.register(Match)
class MatchAdmin(AuditedAdmin):
    """Matches, with their seats and hands."""

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
    """A hand's plays, read-only."""

    model = Play
    fields = readonly_fields = ("seq", "seat", "card", "taken", "undone_at", "idempotency_key")
    extra = 0
    can_delete = False


class ScoreInline(admin.TabularInline):
    """A hand's scores per side, read-only."""

    model = HandScore
    fields = readonly_fields = ("side", "cards", "sweeps", "points", "total")
    extra = 0
    can_delete = False


@admin.register(Hand)
class HandAdmin(AuditedAdmin):
    """Hands are corrected through the API (the match is then rescored), not edited here."""

    list_display = ["match", "number", "dealer", "mode", "next_seq", "closed_at", "corrections"]
    list_filter = ["mode"]
    raw_id_fields = ["match"]
    readonly_fields = ["report", "next_seq", "corrections", "closed_at"]
    inlines = [PlayInline, ScoreInline]


admin.site.register([Challenge, HandSummary], AuditedAdmin)
