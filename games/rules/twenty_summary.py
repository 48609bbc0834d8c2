"""Maltese Twenty: the quick end-of-round entry, checked all at once (docs/rules/twenty.md W5, W8).

Each seat gives ``{"awards": [10, 15, -20], "bonus": 0 | 1}``, the awards it scored in any order,
or ``{"points": int, "bonus": 0 | 1}`` when only their sum was noted; ``bonus`` may be left out (0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from games.rules.errors import (
    BadAward,
    BadPlayerCount,
    BadRoundPoints,
    BadSummaryEntry,
    BonusMissing,
    BonusTwice,
    BonusWithoutAward,
    BrokenTallyChain,
    RuleViolation,
    SummaryInconsistent,
    TooManyAwards,
)
from games.rules.game import HandReport, SideReport
from games.rules.twenty_round import (
    EXACT_TWENTY_POINTS,
    FIVE_TALLY_CARDS,
    FIVE_TALLY_POINTS,
    HAND_SIZE,
    OVER_TWENTY_POINTS,
    RESERVE,
    SEATS,
    RoundEnd,
    TwentyRound,
)

LONGEST_TALLY = 10  # four aces, four 2s and two 3s make 18; an 11th card always goes over 20 (W5)
TALLY_AWARDS = tuple(FIVE_TALLY_POINTS << n for n in range(LONGEST_TALLY - FIVE_TALLY_CARDS + 1))
AWARDS = (EXACT_TWENTY_POINTS, OVER_TWENTY_POINTS, *TALLY_AWARDS)  # 10, -20, 15, 30, ..., 480
ENTRY_KEYS = ("awards", "points", "bonus")  # ``awards`` (a list) or ``points``, and ``bonus``
_KEYS = frozenset(ENTRY_KEYS)
_POINTS_STEP = 5  # every award is a multiple of 5


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """One seat's quick entry, read: ``awards`` is None when only ``points`` were given."""

    awards: tuple[int, ...] | None
    points: int
    bonus: bool


def round_sides(awards: Sequence[int], bonus: int, bonus_to: int | None) -> tuple[SideReport, ...]:
    """One side per seat: points ``awards`` (W5) and ``bonus`` (W8); the total is their sum."""
    sides = []
    for seat, points in enumerate(awards):
        extra = bonus if seat == bonus_to else 0
        sides.append(
            SideReport(seats=(seat,), points={"awards": points, "bonus": extra}, total=points + extra)
        )
    return tuple(sides)


def cards_played(state: TwentyRound, seat: int) -> int:
    """Cards ``seat`` plays in a whole round: 25, but 24 for the other player under ``starter_out`` (W7)."""
    full = HAND_SIZE + RESERVE // len(SEATS)
    return full if seat == state.starter or state.round_end is RoundEnd.ALL_CARDS else full - 1


def summarise_round(state: TwentyRound, entries: Sequence[Mapping[str, object]]) -> HandReport:
    """Check a round's quick entry for ``state`` (a started round) and report it as a finished round.

    Each entry is checked alone first; the checks across seats run when both entries are readable.

    Raises:
        SummaryInconsistent: every problem found (``BadAward``, ``BonusTwice``, ...).
    """
    if len(entries) != len(SEATS):
        raise SummaryInconsistent.of([BadPlayerCount(game="twenty", allowed="2", players=len(entries))])
    problems: list[RuleViolation] = []
    read = [_read_entry(seat, entry, problems) for seat, entry in enumerate(entries)]
    seats = tuple(entry for entry in read if entry is not None)
    if not problems:
        problems += _award_problems(state, seats) + _bonus_problems(seats)
    if problems:
        raise SummaryInconsistent.of(problems)
    bonus_to = next((seat for seat, entry in enumerate(seats) if entry.bonus), None)
    return HandReport(
        complete=True,
        next_seat=None,
        sides=round_sides([entry.points for entry in seats], state.bonus, bonus_to),
        extra={
            "bonus": state.bonus,
            "bonus_to": bonus_to,
            "awards": [None if entry.awards is None else list(entry.awards) for entry in seats],
        },
    )


def _as_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _read_entry(seat: int, entry: Mapping[str, object], problems: list[RuleViolation]) -> SeatEntry | None:
    """The entry read, or None after adding its problems to ``problems``."""
    bonus, points, awards = entry.get("bonus", 0), _as_int(entry.get("points")), entry.get("awards")
    if not set(entry) <= _KEYS or bonus not in (0, 1) or ("awards" in entry) == ("points" in entry):
        problems.append(BadSummaryEntry(seat=seat, entry=dict(entry)))
    elif points is not None:
        if points % _POINTS_STEP == 0:
            return SeatEntry(None, points, bonus == 1)
        problems.append(BadRoundPoints(seat=seat, points=points))
    elif isinstance(awards, list | tuple):
        values = [_as_int(award) for award in awards]
        bad = [award for award, value in zip(awards, values, strict=True) if value not in AWARDS]
        if not bad:
            checked = tuple(value for value in values if value is not None)
            return SeatEntry(checked, sum(checked), bonus == 1)
        allowed = ", ".join(map(str, AWARDS))
        problems += [BadAward(seat=seat, award=award, allowed=allowed) for award in bad]
    else:
        problems.append(BadSummaryEntry(seat=seat, entry=dict(entry)))
    return None


def _award_problems(state: TwentyRound, seats: tuple[SeatEntry, ...]) -> list[RuleViolation]:
    """At most one award per card a seat plays; each 30, 60, ... follows the other seat's half (W5)."""
    problems: list[RuleViolation] = []
    for seat, entry in enumerate(seats):
        if entry.awards is None:
            continue
        cards = cards_played(state, seat)
        if len(entry.awards) > cards:
            problems.append(TooManyAwards(seat=seat, count=len(entry.awards), cards=cards))
        other = seats[1 - seat].awards
        if other is not None:
            problems += _chain_problems(seat, entry.awards, other)
    return problems


def _chain_problems(seat: int, awards: tuple[int, ...], other: tuple[int, ...]) -> list[RuleViolation]:
    """A Six Tally (30) answers the other player's Five Tally (15) on the card before, and so on (W5)."""
    problems: list[RuleViolation] = []
    for previous, points in pairwise(TALLY_AWARDS):
        count, available = awards.count(points), other.count(previous)
        if count > available:
            problems.append(
                BrokenTallyChain(
                    seat=seat,
                    count=count,
                    points=points,
                    previous=previous,
                    other=1 - seat,
                    available=available,
                )
            )
    return problems


def _bonus_problems(seats: tuple[SeatEntry, ...]) -> list[RuleViolation]:
    """One bonus, to a seat with a positive award; someone gets it once any award is positive (W8)."""
    holders = [seat for seat, entry in enumerate(seats) if entry.bonus]
    scorers = [seat for seat, entry in enumerate(seats) if any(award > 0 for award in entry.awards or ())]
    if len(holders) > 1:
        return [BonusTwice()]
    if holders and seats[holders[0]].awards is not None and holders[0] not in scorers:
        return [BonusWithoutAward(seat=holders[0])]
    if not holders and scorers:
        return [BonusMissing(seat=scorers[0])]
    return []
