"""Statistics pages under ``/clubs/``: standings, player profiles, head-to-head, CSV exports."""

from __future__ import annotations

from django.urls import path

from web.stats import views

urlpatterns = [
    path("<int:club_id>/standings/", views.club_standings, name="stats-standings"),
    path("<int:club_id>/standings.csv", views.standings_csv, name="stats-standings-csv"),
    path("<int:club_id>/score-sheets.csv", views.score_sheets_csv, name="stats-score-sheets-csv"),
    path("<int:club_id>/players/<int:player_id>/", views.player_profile, name="stats-player"),
    path("<int:club_id>/head-to-head/", views.head_to_head, name="stats-head-to-head"),
]
