"""API v1 routes."""

from __future__ import annotations

from django.urls import path

from api.views import rules

urlpatterns = [
    path("rules/", rules.RulesListApi.as_view(), name="rules-list"),
]
