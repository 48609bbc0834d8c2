"""Errors of the games app, each with a stable dotted code (docs/errors.md) and its facts.

:class:`RecordInvalid` is bad input (400): it is a :class:`RuleViolation`, so the API's error envelope
treats it like the engine's own errors. :class:`RecordConflict` is a write or read the stored state does
not allow now (409): a stale ``expected_seq``, a closed hand, a finished match, a reused idempotency key.
The reads (``games/matches/replay.py``, ``games/matches/reviews.py``) raise two conflicts of their own,
:class:`HandIncomplete` and :class:`ReviewNoPlays`; the services of every domain raise the others. A
helper below the models, so that every layer above may raise them (club events add theirs,
``games/events/errors.py``).
"""

from __future__ import annotations

from typing import ClassVar

from games.rules.errors import CodedError, RuleViolation, gettext_noop


class RecordInvalid(RuleViolation):
    """Input the services refuse (HTTP 400), like the engine's rule violations."""

    code: ClassVar[str] = "record.invalid"
    template: ClassVar[str] = gettext_noop("This cannot be recorded.")


class RecordConflict(CodedError):
    """The stored state does not allow this write now (HTTP 409)."""

    code = "record.conflict"
    template = gettext_noop("This cannot be recorded now.")


class HandIncomplete(RecordConflict):
    """Closing (or correcting with plays) a hand whose plays do not finish it."""

    code = "hand.incomplete"
    template = gettext_noop("Hand {number} is not over yet: seat {next_seat} is still to play.")


class ReviewNoPlays(RecordConflict):
    """Reviewing a hand entered by its counts: it has no plays."""

    code = "review.no_plays"
    template = gettext_noop(
        "Hand {number} was entered by its counts, so there are no plays to review: record a hand play by "
        "play to have it reviewed."
    )


class ExportNotFinished(RecordConflict):
    """Exporting a match that is not finished."""

    code = "match.not_finished"
    template = gettext_noop("The match is {status}: only a finished match can be exported.")


class PlayerSeatedTwice(RecordInvalid):
    """A match that gives one player two seats."""

    code = "players.seated_twice"
    template = gettext_noop("Player {player} is given more than one seat.")


class SeasonOfOtherClub(RecordInvalid):
    """A match put in a season of another club than its own."""

    code = "season.other_club"
    template = gettext_noop("Season {season} belongs to another club than the match's.")


class NameInvalid(RecordInvalid):
    """A player's, club's or season's name with no visible letter or digit, with hidden or
    direction-changing characters, or too long."""

    code = "name.invalid"
    template = gettext_noop(
        "A name needs a visible letter or digit, no hidden or direction-changing characters,"
        " and at most {max_length} characters."
    )


class NameTooManyMarks(NameInvalid):
    """A name whose letter carries too many accents or other combining marks."""

    template = gettext_noop("A letter of a name carries at most {marks} accents or other marks.")


class NameMixesScripts(NameInvalid):
    """A name with a word of look-alike letters from different alphabets."""

    template = gettext_noop(
        "“{word}” mixes look-alike letters of different alphabets: type each word in one alphabet."
    )


class NoSuchPlay(RecordInvalid):
    """A challenge of a play the hand does not have, or an undone one."""

    code = "challenge.no_such_play"
    template = gettext_noop("Hand {number} has no play {seq} to challenge.")


class CorrectionContent(RecordInvalid):
    """A correction that gives both the plays and the summary, or neither."""

    code = "correction.content"
    template = gettext_noop("A correction gives either the plays or the summary of the hand, not {given}.")


class HandOutOfSync(RecordConflict):
    """``details`` carry the hand's current state, so the phone can catch up without another request."""

    code = "hand.out_of_sync"
    template = gettext_noop(
        "The hand has moved on: the next play is number {expected_seq}, not {got}."
        " Someone else recorded first."
    )


class HandRevisionStale(HandOutOfSync):
    """A correction of a hand that was written since the corrector saw it: the code of every stale
    write, with the hand's current revision."""

    template = gettext_noop(
        "Hand {number} was changed after you opened it (revision {revision}, not {got}):"
        " look at it again before correcting it."
    )


class HandNotOpen(RecordConflict):
    """A play, undo, challenge, summary or close on a closed hand."""

    code = "hand.not_open"
    template = gettext_noop("Hand {number} is closed; correct it instead.")


class HandStillOpen(RecordConflict):
    """Starting a hand while the previous one is open, or correcting an open hand."""

    code = "hand.still_open"
    template = gettext_noop("Hand {number} is still open; close it first.")


class HandNotNext(RecordConflict):
    """A start that names the hand it opens (an offline phone's) when the match's next hand is another:
    someone else started that hand first."""

    code = "hand.not_next"
    template = gettext_noop("The next hand is number {next}, not {number}: someone else recorded first.")


class HandAwaitsSummary(RecordConflict):
    """Closing a hand started in summary mode: its quick summary closes it."""

    code = "hand.awaits_summary"
    template = gettext_noop("Hand {number} is scored from its counts: enter them to close it.")


class HandHasPlays(RecordConflict):
    """A quick summary on a hand that already has plays."""

    code = "hand.has_plays"
    template = gettext_noop("Hand {number} already has {plays} plays; undo them before entering a summary.")


class NothingToUndo(RecordConflict):
    """An undo before the hand's first play."""

    code = "hand.nothing_to_undo"
    template = gettext_noop("Hand {number} has no play to undo.")


class MatchNotInProgress(RecordConflict):
    """A write to a finished or abandoned match (a finished match may still be corrected)."""

    code = "match.not_in_progress"
    template = gettext_noop("The match is {status}: it takes no more hands, plays or changes.")


class MatchNotFinished(RecordConflict):
    """A rematch of a match that is not finished."""

    code = "match.not_finished"
    template = gettext_noop("The match is {status}: only a finished match can be played again.")


class PlayerAccountTaken(RecordConflict):
    """Linking a second player to an account that already has one."""

    code = "player.account_taken"
    template = gettext_noop("The account {user} already plays as {player}.")


class SeasonNameTaken(RecordConflict):
    """A season named like another of the club's, without regard to case."""

    code = "season.name_taken"
    template = gettext_noop("The club already has a season called {name}.")


class IdempotencyKeyReused(RecordConflict):
    """An ``Idempotency-Key`` sent again with a different request."""

    code = "idempotency.key_reused"
    template = gettext_noop("This was already sent once with different content; reload and try again.")


class InvitationClosed(RecordConflict):
    """Accepting or withdrawing an invitation already accepted or withdrawn."""

    code = "invitation.closed"
    template = gettext_noop("This invitation was already used or withdrawn.")


class ConsentNotAsked(RecordConflict):
    """A guest's owner answering an invitation on which no acceptance waits."""

    code = "invitation.no_request"
    template = gettext_noop("Nobody is waiting for your consent to this seat any more.")


class AlreadySeated(RecordConflict):
    """Accepting an invitation to a match where the account already has a seat."""

    code = "invitation.already_seated"
    template = gettext_noop("You already sit at this match, in seat {seat}.")


class ClaimClosed(RecordConflict):
    """Deciding a guest claim already confirmed or declined (or whose guest is gone)."""

    code = "claim.closed"
    template = gettext_noop("This claim was already decided.")


class ClaimSameMatch(RecordConflict):
    """Confirming a claim when the guest and the claimant's player sat at the same match."""

    code = "claim.same_match"
    template = gettext_noop("{guest} and {player} both sit at match #{match}, so they cannot be one person.")


class ClaimOwnGuest(RecordInvalid):
    """Claiming a guest one added oneself: only a guest's owner decides claims on it."""

    code = "claim.own_guest"
    template = gettext_noop(
        "You added {player} yourself, so nobody else can confirm it was you: seat yourself next time."
    )


class ClaimNoOwner(RecordInvalid):
    """Claiming a guest whose owner's account is gone: nobody could decide it."""

    code = "claim.no_owner"
    template = gettext_noop(
        "Nobody can confirm a claim on {player}: the account that added this guest is gone."
    )


class NotAGuest(RecordInvalid):
    """Claiming a seat whose player is an account's, not a guest."""

    code = "claim.not_a_guest"
    template = gettext_noop("{player} is an account's player, not a guest: only guests can be claimed.")


class NoSuchSeat(RecordInvalid):
    """An invitation or a claim naming a seat the match does not have."""

    code = "seat.unknown"
    template = gettext_noop("The match has no seat {seat}.")


class SeatHeld(RecordConflict):
    """Inviting to, or accepting, a seat an account's player holds."""

    code = "invitation.seat_held"
    template = gettext_noop("Seat {seat} already belongs to the account of {player}.")


class SeatNeedsInvitation(RecordInvalid):
    """Seating another account's player who is not in the match's club: invite the account."""

    code = "players.needs_invitation"
    template = gettext_noop(
        "{player} is someone's account: invite them to the seat, or have them join the club first."
    )


class GuestNotYours(RecordInvalid):
    """Seating a guest that another account added."""

    code = "players.not_yours"
    template = gettext_noop(
        "{player} is a guest someone else added: seat a guest of your own, or invite their account."
    )


class ClubInvitationExpired(RecordConflict):
    """Joining a club through a link past its expiry (docs/clubs.md)."""

    code = "club_invitation.expired"
    template = gettext_noop("This invitation to {club} has expired: ask one of its admins for a new one.")


class ClubInvitationRevoked(RecordConflict):
    """Joining a club through a link an admin revoked."""

    code = "club_invitation.revoked"
    template = gettext_noop("This invitation to {club} was revoked: ask one of its admins for a new one.")


class ClubInvitationUsedUp(RecordConflict):
    """Joining a club through a link once its number of uses is reached."""

    code = "club_invitation.used_up"
    template = gettext_noop(
        "This invitation to {club} was for {max_uses} people, and they have joined: ask one of its"
        " admins for a new one."
    )


class LastAdmin(RecordConflict):
    """A change that would leave a club without an admin: nobody could manage it any more."""

    code = "membership.last_admin"
    template = gettext_noop(
        "{user} is the only admin of {club}: make another member an admin first, so that someone can"
        " still manage the club."
    )


class WrongPassword(RecordInvalid):
    """A write that asks for the account's password again (deleting the account) was given another."""

    code = "auth.wrong_password"
    template = gettext_noop("That is not your password.")
