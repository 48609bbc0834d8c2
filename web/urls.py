"""Web UI routes."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from scorekeeper.throttles import AccountChangeThrottle, PasswordResetThrottle, throttled
from web.views import (
    account,
    accounts,
    clubs,
    corrections,
    disputes,
    event_desk,
    events,
    hands,
    matches,
    people,
    pwa,
    result_cards,
    reviews,
    rules,
)

urlpatterns = [
    path("", accounts.home, name="home"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service-worker"),
    path("offline/", pwa.offline, name="offline"),
    path("accounts/login/", accounts.SignInView.as_view(), name="login"),  # limited: scorekeeper/sign_in.py
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    # Passwords are Django's own views with the project's templates (docs/accounts.md).
    path(
        "accounts/password/reset/",
        throttled(PasswordResetThrottle)(account.PasswordReset.as_view()),
        name="password_reset",
    ),
    path("accounts/password/reset/done/", account.PasswordResetDone.as_view(), name="password_reset_done"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        throttled(AccountChangeThrottle)(account.PasswordResetConfirm.as_view()),
        name="password_reset_confirm",
    ),
    path("accounts/reset/done/", account.PasswordResetComplete.as_view(), name="password_reset_complete"),
    path("account/", account.account_page, name="account"),
    path(
        "account/password/",
        throttled(AccountChangeThrottle)(account.PasswordChange.as_view()),
        name="password_change",
    ),
    path("account/password/done/", account.PasswordChangeDone.as_view(), name="password_change_done"),
    path("account/email/", throttled(AccountChangeThrottle)(account.account_email), name="account-email"),
    path(
        "account/email/verify/<str:token>/",
        throttled(AccountChangeThrottle)(account.account_email_verify),
        name="account-email-verify",
    ),
    path(
        "account/devices/", throttled(AccountChangeThrottle)(account.account_devices), name="account-devices"
    ),
    path("disputes/", disputes.dispute, name="dispute"),
    path("rules/", rules.rules_page, name="rules"),
    path("rules/<slug:page>/", rules.rules_page, name="rules-page"),
    path("clubs/", clubs.clubs_page, name="clubs"),
    path("clubs/<int:club_id>/", clubs.club_detail, name="club"),
    path("clubs/<int:club_id>/members/", clubs.club_member_add, name="club-member-add"),
    path(
        "clubs/<int:club_id>/members/<int:membership_id>/role/",
        clubs.club_member_role,
        name="club-member-role",
    ),
    path(
        "clubs/<int:club_id>/members/<int:membership_id>/remove/",
        clubs.club_member_remove,
        name="club-member-remove",
    ),
    path("clubs/<int:club_id>/invitations/", clubs.club_invitation_new, name="club-invitation-new"),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/revoke/",
        clubs.club_invitation_revoke_view,
        name="club-invitation-revoke",
    ),
    path("club-invitations/<str:token>/", clubs.club_invitation_page, name="club-invitation"),
    path("clubs/<int:club_id>/seasons/", clubs.club_season_add, name="club-season-add"),
    path("clubs/<int:club_id>/events/", events.club_events, name="club-events"),
    path("clubs/<int:club_id>/events/new/", event_desk.event_new, name="event-new"),
    path("events/<int:pk>/", events.event_page, name="event"),
    path("events/<int:pk>/live/", events.event_live, name="event-live"),
    path("events/<int:pk>/tv/", events.event_tv, name="event-tv"),
    path("events/<int:pk>/share/", events.event_share_view, name="event-share"),
    path("events/<int:pk>/entries/", event_desk.entries_page, name="event-entries"),
    path("events/<int:pk>/entries/add/", event_desk.entry_add, name="event-entry-add"),
    path(
        "events/<int:pk>/entries/<int:entry_id>/check-in/", event_desk.entry_check_in, name="event-check-in"
    ),
    path("events/<int:pk>/entries/<int:entry_id>/undo/", event_desk.entry_check_out, name="event-check-out"),
    path("events/<int:pk>/entries/<int:entry_id>/drop/", event_desk.entry_drop, name="event-drop"),
    path("events/<int:pk>/rounds/new/", event_desk.round_new, name="event-round-new"),
    path("events/<int:pk>/jobs/<int:job>/", event_desk.pairing_job, name="event-job"),
    path("events/<int:pk>/rounds/<int:number>/print/", events.round_print, name="event-round-print"),
    path(
        "events/<int:pk>/rounds/<int:number>/tables/<int:table>/result/",
        event_desk.table_result,
        name="event-table-result",
    ),
    path(
        "events/<int:pk>/rounds/<int:number>/tables/<int:table>/result/withdraw/",
        event_desk.table_result_withdraw,
        name="event-table-result-withdraw",
    ),
    path("events/shared/<str:token>/", events.event_shared_page, name="event-shared"),
    path("events/shared/<str:token>/live/", events.event_shared_live, name="event-shared-live"),
    path("matches/new/", matches.match_new, name="match-new"),
    path("matches/new/seat/", matches.match_seat_mark, name="match-seat-mark"),
    path("matches/draft/<slug:variant>/<int:players>/", matches.match_draft_view, name="match-draft"),
    path(
        "matches/draft/<slug:variant>/<int:players>/pairs/",
        matches.match_draft_view,
        {"pairs": True},
        name="match-draft-pairs",
    ),
    path("matches/archive/", accounts.matches_archive_view, name="matches-archive"),
    path("matches/<int:pk>/", matches.match_detail, name="match"),
    path("matches/<int:pk>/live/", matches.match_live, name="match-live"),
    path("matches/<int:pk>/share/", matches.match_share_view, name="match-share"),
    path("matches/<int:pk>/rematch/", matches.match_rematch_view, name="match-rematch"),
    path("matches/<int:pk>/card.png", result_cards.match_card, name="match-card"),
    path("matches/<int:pk>/abandon/", matches.match_abandon_view, name="match-abandon"),
    path("matches/<int:pk>/invitations/", people.invitation_new, name="invitation-new"),
    path(
        "matches/<int:pk>/invitations/<int:invitation_id>/withdraw/",
        people.invitation_drop,
        name="invitation-withdraw",
    ),
    path(
        "matches/<int:pk>/invitations/<int:invitation_id>/consent/",
        people.invitation_consent_view,
        name="invitation-consent",
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
    path("shared/<str:token>/card.png", result_cards.match_shared_card, name="match-shared-card"),
]
