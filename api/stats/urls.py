"""Routes of the statistics API (``/api/v1/clubs/{id}/standings/``, ``/api/v1/players/{id}/...``)."""

from __future__ import annotations

from django.urls import path

from api.stats import views

urlpatterns = [
    path("clubs/<int:club_id>/standings/", views.ClubStandingsApi.as_view(), name="stats-club-standings"),
    path("players/<int:player_id>/stats/", views.PlayerStatsApi.as_view(), name="stats-player"),
    path(
        "players/<int:player_id>/ratings/",
        views.PlayerRatingHistoryApi.as_view(),
        name="stats-player-ratings",
    ),
    path("head-to-head/", views.HeadToHeadApi.as_view(), name="stats-head-to-head"),
]
