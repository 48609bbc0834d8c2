"""API v1 routes, one module per area."""

from __future__ import annotations

from django.urls import include, path

urlpatterns = [
    path("rules/", include("api.rules.urls")),
    path("", include("api.stats.urls")),
    path("", include("api.records.urls")),
    path("", include("api.events.urls")),
    path("", include("api.accounts.urls")),
]
