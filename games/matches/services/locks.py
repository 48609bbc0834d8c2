"""How every write to a match or a hand starts: lock the rows, then check the caller, under the lock.

A write names its match or hand either as a row or, from the API and the web, as a reference that
carries the caller's check (``allow``: :func:`games.access.match_writer`). The check runs on the locked
match before anything else is read or written, so an access change or a concurrent write between a
check and the write cannot slip in. Lock order: the match row, then the hand row, in one query, as
every writer of a match locks them (``match_abandon`` too): no deadlock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.models import Hand, Match


@dataclass(frozen=True, slots=True)
class MatchRef:
    """Match ``match_id``, for a write to lock and then ``allow`` (which raises to refuse)."""

    match_id: int
    allow: Callable[[Match], None]


@dataclass(frozen=True, slots=True)
class HandRef:
    """Hand ``number`` of match ``match_id``, for a write to find and lock in its first query (none
    such: ``Hand.DoesNotExist``); ``allow`` sees the locked match before anything else."""

    match_id: int
    number: int
    allow: Callable[[Match], None]


def match_lock(match: Match | MatchRef) -> Match:
    """The match row, locked (``NO KEY``: a new hand's foreign key to it need not wait) and allowed."""
    if isinstance(match, MatchRef):
        row = Match.objects.select_for_update(no_key=True).get(pk=match.match_id)
        match.allow(row)
        return row
    return Match.objects.select_for_update(no_key=True).get(pk=match.pk)


def hand_lock(hand: Hand | HandRef) -> Hand:
    """The hand and its match (``hand.match``), both locked and read in one query, so a concurrent
    abandon or close is seen; the match is locked first (PostgreSQL takes ``OF`` rows in the order
    listed)."""
    locked = Hand.objects.select_related("match").select_for_update(no_key=True, of=("match", "self"))
    if isinstance(hand, HandRef):
        row = locked.get(match_id=hand.match_id, number=hand.number)
        hand.allow(row.match)
        return row
    return locked.get(pk=hand.pk)
