"""Writes for hands: start (setup checked by the engine), close, quick summary, correction.

Each write takes its rows as :mod:`games.matches.services.locks` says (the match, then the hand, in one query)
and checks the caller there, then the hand's state and version under the lock, then writes, and
answers with the rows it wrote (``hand.match``: the match as the write left it), so the caller shows
them without reading them again. A correction first stores the version it replaces
(:class:`~games.models.HandVersion`, :mod:`games.matches.history`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.audit import chain
from games.audit.services import Kind, audit_record, chain_append, chain_store
from games.errors import (
    CorrectionContent,
    HandAwaitsSummary,
    HandHasPlays,
    HandNotNext,
    HandNotOpen,
    HandRevisionStale,
    HandStillOpen,
    MatchNotInProgress,
)
from games.matches import convert
from games.matches.history import version_now
from games.matches.replay import is_time_up, next_dealer, replay, setup_of, table_of
from games.matches.services.followups import followups_schedule
from games.matches.services.locks import HandRef, MatchRef, hand_lock, match_lock
from games.matches.services.rescoring import match_rescore
from games.matches.services.versions import match_version_bump
from games.models import Challenge, Hand, HandSummary, HandVersion, Match, Play
from games.rules.errors import BadDealer, BadTableSize
from games.rules.game import HandReport


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayInput:
    """One play of a corrected hand; ``challenged_by`` lists the seats that challenged it (Escoba)."""

    seat: int
    card: str
    taken: Sequence[str] = ()
    challenged_by: Sequence[int] = ()


def hand_start(
    *,
    match: Match | MatchRef,
    dealer: int | None = None,
    starter: int | None = None,
    table: Sequence[str] = (),
    set_aside: Sequence[str] = (),
    mode: str = Hand.Mode.PLAYS,
    number: int | None = None,
) -> Hand:
    """Open the match's next hand; the deal passes as the game says unless given (docs/rules/shared.md A4).
    A phone that started it offline names it (``number``), so that it opens no other hand.

    A hand in ``Hand.Mode.SUMMARY`` will be scored from its quick summary alone, so its table cards
    may be left out (no summary check uses them); it takes no plays. The new hand's ``match`` is the
    locked row.

    Raises:
        MatchNotInProgress: the match is over (also when its time limit ran out between hands).
        HandNotNext: the match's next hand is not ``number``.
        HandStillOpen: the previous hand is not closed.
        BadDealer, RuleViolation: a bad setup (the engine checks the table and set-aside cards).
    """
    hand = _hand_open(
        match=match,
        mode=Hand.Mode(mode),
        number=number,
        dealer=dealer,
        starter=starter,
        table=table,
        set_aside=set_aside,
    )
    if hand is None:  # raised once the match's end is committed
        raise MatchNotInProgress(status=Match.Status.FINISHED)
    return hand


def summary_pending(hand: Hand) -> HandReport | None:
    """Where an open hand started in summary mode stands: nothing played, no seat to play, its table
    as given (maybe none, so it is not replayed); ``None`` for any other hand."""
    if not hand.is_open or hand.mode != Hand.Mode.SUMMARY:
        return None
    return HandReport(complete=False, next_seat=None, table=tuple(convert.cards(hand.table)))


def _finished_by_time(match: Match) -> bool:
    """Out of time between hands: ask the engine whether the match is over now, and record it."""
    if not is_time_up(match):
        return False
    status = match_rescore(match=match, from_number=match.hands.count() + 1)
    if status.finished:
        followups_schedule(match=match)
    return status.finished


@transaction.atomic
def _hand_open(
    *,
    match: Match | MatchRef,
    mode: Hand.Mode,
    number: int | None,
    dealer: int | None,
    starter: int | None,
    table: Sequence[str],
    set_aside: Sequence[str],
) -> Hand | None:
    """The new hand; ``None`` when the match's time ran out (its end is recorded)."""
    match = match_lock(match)
    if match.status != Match.Status.IN_PROGRESS:
        raise MatchNotInProgress(status=match.status)
    previous = match.hands.order_by("-number").first()
    following = 1 if previous is None else previous.number + 1
    if number is not None and number != following:
        raise HandNotNext(number=number, next=following)
    if previous is not None and previous.is_open:
        raise HandStillOpen(number=previous.number)  # it is played out first (docs/rules/tamlin.md T15)
    if match.time_limit_minutes is not None and _finished_by_time(match):
        return None
    if dealer is None:
        dealer = next_dealer(match, previous)
    if not 0 <= dealer < match.player_count:
        raise BadDealer(dealer=dealer, last=match.player_count - 1)
    hand = Hand(
        match=match,
        number=following,
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
    content = chain.hand_content(
        number=hand.number, dealer=dealer, starter=starter, table=hand.table, set_aside=hand.set_aside
    )
    chain_append(match=match, kind=Kind.HAND, ref=hand.pk, content=content, hand=hand.number)
    match_version_bump(match=match, chained=True)
    return hand


@transaction.atomic
def hand_close(*, hand: Hand | HandRef) -> Hand:
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
    *, hand: Hand | HandRef, entries: Sequence[Mapping[str, object]], by: User | None = None
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
    _store_summary(match, hand, entries, by)
    chain_store(match=match)
    hand.mode = Hand.Mode.SUMMARY
    _finish(match, hand)
    return hand


def _finish(match: Match, hand: Hand) -> None:
    hand.closed_at = timezone.now()
    hand.revision += 1
    hand.save(update_fields=["mode", "closed_at", "revision"])
    _rescored(match, hand)


def _rescored(match: Match, hand: Hand) -> None:
    """Rescore the match from ``hand`` on; ``hand`` then holds its stored report and the match row as
    the rescoring left it."""
    match_rescore(match=match, from_number=hand.number)
    followups_schedule(match=match)
    hand.refresh_from_db()  # its report, and no relation cached before the write (its summary)
    hand.match = match


@transaction.atomic
def hand_correct(
    *,
    hand: Hand | HandRef,
    by: User | None = None,
    plays: Sequence[PlayInput] | None = None,
    summary: Sequence[Mapping[str, object]] | None = None,
    expected_revision: int | None = None,
) -> Hand:
    """Replace a closed hand's log (or summary), keeping the version it replaces; every score from it
    on is replayed, never patched. ``expected_revision``: the hand's revision as the corrector saw it.

    The match may finish, or go on again, as the engine now says (docs/rules/ B12, E10, T15, W10).

    Raises:
        MatchNotInProgress: the match was abandoned.
        HandStillOpen: the hand is open (undo plays instead).
        HandRevisionStale: the hand was written since the corrector saw ``expected_revision``.
        CorrectionContent: not exactly one of ``plays`` and ``summary``.
        RuleViolation, HandIncomplete: the new content is illegal or does not finish the hand.
    """
    match, hand = _locked(hand, finished_too=True)
    if hand.is_open:
        raise HandStillOpen(number=hand.number)
    if expected_revision is not None and expected_revision != hand.revision:
        raise HandRevisionStale(number=hand.number, revision=hand.revision, got=expected_revision)
    if (plays is None) == (summary is None):
        raise CorrectionContent(given="both" if plays is not None else "neither")
    replaced, author = version_now(hand)
    HandVersion.objects.create(hand=hand, **{**replaced, "by": author})
    Play.objects.filter(hand=hand).delete()
    HandSummary.objects.filter(hand=hand).delete()
    if plays is not None:
        _store_plays(match, hand, plays, by)
    else:
        _store_summary(match, hand, summary or (), by)
    hand.mode = Hand.Mode.PLAYS if plays is not None else Hand.Mode.SUMMARY
    hand.next_seq = len(plays or ())
    hand.corrections += 1
    hand.revision += 1
    hand.save(update_fields=["mode", "next_seq", "corrections", "revision"])
    _rescored(match, hand)
    current, _ = version_now(hand)
    audit_record(
        by=by,
        action="hand.corrected",
        object=hand,
        before=_version_record(replaced),
        after=_version_record(current),
        match=match,
    )
    return hand


def _version_record(version: Mapping[str, object]) -> dict[str, object]:
    """A hand version as its correction's audit entry keeps it (the revision, content and points)."""
    return {key: version[key] for key in ("revision", "kind", "plays", "summary", "totals")}


def _store_summary(
    match: Match, hand: Hand, entries: Sequence[Mapping[str, object]], by: User | None
) -> None:
    row = HandSummary.objects.create(hand=hand, entries=chain.jsonable(list(entries)), created_by=by)
    content = chain.summary_content(hand=hand.number, entries=row.entries)
    chain_append(match=match, kind=Kind.SUMMARY, ref=row.pk, content=content, hand=hand.number)


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
        content = chain.play_content(hand=hand.number, seq=seq, seat=row.seat, card=row.card, taken=row.taken)
        chain_append(match=match, kind=Kind.PLAY, ref=row.pk, content=content, hand=hand.number)
        for seat in item.challenged_by:
            challenge = Challenge.objects.create(match=match, hand=hand, play=row, seat=seat, created_by=by)
            content = chain.challenge_content(hand=hand.number, play=row.pk, seat=seat)
            chain_append(
                match=match, kind=Kind.CHALLENGE, ref=challenge.pk, content=content, hand=hand.number
            )


def _locked(hand: Hand | HandRef, *, finished_too: bool = False) -> tuple[Match, Hand]:
    """The match and the hand, locked (:func:`~games.matches.services.locks.hand_lock`) and allowed.

    Raises:
        MatchNotInProgress: the match is abandoned, or finished (unless ``finished_too``).
    """
    hand = hand_lock(hand)
    allowed = (
        {Match.Status.IN_PROGRESS, Match.Status.FINISHED} if finished_too else {Match.Status.IN_PROGRESS}
    )
    if hand.match.status not in allowed:
        raise MatchNotInProgress(status=hand.match.status)
    return hand.match, hand
