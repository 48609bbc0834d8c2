"""Routes of the public rules API (``/api/v1/rules/...``)."""

from __future__ import annotations

from django.urls import path

from api.rules import views

urlpatterns = [
    path("", views.RulesListApi.as_view(), name="rules-list"),
    path("twenty/rounds/replay/", views.TwentyRoundReplayApi.as_view(), name="rules-twenty-replay"),
]
