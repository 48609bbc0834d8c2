"""Writes for hands: start (setup checked by the engine), close, quick summary, correction.

Lock order: the match row, then the hand row (plays lock only the hand), so these never deadlock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games import convert
from games.models import Challenge, Hand, HandSummary, Match, Play
from games.replay import is_time_up, next_dealer, replay, setup_of, table_of
from games.rules.errors import BadDealer, BadTableSize
from games.rules.game import HandReport
from games.services.errors import (
    CorrectionContent,
    HandAwaitsSummary,
    HandHasPlays,
    HandNotOpen,
    HandStillOpen,
    MatchNotInProgress,
)
from games.services.followups import followups_schedule
from games.services.rescoring import match_rescore
from games.services.versions import match_version_bump


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayInput:
    """One play of a corrected hand; ``challenged_by`` lists the seats that challenged it (Escoba)."""

    seat: int
    card: str
    taken: Sequence[str] = ()
    challenged_by: Sequence[int] = ()


def hand_start(
    *,
    match: Match,
    dealer: int | None = None,
    starter: int | None = None,
    table: Sequence[str] = (),
    set_aside: Sequence[str] = (),
    mode: str = Hand.Mode.PLAYS,
) -> Hand:
    """Open the match's next hand; the deal passes as the game says unless given (docs/rules/shared.md A4).

    A hand in ``Hand.Mode.SUMMARY`` will be scored from its quick summary alone, so its table cards
    may be left out (no summary check uses them); it takes no plays.

    Raises:
        MatchNotInProgress: the match is over (also when its time limit ran out between hands).
        HandStillOpen: the previous hand is not closed.
        BadDealer, RuleViolation: a bad setup (the engine checks the table and set-aside cards).
    """
    if match.time_limit_minutes is not None and _finish_if_over(match=match):
        raise MatchNotInProgress(status=Match.Status.FINISHED)
    return _hand_open(
        match=match, mode=Hand.Mode(mode), dealer=dealer, starter=starter, table=table, set_aside=set_aside
    )


def summary_pending(hand: Hand) -> HandReport | None:
    """Where an open hand started in summary mode stands: nothing played, no seat to play, its table
    as given (maybe none, so it is not replayed); ``None`` for any other hand."""
    if not hand.is_open or hand.mode != Hand.Mode.SUMMARY:
        return None
    return HandReport(complete=False, next_seat=None, table=tuple(convert.cards(hand.table)))


@transaction.atomic
def _finish_if_over(*, match: Match) -> bool:
    """Out of time between hands: ask the engine whether the match is over now, and record it."""
    match = _locked_match(match)
    if not is_time_up(match) or match.status != Match.Status.IN_PROGRESS:
        return False
    if match.hands.filter(closed_at__isnull=True).exists():
        return False  # the hand in progress is played out first (docs/rules/tamlin.md T15)
    status = match_rescore(match=match, from_number=match.hands.count() + 1)
    if status.finished:
        followups_schedule(match=match)
    return status.finished


@transaction.atomic
def _hand_open(
    *,
    match: Match,
    mode: Hand.Mode,
    dealer: int | None,
    starter: int | None,
    table: Sequence[str],
    set_aside: Sequence[str],
) -> Hand:
    match = _locked_match(match)
    if match.status != Match.Status.IN_PROGRESS:
        raise MatchNotInProgress(status=match.status)
    previous = match.hands.order_by("-number").first()
    if previous is not None and previous.is_open:
        raise HandStillOpen(number=previous.number)
    if dealer is None:
        dealer = next_dealer(match, previous)
    if not 0 <= dealer < match.player_count:
        raise BadDealer(dealer=dealer, last=match.player_count - 1)
    hand = Hand(
        match=match,
        number=1 if previous is None else previous.number + 1,
        dealer=dealer,
        starter=starter,
        table=convert.card_texts(table),
        set_aside=convert.card_texts(set_aside),
        mode=mode,
    )
    try:
        replay(hand, table_of(match), [])  # the engine checks the setup
    except BadTableSize:
        if mode != Hand.Mode.SUMMARY or table:
            raise  # the table left out of a hand scored from counts alone is fine; a wrong one is not
    hand.save()
    match_version_bump(match=match)
    return hand


@transaction.atomic
def hand_close(*, hand: Hand) -> Hand:
    """Close a hand whose plays are over: the engine scores it and the match's progress is updated.

    Raises:
        MatchNotInProgress, HandNotOpen, HandIncomplete; HandAwaitsSummary (it is scored from counts).
    """
    match, hand = _locked(hand)
    if not hand.is_open:
        raise HandNotOpen(number=hand.number)
    if hand.mode == Hand.Mode.SUMMARY:
        raise HandAwaitsSummary(number=hand.number)
    _finish(match, hand)
    return hand


@transaction.atomic
def hand_summary_record(
    *, hand: Hand, entries: Sequence[Mapping[str, object]], by: User | None = None
) -> Hand:
    """Quick entry instead of plays: each side's counts; the engine checks and scores them, and the
    hand closes.

    Raises:
        MatchNotInProgress, HandNotOpen, HandHasPlays; SummaryInconsistent (every problem at once).
    """
    match, hand = _locked(hand)
    if not hand.is_open:
        raise HandNotOpen(number=hand.number)
    if hand.next_seq:
        raise HandHasPlays(number=hand.number, plays=hand.next_seq)
    table = table_of(match)
    table.game.score_summary(setup_of(hand, table), entries, table.options)  # type: ignore[arg-type]  # Twenty's entries hold lists
    HandSummary.objects.create(hand=hand, entries=list(entries), created_by=by)
    hand.mode = Hand.Mode.SUMMARY
    _finish(match, hand)
    return hand


def _finish(match: Match, hand: Hand) -> None:
    hand.closed_at = timezone.now()
    hand.revision += 1
    hand.save(update_fields=["mode", "closed_at", "revision"])
    match_rescore(match=match, from_number=hand.number)
    followups_schedule(match=match)
    hand.refresh_from_db()


@transaction.atomic
def hand_correct(
    *,
    hand: Hand,
    by: User | None = None,
    plays: Sequence[PlayInput] | None = None,
    summary: Sequence[Mapping[str, object]] | None = None,
) -> Hand:
    """Replace a closed hand's log (or summary); every score from it on is replayed, never patched.

    The match may finish, or go on again, as the engine now says (docs/rules/ B12, E10, T15, W10).

    Raises:
        MatchNotInProgress: the match was abandoned.
        HandStillOpen: the hand is open (undo plays instead).
        CorrectionContent: not exactly one of ``plays`` and ``summary``.
        RuleViolation, HandIncomplete: the new content is illegal or does not finish the hand.
    """
    match, hand = _locked(hand, finished_too=True)
    if hand.is_open:
        raise HandStillOpen(number=hand.number)
    if (plays is None) == (summary is None):
        raise CorrectionContent(given="both" if plays is not None else "neither")
    Play.objects.filter(hand=hand).delete()
    HandSummary.objects.filter(hand=hand).delete()
    if plays is not None:
        _store_plays(match, hand, plays, by)
    else:
        HandSummary.objects.create(hand=hand, entries=list(summary or ()), created_by=by)
    hand.mode = Hand.Mode.PLAYS if plays is not None else Hand.Mode.SUMMARY
    hand.next_seq = len(plays or ())
    hand.corrections += 1
    hand.revision += 1
    hand.save(update_fields=["mode", "next_seq", "corrections", "revision"])
    match_rescore(match=match, from_number=hand.number)
    followups_schedule(match=match)
    hand.refresh_from_db()
    return hand


def _store_plays(match: Match, hand: Hand, plays: Sequence[PlayInput], by: User | None) -> None:
    for seq, item in enumerate(plays):
        row = Play.objects.create(
            match=match,
            hand=hand,
            seq=seq,
            seat=item.seat,
            card=convert.card_texts([item.card])[0],
            taken=convert.card_texts(item.taken),
            created_by=by,
        )
        Challenge.objects.bulk_create(
            Challenge(match=match, hand=hand, play=row, seat=seat, created_by=by)
            for seat in item.challenged_by
        )


def _locked_match(match: Match) -> Match:
    return Match.objects.select_for_update().get(pk=match.pk)


def _locked(hand: Hand, *, finished_too: bool = False) -> tuple[Match, Hand]:
    """The match and the hand, locked in that order.

    Raises:
        MatchNotInProgress: the match is abandoned, or finished (unless ``finished_too``).
    """
    match = _locked_match(Match(pk=hand.match_id))
    allowed = (
        {Match.Status.IN_PROGRESS, Match.Status.FINISHED} if finished_too else {Match.Status.IN_PROGRESS}
    )
    if match.status not in allowed:
        raise MatchNotInProgress(status=match.status)
    return match, Hand.objects.select_for_update().get(pk=hand.pk)
