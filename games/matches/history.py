"""A closed hand's history: every version of its content that a correction replaced, then the current one.

A version is what was recorded (the play log, or the quick summary) and the points it scored, at one
revision of the hand. ``hand_correct`` stores the version it replaces (:func:`version_now`) as a
:class:`~games.models.HandVersion` row before it writes, so a dispute can always be settled from what
was recorded, never only from a count of corrections.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypedDict

from django.contrib.auth.models import User as Account

from games.matches.selectors.hands import PlayLine, hand_log
from games.models import Hand, HandVersion


class VersionLine(TypedDict):
    """One version of a closed hand's content: plays or a summary, by whom and when."""

    revision: int
    by: str | None  # the account that recorded it (its last play, its summary, or the correction)
    at: datetime  # when it became the hand's content: the hand closed, or a correction was saved
    kind: str  # Hand.Mode: "plays" or "summary"
    plays: list[PlayLine]
    summary: list[dict[str, Any]] | None
    totals: list[int]  # each side's points in the hand


def version_now(hand: Hand) -> tuple[VersionLine, Account | None]:
    """The closed ``hand``'s content and points as they stand, when they became its content, and the
    account that recorded them (its last play, its summary, or the correction that wrote them)."""
    summary = getattr(hand, "summary", None) if hand.mode == Hand.Mode.SUMMARY else None
    plays = [] if summary is not None else hand_log(hand)
    written = summary or hand.plays.filter(undone_at__isnull=True).select_related("created_by").last()
    author = None if written is None else written.created_by
    at = max(hand.closed_at or hand.created_at, written.created_at if written else hand.created_at)
    line = VersionLine(
        revision=hand.revision,
        by=None if author is None else author.username,
        at=at,
        kind=hand.mode,
        plays=plays,
        summary=None if summary is None else list(summary.entries),
        totals=[score.total for score in sorted(hand.scores.all(), key=lambda score: score.side)],
    )
    return line, author


def hand_history(hand: Hand) -> list[VersionLine]:
    """Every version of the closed ``hand``, oldest first, the current one last (an open hand: none)."""
    if hand.is_open:
        return []
    replaced = hand.versions.select_related("by").order_by("revision")
    return [*(_line(version) for version in replaced), version_now(hand)[0]]


def _line(version: HandVersion) -> VersionLine:
    return VersionLine(
        revision=version.revision,
        by=None if version.by is None else version.by.username,
        at=version.at,
        kind=version.kind,
        plays=version.plays,
        summary=version.summary,
        totals=version.totals,
    )
