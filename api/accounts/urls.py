"""Routes of the account API (``/api/v1/me/...``)."""

from __future__ import annotations

from django.urls import path

from api.accounts import export, me, sessions

urlpatterns = [
    path("me/", me.MeApi.as_view(), name="me"),
    path("me/sessions/", sessions.SessionListApi.as_view(), name="me-sessions"),
    path("me/sessions/<str:device>/", sessions.SessionDetailApi.as_view(), name="me-session"),
    path("me/export/", export.AccountExportApi.as_view(), name="me-export"),
]
