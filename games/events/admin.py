# mypy: disable-error-code="type-arg"
# (ModelAdmin[Model] needs django-stubs-ext at run time, a dev-only package)
"""Admin pages of club events (read-mostly: results come from the matches and the directors)."""

from __future__ import annotations

from django.contrib import admin

from games.admin import AuditedAdmin
from games.events.models import Entry, Event, PairingJob, ResultOverride, Round, Table


@admin.register(Event)
class EventAdmin(AuditedAdmin):
    """Club events."""

    list_display = ["name", "club", "game", "format", "rounds", "created_at"]
    list_filter = ["format", "game"]
    search_fields = ["name", "club__name"]
    raw_id_fields = ["club", "season", "created_by"]


@admin.register(Entry)
class EntryAdmin(AuditedAdmin):
    """Players entered in events."""

    list_display = ["player", "event", "joined_round", "dropped_round", "checked_in_at"]
    raw_id_fields = ["event", "player", "created_by"]


@admin.register(Round)
class RoundAdmin(AuditedAdmin):
    """Events' rounds."""

    list_display = ["event", "number", "seed", "exact", "published_at"]
    raw_id_fields = ["event", "published_by"]


@admin.register(Table)
class TableAdmin(AuditedAdmin):
    """Rounds' tables and their matches."""

    list_display = ["round", "number", "match", "dealer"]
    raw_id_fields = ["round", "match"]


@admin.register(ResultOverride)
class ResultOverrideAdmin(AuditedAdmin):
    """Directors' results, set and withdrawn."""

    list_display = ["table", "winner", "places", "by", "at", "withdrawn_by", "withdrawn_at"]
    raw_id_fields = ["table", "by", "withdrawn_by"]


@admin.register(PairingJob)
class PairingJobAdmin(admin.ModelAdmin):
    """A stuck job frees its event by itself after the task's time limit; an operator may also mark it
    failed here."""

    list_display = ["event", "number", "draft", "status", "created_at", "finished_at"]
    list_filter = ["status"]
    raw_id_fields = ["event", "by"]
