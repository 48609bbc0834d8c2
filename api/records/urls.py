"""Routes of the records API (``/api/v1/...``): players, clubs, matches and their hands."""

from __future__ import annotations

from django.urls import path

from api.records import audit, bgstats, hands, invitations, matches, memberships, people, plays

HAND = "matches/<int:pk>/hands/<int:number>/"

urlpatterns = [
    path("auth/token/", people.TokenCreateApi.as_view(), name="records-auth-token"),
    path("players/", people.PlayerListCreateApi.as_view(), name="records-players"),
    path("players/<int:pk>/", people.PlayerDetailApi.as_view(), name="records-player"),
    path("clubs/", people.ClubListCreateApi.as_view(), name="records-clubs"),
    path("clubs/<int:pk>/", people.ClubDetailApi.as_view(), name="records-club"),
    path("clubs/<int:pk>/memberships/", people.MembershipListCreateApi.as_view(), name="records-memberships"),
    path(
        "clubs/<int:pk>/memberships/<int:membership>/",
        memberships.MembershipDetailApi.as_view(),
        name="records-membership",
    ),
    path(
        "clubs/<int:pk>/invitations/",
        memberships.ClubInvitationListCreateApi.as_view(),
        name="records-club-invitations",
    ),
    path(
        "clubs/<int:pk>/invitations/<int:invitation>/",
        memberships.ClubInvitationRevokeApi.as_view(),
        name="records-club-invitation",
    ),
    path(
        "club-invitations/<str:token>/",
        memberships.ClubInvitationApi.as_view(),
        name="records-club-invitation-preview",
    ),
    path(
        "club-invitations/<str:token>/accept/",
        memberships.ClubInvitationAcceptApi.as_view(),
        name="records-club-invitation-accept",
    ),
    path("clubs/<int:pk>/seasons/", people.SeasonListCreateApi.as_view(), name="records-seasons"),
    path("clubs/<int:pk>/log/", audit.ClubLogApi.as_view(), name="records-club-log"),
    path("matches/", matches.MatchListCreateApi.as_view(), name="records-matches"),
    path("matches/<int:pk>/", matches.MatchDetailApi.as_view(), name="records-match"),
    path("matches/<int:pk>/scoreboard/", matches.MatchScoreboardApi.as_view(), name="records-scoreboard"),
    path("matches/<int:pk>/rematch/", matches.MatchRematchApi.as_view(), name="records-match-rematch"),
    path("matches/<int:pk>/abandon/", matches.MatchAbandonApi.as_view(), name="records-match-abandon"),
    path("matches/<int:pk>/share/", matches.MatchShareApi.as_view(), name="records-match-share"),
    path("matches/<int:pk>/log/", audit.MatchLogApi.as_view(), name="records-match-log"),
    path("matches/<int:pk>/verify/", audit.MatchVerifyApi.as_view(), name="records-match-verify"),
    path("matches/<int:pk>/export/bgstats/", bgstats.MatchBgStatsApi.as_view(), name="records-match-bgstats"),
    path(
        "players/<int:player_id>/export/bgstats/",
        bgstats.PlayerBgStatsApi.as_view(),
        name="records-player-bgstats",
    ),
    path(
        "matches/<int:pk>/invitations/",
        invitations.InvitationCreateApi.as_view(),
        name="records-invitations",
    ),
    path(
        "invitations/<str:token>/accept/",
        invitations.InvitationAcceptApi.as_view(),
        name="records-invitation-accept",
    ),
    path(
        "matches/<int:pk>/invitations/<int:invitation_id>/consent/",
        invitations.InvitationConsentApi.as_view(),
        name="records-invitation-consent",
    ),
    path("matches/<int:pk>/claims/", invitations.ClaimCreateApi.as_view(), name="records-claims"),
    path(
        "matches/<int:pk>/claims/<int:claim_id>/decision/",
        invitations.ClaimDecideApi.as_view(),
        name="records-claim-decide",
    ),
    path("matches/<int:pk>/hands/", hands.HandListCreateApi.as_view(), name="records-hands"),
    path(HAND, hands.HandDetailApi.as_view(), name="records-hand"),
    path(f"{HAND}review/", hands.HandReviewApi.as_view(), name="records-hand-review"),
    path(f"{HAND}close/", hands.HandCloseApi.as_view(), name="records-hand-close"),
    path(f"{HAND}correct/", hands.HandCorrectApi.as_view(), name="records-hand-correct"),
    path(f"{HAND}history/", hands.HandHistoryApi.as_view(), name="records-hand-history"),
    path(f"{HAND}summary/", hands.SummaryCreateApi.as_view(), name="records-hand-summary"),
    path(f"{HAND}plays/", plays.PlayCreateApi.as_view(), name="records-plays"),
    path(f"{HAND}plays/undo/", plays.PlayUndoApi.as_view(), name="records-play-undo"),
    path(f"{HAND}challenges/", plays.ChallengeCreateApi.as_view(), name="records-challenges"),
]
