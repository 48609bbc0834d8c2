"""Routes of the account's own API (``/api/v1/me/...``)."""

from __future__ import annotations

from django.urls import path

from api.accounts import deletion, export

urlpatterns = [
    path("me/", deletion.AccountDeleteApi.as_view(), name="accounts-me"),
    path("me/export/", export.AccountExportApi.as_view(), name="accounts-me-export"),
]
