"""Reads of the match records, one module per what it reads:

- ``accounts``: one's own account: its pending e-mail address, its signed-in devices;
- ``audit``: the audit log of a match, a club or an account, and the check of a match's hash chain;
- ``clubs``: the clubs of a user, their members and seasons;
- ``hands``: one hand, the list, where one stands now, its log;
- ``invitations``: invitations to a seat and claims of a guest;
- ``matches``: match lists, one match per screen, its version, its audit;
- ``players``: players and accounts: seatable, merges, found by name;
- ``scoreboards``: the scoreboard of a match's closed hands.

Each public name is re-exported here, so ``from games.selectors import match_get`` works.
"""

from __future__ import annotations

from games.selectors.accounts import (
    TOKEN,
    WEB,
    Device,
    device_id,
    device_list,
    email_pending,
    email_token,
    pending_email_of,
    username_taken,
)
from games.selectors.audit import (
    Verification,
    audit_list_about,
    audit_list_club,
    audit_list_match,
    match_chain_verify,
)
from games.selectors.clubs import (
    club_invitation_list,
    club_list,
    club_list_by_name,
    club_of,
    membership_list,
    membership_of,
    season_list,
    season_of,
)
from games.selectors.hands import (
    PlayLine,
    hand_get,
    hand_last,
    hand_list,
    hand_log,
    hand_numbers,
    hand_open_number,
    hand_report,
    hand_rows,
    hand_with_match,
)
from games.selectors.invitations import (
    claim_list_pending,
    claim_list_waiting,
    consent_list_waiting,
    invitation_list_open,
    invitation_list_waiting,
    invitation_of,
)
from games.selectors.matches import (
    MatchGroups,
    MatchVersion,
    match_audit,
    match_began,
    match_fields,
    match_get,
    match_get_live,
    match_groups,
    match_id_shared,
    match_last_started,
    match_list,
    match_row,
    match_seats_load,
    match_version,
    seat_get,
)
from games.selectors.players import (
    account_known_named,
    account_known_to,
    account_named,
    merge_list,
    player_get,
    player_list,
    player_names_of,
    player_of,
    player_seatable_by,
    players_known,
    players_seatable,
)
from games.selectors.scoreboards import (
    EventLine,
    HandBreakdown,
    HandLine,
    Scoreboard,
    SideBoard,
    closed_reports,
    scoreboard_for,
    sides_of_match,
)

__all__ = [
    "TOKEN",
    "WEB",
    "Device",
    "EventLine",
    "HandBreakdown",
    "HandLine",
    "MatchGroups",
    "MatchVersion",
    "PlayLine",
    "Scoreboard",
    "SideBoard",
    "Verification",
    "account_known_named",
    "account_known_to",
    "account_named",
    "audit_list_about",
    "audit_list_club",
    "audit_list_match",
    "claim_list_pending",
    "claim_list_waiting",
    "closed_reports",
    "club_invitation_list",
    "club_list",
    "club_list_by_name",
    "club_of",
    "consent_list_waiting",
    "device_id",
    "device_list",
    "email_pending",
    "email_token",
    "hand_get",
    "hand_last",
    "hand_list",
    "hand_log",
    "hand_numbers",
    "hand_open_number",
    "hand_report",
    "hand_rows",
    "hand_with_match",
    "invitation_list_open",
    "invitation_list_waiting",
    "invitation_of",
    "match_audit",
    "match_began",
    "match_chain_verify",
    "match_fields",
    "match_get",
    "match_get_live",
    "match_groups",
    "match_id_shared",
    "match_last_started",
    "match_list",
    "match_row",
    "match_seats_load",
    "match_version",
    "membership_list",
    "membership_of",
    "merge_list",
    "pending_email_of",
    "player_get",
    "player_list",
    "player_names_of",
    "player_of",
    "player_seatable_by",
    "players_known",
    "players_seatable",
    "scoreboard_for",
    "season_list",
    "season_of",
    "seat_get",
    "sides_of_match",
    "username_taken",
]
