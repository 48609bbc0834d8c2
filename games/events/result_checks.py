"""Whether the results an event's rounds were paired on still hold (docs/events.md, "Results that stay
true"): the tables without a result, the counted results that changed after a later round was paired
(before, after and when), and the rounds paired on standings that have changed since (stale).

Publishing round N stores, on every earlier table whose count changed since the last publishing, what it
counted then (``Table.counted``: ``[[N, counted], ...]``); everything else is compared on read with what
the tables count now (:func:`games.events.selectors.table_result`), so a corrected hand, a withdrawn
override or a match made unfinished again shows at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Max

from games.events.models import Event, Round, Table
from games.events.selectors import override_of, overrides_of, round_list, table_result
from games.models import HandVersion

GAME_POINT_TIEBREAKS = frozenset({"points_diff"})
"""The tie-breaks that read the tables' game points: a change of those alone changes the standings."""

Counted = dict[str, Any]  # {"places": [...], "scores": [...], "kind": "match" | "director"}


def counted_now(table: Table) -> Counted | None:
    """What the table counts now, as publishing stores it (``None``: no result)."""
    result = table_result(table)
    if result is None:
        return None
    kind = "match" if override_of(table) is None else "director"
    return {"places": list(result.places), "scores": list(result.scores), "kind": kind}


def winner_of(counted: Counted) -> int | None:
    """The side alone in first place (``None``: a draw, or a first place shared)."""
    places = counted["places"]
    alone = [side for side, place in enumerate(places) if place == 0]
    return alone[0] if len(alone) == 1 else None


def _key(counted: Counted | None, scores: bool) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    if counted is None:
        return None
    return tuple(counted["places"]), tuple(counted["scores"]) if scores else ()


@dataclass(frozen=True, slots=True)
class ResultChange:
    """A table whose counted result is not the one a later round (``paired``) was paired on."""

    round: int
    table: int
    paired: int
    before: Counted | None
    after: Counted | None
    at: datetime | None  # the last write to the result after round ``paired`` was published


@dataclass(frozen=True, slots=True)
class ResultsCheck:
    """What an event's results need looked at: missing results, changed ones, stale rounds."""

    missing: tuple[tuple[int, int], ...]  # (round, table) of every table without a result
    changed: tuple[ResultChange, ...]
    stale: frozenset[int]  # rounds paired on standings that have changed since

    def change_of(self, number: int, table: int) -> ResultChange | None:
        """The change to table ``table`` of round ``number``, if any."""
        return next((each for each in self.changed if (each.round, each.table) == (number, table)), None)


def results_check(*, event: Event, rounds: Sequence[Round] | None = None) -> ResultsCheck:
    """The event's tables without a result, its changed results and its stale rounds; ``rounds``:
    every round of the event as :func:`games.events.selectors.round_list` reads them (else read here)."""
    rounds = list(round_list(event=event)) if rounds is None else list(rounds)
    scores = any(name in GAME_POINT_TIEBREAKS for name in event.tiebreaks)
    numbers = sorted(played.number for played in rounds)
    missing: list[tuple[int, int]] = []
    stale: set[int] = set()
    found: list[tuple[int, Table, int, Counted | None, Counted | None]] = []
    for played in rounds:
        for table in played.tables.all():
            now = counted_now(table)
            if now is None:
                missing.append((played.number, table.number))
            entries = sorted(table.counted, key=lambda entry: entry[0])
            if not entries:
                continue
            for number in numbers:
                basis = [entry for entry in entries if entry[0] <= number]
                if number > played.number and basis and _key(basis[-1][1], scores) != _key(now, scores):
                    stale.add(number)
            differing = [entry for entry in entries if _key(entry[1], scores) != _key(now, scores)]
            if differing:
                found.append((played.number, table, differing[-1][0], differing[-1][1], now))
    published = {played.number: played.published_at for played in rounds}
    corrected = _corrections([table.match_id for _, table, _, _, _ in found])
    changed = tuple(
        ResultChange(
            number,
            table.number,
            paired,
            before,
            now,
            _last_write(table, corrected.get(table.match_id), published[paired]),
        )
        for number, table, paired, before, now in found
    )
    return ResultsCheck(tuple(missing), changed, frozenset(stale))


def _corrections(matches: Sequence[int]) -> dict[int, datetime]:
    """When each match's hands were last corrected (one query; none when nothing changed)."""
    if not matches:
        return {}
    rows = (
        HandVersion.objects.filter(hand__match_id__in=matches)
        .values("hand__match_id")
        .annotate(latest=Max("replaced_at"))
        .values_list("hand__match_id", "latest")
    )
    return dict(rows)


def _last_write(table: Table, corrected: datetime | None, since: datetime) -> datetime | None:
    """The last write that could change the table's result after ``since``: a director's result set
    or withdrawn, a hand corrected, the match finishing again."""
    times = [corrected, table.match.finished_at]
    for override in overrides_of(table):
        times += [override.at, override.withdrawn_at]
    after = [moment for moment in times if moment is not None and moment > since]
    return max(after, default=None)
