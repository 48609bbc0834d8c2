"""Routes of the events API (``/api/v1/...``): a club's events, and each event's entries, rounds,
tables' results and standings."""

from __future__ import annotations

from django.urls import path

from api.events import clock, entries, events, exports, jobs, repair, rounds, table_sessions

EVENT = "events/<int:pk>/"

urlpatterns = [
    path("clubs/<int:pk>/events/", events.EventListCreateApi.as_view(), name="events-list"),
    path(EVENT, events.EventDetailApi.as_view(), name="events-detail"),
    path(f"{EVENT}standings/", events.StandingsApi.as_view(), name="events-standings"),
    path(f"{EVENT}clock/", clock.RoundClockApi.as_view(), name="events-clock"),
    path(f"{EVENT}standings.csv", exports.StandingsCsvApi.as_view(), name="events-standings-csv"),
    path(f"{EVENT}entries/", entries.EntryListCreateApi.as_view(), name="events-entries"),
    path(f"{EVENT}entries/<int:player>/drop/", entries.EntryDropApi.as_view(), name="events-entry-drop"),
    path(
        f"{EVENT}entries/<int:player>/check-in/",
        entries.EntryCheckInApi.as_view(),
        name="events-entry-check-in",
    ),
    path(f"{EVENT}entries/<int:player>/return/", repair.EntryReturnApi.as_view(), name="events-entry-return"),
    path(f"{EVENT}keep-apart/", entries.KeepApartApi.as_view(), name="events-keep-apart"),
    path(f"{EVENT}rounds/", rounds.RoundListCreateApi.as_view(), name="events-rounds"),
    path(f"{EVENT}rounds/<int:number>/", rounds.RoundDetailApi.as_view(), name="events-round"),
    path(f"{EVENT}rounds/<int:number>.csv", exports.RoundCsvApi.as_view(), name="events-round-csv"),
    path(
        f"{EVENT}rounds/<int:number>/withdraw/",
        repair.RoundWithdrawApi.as_view(),
        name="events-round-withdraw",
    ),
    path(f"{EVENT}rounds/<int:number>/swap/", repair.RoundSwapApi.as_view(), name="events-round-swap"),
    path(f"{EVENT}rounds/<int:number>/repair/", repair.RoundRepairApi.as_view(), name="events-round-repair"),
    path(f"{EVENT}jobs/<int:job>/", jobs.PairingJobDetailApi.as_view(), name="events-job"),
    path(
        f"{EVENT}rounds/<int:number>/tables/<int:table>/result/",
        rounds.TableResultApi.as_view(),
        name="events-table-result",
    ),
    path("tables/<str:code>/session/", table_sessions.TableSessionApi.as_view(), name="tables-session"),
    path(
        "matches/<int:pk>/confirmation/",
        table_sessions.MatchConfirmationApi.as_view(),
        name="events-match-confirmation",
    ),
]
