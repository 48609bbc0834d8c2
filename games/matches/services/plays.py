"""Recording a hand as it is played, from one phone or two at once: plays, undo, Escoba challenges.

Each write locks the hand row and requires the client's ``expected_seq`` (the number of the next play
as the client last saw it), and its ``expected_revision`` when it sends one (the hand's count of writes,
which unlike ``expected_seq`` does not repeat after an undo and a new play); a stale one is
:class:`HandOutOfSync` with the hand's current state. A
retry with the same idempotency key returns the original result instead of writing twice; the same key
with a different body is :class:`IdempotencyKeyReused`. The engine checks every play against the stored
log, so an illegal play raises its RuleViolation and nothing is written.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, ParamSpec, TypeVar

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.audit import chain
from games.audit.services import Kind, chain_append
from games.errors import (
    HandNotOpen,
    HandOutOfSync,
    IdempotencyKeyReused,
    MatchNotInProgress,
    NoSuchPlay,
    NothingToUndo,
)
from games.matches import convert
from games.matches.replay import Table, live_rows, play_rows, replay, table_of
from games.matches.services.constraints import broken_constraint
from games.matches.services.locks import HandRef, hand_lock
from games.matches.services.versions import match_version_bump
from games.models import Challenge, Hand, Match, Play
from games.rules.game import HandReport, LogEntry

Row = TypeVar("Row", Play, Challenge)
P = ParamSpec("P")
R = TypeVar("R")
KEY_CONSTRAINTS = {Play: "play_key_once_per_match", Challenge: "challenge_key_once_per_match"}


@dataclass(frozen=True, slots=True)
class Recorded(Generic[Row]):
    """A stored play or challenge and the hand's state after it (``replayed``: an idempotent retry):
    the engine's report, the hand row (its ``match`` too) and its standing plays, enough to show the
    hand again without reading or replaying it; ``change``: a play as pushed to the phones that draw it
    (:func:`_pushed_play`), if it is one."""

    row: Row
    report: HandReport
    next_seq: int
    revision: int
    hand: Hand
    plays: tuple[Play, ...]
    replayed: bool = False
    change: str = ""


def _reused_key_is_a_conflict(service: Callable[P, R]) -> Callable[P, R]:
    """The same key sent at once for two hands of a match passes both lookups (each under its own hand
    lock); the later insert then breaks the unique key constraint, the write rolls back whole, and the
    client is told the key is reused. (No savepoint per insert: it would cost two round trips a play.)"""

    @functools.wraps(service)
    def checked(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return service(*args, **kwargs)
        except IntegrityError as error:
            key = kwargs.get("idempotency_key")
            if key and any(
                broken_constraint(error, model) == name for model, name in KEY_CONSTRAINTS.items()
            ):
                raise IdempotencyKeyReused(key=key) from error
            raise

    return checked


@_reused_key_is_a_conflict
@transaction.atomic
def hand_play_record(
    *,
    hand: Hand | HandRef,
    seat: int,
    card: str,
    taken: Sequence[str] = (),
    expected_seq: int,
    expected_revision: int | None = None,
    idempotency_key: str = "",
    by: User | None = None,
) -> Recorded[Play]:
    """Record ``seat`` playing ``card`` and taking ``taken`` as play number ``expected_seq``.

    Raises:
        IdempotencyKeyReused, MatchNotInProgress, HandNotOpen, HandOutOfSync: see the module.
        RuleViolation: the engine refuses the play (its code says why).
    """
    hand, table = _locked_open(hand)
    entry = convert.play_entry(seat=seat, card=card, taken=taken)
    digest = _digest(
        kind="play", seat=seat, card=str(entry.card), taken=sorted(map(str, entry.taken)), seq=expected_seq
    )
    rows = list(play_rows(hand))  # undone ones too: a late retry finds its play
    live = [row for row in rows if row.undone_at is None]
    # A key used on another hand of the match breaks the unique constraint at the insert instead.
    if idempotency_key and (earlier := next((r for r in rows if r.idempotency_key == idempotency_key), None)):
        return _replayed(earlier, digest, hand, table, live)
    plays, challenges = _verified_rows(hand, table, expected_seq, expected_revision, live)
    report = replay(hand, table, [*convert.log_entries(plays, challenges), entry])
    row = Play.objects.create(
        hand=hand,
        match_id=hand.match_id,
        seq=expected_seq,
        seat=seat,
        card=str(entry.card),
        taken=convert.card_texts(taken),
        idempotency_key=idempotency_key,
        request_digest=digest,
        created_by=by,
    )
    hand.next_seq += 1
    _revised(hand, "next_seq")
    chain_append(
        match=hand.match, kind=Kind.PLAY, ref=row.pk, content=play_content(row, hand), hand=hand.number
    )
    change = _pushed_play(row, report, hand)
    match_version_bump(match=hand.match, chained=True, change=change)
    return Recorded(
        row=row,
        report=report,
        next_seq=hand.next_seq,
        revision=hand.revision,
        hand=hand,
        plays=(*plays, row),
        change=change,
    )


@transaction.atomic
def hand_play_undo(
    *, hand: Hand | HandRef, expected_seq: int, expected_revision: int | None = None
) -> Recorded[Play]:
    """Take back the hand's last play (and any challenge of it); it stays stored, marked undone.

    Raises:
        MatchNotInProgress, HandNotOpen, HandOutOfSync, NothingToUndo.
    """
    hand, table = _locked_open(hand)
    plays, challenges = _verified_rows(hand, table, expected_seq, expected_revision)
    if not plays:
        raise NothingToUndo(number=hand.number)
    last = plays.pop()
    last.undone_at = timezone.now()
    last.save(update_fields=["undone_at"])
    hand.next_seq = last.seq
    _revised(hand, "next_seq")
    content = chain.undo_content(hand=hand.number, seq=last.seq, card=last.card)
    chain_append(match=hand.match, kind=Kind.UNDO, ref=last.pk, content=content, hand=hand.number)
    match_version_bump(match=hand.match, chained=True)
    remaining = [challenge for challenge in challenges if challenge.play_id != last.pk]
    report = replay(hand, table, convert.log_entries(plays, remaining))
    return Recorded(
        row=last, report=report, next_seq=hand.next_seq, revision=hand.revision, hand=hand, plays=tuple(plays)
    )


@_reused_key_is_a_conflict
@transaction.atomic
def hand_challenge_record(
    *,
    hand: Hand | HandRef,
    seat: int,
    play_seq: int,
    expected_seq: int,
    expected_revision: int | None = None,
    idempotency_key: str = "",
    by: User | None = None,
) -> Recorded[Challenge]:
    """Escoba ``manual_capture``: ``seat`` challenges play ``play_seq`` (docs/rules/escoba.md 3.2(g)); the
    engine rules on it (only the latest play, by another side, once) and scores it when the hand closes.

    Raises:
        IdempotencyKeyReused, MatchNotInProgress, HandNotOpen, HandOutOfSync, NoSuchPlay.
        RuleViolation: the engine refuses the challenge (e.g. ``challenge.not_allowed``).
    """
    digest = _digest(kind="challenge", seat=seat, play=play_seq, seq=expected_seq)
    hand, table = _locked_open(hand)
    rows = list(play_rows(hand, challenge_key=idempotency_key))  # undone ones too: a late retry finds its own
    live = [row for row in rows if row.undone_at is None]
    # Its key marks the play it challenged; a key used on another hand breaks the constraint at the insert.
    if idempotency_key and (keyed := next((r for r in rows if getattr(r, "keyed", False)), None)):
        earlier = Challenge.objects.get(play_id=keyed.pk, idempotency_key=idempotency_key)
        return _replayed(earlier, digest, hand, table, live)
    plays, challenges = _verified_rows(hand, table, expected_seq, expected_revision, live)
    challenged = next((play for play in plays if play.seq == play_seq), None)
    if challenged is None:
        raise NoSuchPlay(number=hand.number, seq=play_seq)
    entry = LogEntry(seat=seat, challenge_of=convert.play_index(plays, challenged))
    report = replay(hand, table, [*convert.log_entries(plays, challenges), entry])
    row = Challenge.objects.create(
        hand=hand,
        match_id=hand.match_id,
        play=challenged,
        seat=seat,
        idempotency_key=idempotency_key,
        request_digest=digest,
        created_by=by,
    )
    _revised(hand)
    content = chain.challenge_content(hand=hand.number, play=challenged.pk, seat=seat)
    chain_append(match=hand.match, kind=Kind.CHALLENGE, ref=row.pk, content=content, hand=hand.number)
    match_version_bump(match=hand.match, chained=True)
    return Recorded(
        row=row, report=report, next_seq=hand.next_seq, revision=hand.revision, hand=hand, plays=tuple(plays)
    )


def _pushed_play(row: Play, report: HandReport, hand: Hand) -> str:
    """The play as pushed to the phones that draw it with their engine (``drawPushed`` in
    static/js/offline_engine_view.js): the play and the hand's state after it, as the match screen's
    ``data-offline`` holds it (web/offline.py); "" once the hand is played out, whose screen changes
    beyond the hand (the phones ask for it)."""
    if report.complete or report.next_seat is None:
        return ""
    play = {"hand": hand.number, "seq": row.seq, "seat": row.seat, "card": row.card, "taken": row.taken}
    after = {"next_seq": hand.next_seq, "revision": hand.revision, "next_seat": report.next_seat}
    table = [str(card) for card in report.table]
    return json.dumps({"kind": "play", **play, **after, "table": table}, separators=(",", ":"))


def play_content(row: Play, hand: Hand) -> dict[str, object]:
    """What a play's link in the match's hash chain hashes (``games.audit.chain``)."""
    return chain.play_content(hand=hand.number, seq=row.seq, seat=row.seat, card=row.card, taken=row.taken)


def _digest(**fields: object) -> str:
    """What a request asked for, so a retry can be told from a different request with the same key."""
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


def _locked_open(hand: Hand | HandRef) -> tuple[Hand, Table]:
    """The hand and its match, locked and allowed (:func:`~games.matches.services.locks.hand_lock`)."""
    row = hand_lock(hand)
    return row, table_of(row.match)


def _revised(hand: Hand, *changed: str) -> None:
    """Save the ``changed`` fields of ``hand`` and count the write in its revision."""
    hand.revision += 1
    hand.save(update_fields=[*changed, "revision"])


def _verified_rows(
    hand: Hand,
    table: Table,
    expected_seq: int,
    expected_revision: int | None = None,
    live: list[Play] | None = None,
) -> tuple[list[Play], list[Challenge]]:
    """The hand's live log (its ``live`` plays, when already read), once the match, the hand,
    ``expected_seq`` and ``expected_revision`` (when given) allow a write."""
    if hand.match.status != Match.Status.IN_PROGRESS:
        raise MatchNotInProgress(status=hand.match.status)
    if not hand.is_open:
        raise HandNotOpen(number=hand.number)
    plays, challenges = live_rows(hand, live)
    if expected_seq != hand.next_seq or expected_revision not in (None, hand.revision):
        report = replay(hand, table, convert.log_entries(plays, challenges))
        facts = state_facts(report, plays)
        raise HandOutOfSync(expected_seq=hand.next_seq, got=expected_seq, revision=hand.revision, **facts)
    return plays, challenges


def state_facts(report: HandReport, plays: Sequence[Play]) -> dict[str, object]:
    """The hand's current state, for a client that has fallen behind."""
    last = plays[-1] if plays else None
    return {
        "next_seat": report.next_seat,
        "complete": report.complete,
        "table": convert.jsonable(report.table),
        "last_play": None
        if last is None
        else {"seq": last.seq, "seat": last.seat, "card": last.card, "taken": last.taken},
    }


def _replayed(
    earlier: Row, digest: str, hand: Hand, table: Table, live: list[Play] | None = None
) -> Recorded[Row]:
    if earlier.request_digest != digest or earlier.hand_id != hand.pk:
        raise IdempotencyKeyReused(key=earlier.idempotency_key)
    plays, challenges = live_rows(hand, live)
    report = replay(hand, table, convert.log_entries(plays, challenges))
    return Recorded(
        row=earlier,
        report=report,
        next_seq=hand.next_seq,
        revision=hand.revision,
        hand=hand,
        plays=tuple(plays),
        replayed=True,
    )
