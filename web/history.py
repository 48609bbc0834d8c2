"""A corrected hand's history as the correction page shows it: each version, and what changed from the
one before it (plays taken out and put in, counts, each side's points)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from difflib import SequenceMatcher

from games.matches.history import VersionLine
from games.matches.selectors.hands import PlayLine as StoredPlay
from games.matches.services.hands import PlayInput
from web.corrections import PlayLine, play_lines
from web.deals import count_label


@dataclass(frozen=True, slots=True, kw_only=True)
class CountChange:
    """A side's count that a correction changed."""

    side: str
    label: str
    before: str
    after: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PointsChange:
    """A side's points that a correction changed."""

    side: str
    before: int
    after: int


@dataclass(frozen=True, slots=True, kw_only=True)
class VersionView:
    """One version of the hand, and (but the first) what changed from the version before it."""

    revision: int
    by: str | None
    at: datetime
    by_summary: bool
    play_count: int
    points: tuple[tuple[str, int], ...]  # each side's name and points
    current: bool
    first: bool
    kind_changed: bool = False
    removed: tuple[PlayLine, ...] = ()  # plays of the version before that this one does not have
    added: tuple[PlayLine, ...] = ()  # and the plays it has instead
    counts: tuple[CountChange, ...] = ()
    totals: tuple[PointsChange, ...] = ()

    @property
    def unchanged(self) -> bool:
        """Whether the version changed nothing shown."""
        return not (self.kind_changed or self.removed or self.added or self.counts or self.totals)


def history_views(
    versions: Sequence[VersionLine], seat_names: Mapping[int, str], side_names: Sequence[str], *, game: str
) -> tuple[VersionView, ...]:
    """The versions of a hand of ``game`` (oldest first, the current one last), each compared with the
    one before it."""
    views = []
    for index, version in enumerate(versions):
        previous = versions[index - 1] if index else None
        views.append(
            _view(version, previous, seat_names, side_names, game=game, current=index == len(versions) - 1)
        )
    return tuple(views)


def _view(
    version: VersionLine,
    previous: VersionLine | None,
    seat_names: Mapping[int, str],
    side_names: Sequence[str],
    *,
    game: str,
    current: bool,
) -> VersionView:
    base = {
        "revision": version["revision"],
        "by": version["by"],
        "at": version["at"],
        "by_summary": version["kind"] == "summary",
        "play_count": len(version["plays"]),
        "points": tuple(zip(side_names, version["totals"], strict=False)),
        "current": current,
        "first": previous is None,
    }
    if previous is None:
        return VersionView(**base)  # type: ignore[arg-type]  # the fields above, by name
    removed, added = _plays_changed(previous["plays"], version["plays"], seat_names)
    return VersionView(
        **base,  # type: ignore[arg-type]  # the fields above, by name
        kind_changed=previous["kind"] != version["kind"],
        removed=removed,
        added=added,
        counts=_counts_changed(previous["summary"] or [], version["summary"] or [], side_names, game),
        totals=tuple(
            PointsChange(side=name, before=before, after=after)
            for name, before, after in zip(side_names, previous["totals"], version["totals"], strict=False)
            if before != after
        ),
    )


def _plays_changed(
    before: Sequence[StoredPlay], after: Sequence[StoredPlay], seat_names: Mapping[int, str]
) -> tuple[tuple[PlayLine, ...], tuple[PlayLine, ...]]:
    """The plays of ``before`` that ``after`` does not keep, and those it has instead (numbered as in
    their own version), by the longest run of plays the two share."""
    old, new = _lines(before, seat_names), _lines(after, seat_names)
    matcher = SequenceMatcher(
        a=[_same(line) for line in old], b=[_same(line) for line in new], autojunk=False
    )
    removed: list[PlayLine] = []
    added: list[PlayLine] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed.extend(old[i1:i2])
            added.extend(new[j1:j2])
    return tuple(removed), tuple(added)


def _same(line: PlayLine) -> tuple[object, ...]:
    """What makes two plays the same play, whatever their numbers."""
    return (line.player, line.card, line.taken, line.challengers)


def _lines(plays: Sequence[StoredPlay], seat_names: Mapping[int, str]) -> tuple[PlayLine, ...]:
    inputs = [
        PlayInput(
            seat=play["seat"], card=play["card"], taken=play["taken"], challenged_by=play["challenged_by"]
        )
        for play in plays
    ]
    return play_lines(inputs, seat_names)


def _counts_changed(
    before: Sequence[Mapping[str, object]],
    after: Sequence[Mapping[str, object]],
    side_names: Sequence[str],
    game: str,
) -> tuple[CountChange, ...]:
    """Each side's count whose value differs between the two summaries (a version of plays has none)."""
    if not before or not after:
        return ()
    changes = []
    for name, old, new in zip(side_names, before, after, strict=False):
        for key in dict.fromkeys([*old, *new]):
            if old.get(key) != new.get(key):
                label = str(count_label(game, key))
                changes.append(
                    CountChange(side=name, label=label, before=_text(old.get(key)), after=_text(new.get(key)))
                )
    return tuple(changes)


def _text(value: object) -> str:
    """A count as the page shows it: a number, or a Twenty list of awards joined."""
    if value is None:
        return "-"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)
