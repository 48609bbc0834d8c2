"""Routes of the public rules API (``/api/v1/rules/...``)."""

from __future__ import annotations

from django.urls import path

from api.rules import views

urlpatterns = [
    path("", views.RulesListApi.as_view(), name="rules-list"),
    path("twenty/rounds/replay/", views.TwentyRoundReplayApi.as_view(), name="rules-twenty-replay"),
    path("twenty/rounds/review/", views.TwentyRoundReviewApi.as_view(), name="rules-twenty-review"),
    path("<slug:game>/reference/", views.RulesReferenceApi.as_view(), name="rules-reference"),
    path("<slug:game>/captures/", views.CapturesApi.as_view(), name="rules-captures"),
    path("<slug:game>/captures/check/", views.CaptureCheckApi.as_view(), name="rules-captures-check"),
    path("<slug:game>/hands/replay/", views.HandReplayApi.as_view(), name="rules-hand-replay"),
    path("<slug:game>/hands/review/", views.HandReviewApi.as_view(), name="rules-hand-review"),
    path("<slug:game>/hands/summary/", views.HandSummaryApi.as_view(), name="rules-hand-summary"),
]
