"""Web UI routes."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from web.views import accounts, clubs, corrections, disputes, hands, matches, people, pwa, reviews, rules

urlpatterns = [
    path("", accounts.home, name="home"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service-worker"),
    path("offline/", pwa.offline, name="offline"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),  # limited: scorekeeper/sign_in.py
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("disputes/", disputes.dispute, name="dispute"),
    path("rules/", rules.rules_page, name="rules"),
    path("rules/<slug:page>/", rules.rules_page, name="rules-page"),
    path("clubs/", clubs.clubs_page, name="clubs"),
    path("clubs/<int:club_id>/members/", clubs.club_member_add, name="club-member-add"),
    path("clubs/<int:club_id>/seasons/", clubs.club_season_add, name="club-season-add"),
    path("matches/new/", matches.match_new, name="match-new"),
    path("matches/new/seat/", matches.match_seat_mark, name="match-seat-mark"),
    path("matches/archive/", accounts.matches_archive_view, name="matches-archive"),
    path("matches/<int:pk>/", matches.match_detail, name="match"),
    path("matches/<int:pk>/live/", matches.match_live, name="match-live"),
    path("matches/<int:pk>/share/", matches.match_share_view, name="match-share"),
    path("matches/<int:pk>/abandon/", matches.match_abandon_view, name="match-abandon"),
    path("matches/<int:pk>/invitations/", people.invitation_new, name="invitation-new"),
    path(
        "matches/<int:pk>/invitations/<int:invitation_id>/withdraw/",
        people.invitation_drop,
        name="invitation-withdraw",
    ),
    path("matches/<int:pk>/claims/", people.claim_new, name="claim-new"),
    path("matches/<int:pk>/claims/<int:claim_id>/", people.claim_decide, name="claim-decide"),
    path("invitations/<str:token>/", people.invitation_page, name="invitation"),
    path("players/<int:player_id>/rename/", people.player_rename_view, name="player-rename"),
    path("matches/<int:pk>/hands/", hands.hand_new, name="hand-new"),
    path("matches/<int:pk>/play/", hands.play_record, name="play"),
    path("matches/<int:pk>/play/options/", hands.play_options, name="play-options"),
    path("matches/<int:pk>/undo/", hands.play_undo, name="play-undo"),
    path("matches/<int:pk>/challenge/", hands.play_challenge, name="play-challenge"),
    path("matches/<int:pk>/finish/", hands.hand_finish, name="hand-finish"),
    path("matches/<int:pk>/summary/", hands.summary_record, name="summary"),
    path("matches/<int:pk>/summary/check/", hands.summary_check, name="summary-check"),
    path("matches/<int:pk>/hands/<int:number>/correct/", corrections.hand_correct_page, name="hand-correct"),
    path(
        "matches/<int:pk>/hands/<int:number>/correct/counts/",
        corrections.hand_correct_summary,
        name="hand-correct-summary",
    ),
    path(
        "matches/<int:pk>/hands/<int:number>/correct/plays/",
        corrections.hand_correct_plays,
        name="hand-correct-plays",
    ),
    path("matches/<int:pk>/hands/<int:number>/review/", reviews.hand_review_page, name="hand-review"),
    path("shared/<str:token>/", matches.match_shared, name="match-shared"),
    path("shared/<str:token>/live/", matches.match_shared_live, name="match-shared-live"),
]
