"""Reads of the match records, one module per what it reads:

- ``clubs``: the clubs of a user, their members and seasons;
- ``hands``: one hand, the list, where one stands now, its log;
- ``matches``: match lists, one match per screen, its version, its audit;
- ``players``: players and accounts: seatable, merges, found by name;
- ``scoreboards``: the scoreboard of a match's closed hands.

Each public name is re-exported here, so ``from games.selectors import match_get`` works.
"""

from __future__ import annotations

from games.selectors.clubs import (
    club_list,
    membership_list,
    season_list,
)
from games.selectors.hands import (
    PlayLine,
    hand_get,
    hand_last,
    hand_list,
    hand_log,
    hand_report,
    hand_rows,
)
from games.selectors.matches import (
    MatchVersion,
    match_audit,
    match_fields,
    match_get,
    match_get_live,
    match_list,
    match_seats_load,
    match_version,
)
from games.selectors.players import (
    account_known_to,
    merge_list,
    player_list,
    player_seatable_by,
)
from games.selectors.scoreboards import (
    EventLine,
    HandBreakdown,
    HandLine,
    Scoreboard,
    SideBoard,
    scoreboard_for,
    sides_of_match,
)

__all__ = [
    "EventLine",
    "HandBreakdown",
    "HandLine",
    "MatchVersion",
    "PlayLine",
    "Scoreboard",
    "SideBoard",
    "account_known_to",
    "club_list",
    "hand_get",
    "hand_last",
    "hand_list",
    "hand_log",
    "hand_report",
    "hand_rows",
    "match_audit",
    "match_fields",
    "match_get",
    "match_get_live",
    "match_list",
    "match_seats_load",
    "match_version",
    "membership_list",
    "merge_list",
    "player_list",
    "player_seatable_by",
    "scoreboard_for",
    "season_list",
    "sides_of_match",
]
