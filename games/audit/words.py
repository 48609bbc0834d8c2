"""The audit log's actions in words (docs/audit.md lists them): each dotted name is stable, what a
person reads is this phrase in their language. An action without words shows its name."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

ACTIONS: dict[str, Promise] = {
    "match.started": _("Match started"),
    "match.rematched": _("Rematch started"),
    "match.abandoned": _("Match abandoned"),
    "match.share_made": _("Share link made"),
    "match.share_revoked": _("Share link withdrawn"),
    "hand.corrected": _("Hand corrected"),
    "invitation.given": _("Invitation given"),
    "invitation.accepted": _("Invitation accepted"),
    "invitation.accepted_pending": _("Invitation accepted, awaiting the guest's owner"),
    "invitation.consented": _("Guest's owner consented"),
    "invitation.refused": _("Guest's owner refused"),
    "invitation.withdrawn": _("Invitation withdrawn"),
    "claim.made": _("Guest claimed"),
    "claim.confirmed": _("Claim confirmed"),
    "claim.declined": _("Claim declined"),
    "player.merged": _("Guest merged into an account's player"),
    "player.renamed": _("Player renamed"),
    "club.created": _("Club created"),
    "membership.created": _("Member added"),
    "membership.role_changed": _("Member's role changed"),
    "membership.left": _("Member left"),
    "membership.removed": _("Member removed"),
    "club_invitation.given": _("Club invitation link made"),
    "club_invitation.revoked": _("Club invitation link revoked"),
    "account.password_changed": _("Password changed"),
    "account.email_verified": _("E-mail address verified"),
    "account.devices_ended": _("Signed-in devices ended"),
    "account.deleted": _("Account deleted"),
    "event.created": _("Event created"),
    "event.share_made": _("Event share link made"),
    "event.share_revoked": _("Event share link withdrawn"),
    "event.clock_started": _("Round clock started"),
    "event.clock_paused": _("Round clock paused"),
    "event.clock_reset": _("Round clock taken off"),
    "event.keep_apart_set": _("Players to keep apart set"),
    "entry.added": _("Entry added"),
    "entry.dropped": _("Entry dropped"),
    "entry.checked_in": _("Entry checked in"),
    "entry.check_in_undone": _("Check-in undone"),
    "round.published": _("Round published"),
    "round.withdrawn": _("Round withdrawn"),
    "round.players_swapped": _("Players swapped between tables"),
    "round.repaired": _("Unplayed tables paired again"),
    "entry.returned": _("Dropped player back in"),
    "table.result_overridden": _("Table result set by the director"),
    "table.result_withdrawn": _("Director's table result withdrawn"),
    "table.code_entered": _("Table code entered on a phone"),
    "table.result_confirmed": _("Table result confirmed"),
}


def action_words(action: str) -> str:
    """``action`` in the reader's language (its dotted name when it has no words yet)."""
    words = ACTIONS.get(action)
    return action if words is None else str(words)
