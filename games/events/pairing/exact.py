"""An exact model of a pods or partners seating, solved by HiGHS (SciPy's ``milp``) within a time limit.

The entrants are indices ``0..n-1`` (the search order). The model is a set partitioning: one binary
variable for every table the entrants could form (every 3 or 4 of them, as the sizes need) and one
for each entrant's bye; each entrant is in exactly one chosen column, and each table size has its
count of tables. A partners table's column is its best split into sides (the tiers' partner costs in
order; :func:`.highs._best_splits`), so any cost of a table, not only a sum over its pairs, is the column's.

The objective is a ladder of :class:`Tier` s, most significant first, each given by what a pair
(i < j) adds when it shares a table, when it partners, and what each entrant adds by sitting out.
Partners' side balance is one such tier: for sides {a, b} against {c, d},
``(pa + pb - pc - pd)^2 = (pa + pb)^2 + (pc + pd)^2 - 2 * (pa*pc + pa*pd + pb*pc + pb*pd)``, so a
partner pair adds ``(pi + pj)^2 + 2*pi*pj`` and every pair at the table ``-2*pi*pj``.

The tiers are solved one after the other (the lexicographic optimum): each solve keeps the tiers
before it at their optimum. A known seating (the search's) bounds each tier: a tier it meets at its
floor needs no solve, and a table that alone costs more than the bound is in no optimum, so is no
column (at 40 entrants, most of the 101,270 tables). Each solve starts with the linear relaxation:
its reduced costs prove that most of the remaining tables cost too much to be in a seating as cheap
as the known one (reduced-cost fixing), so they leave the model for this tier and every later one,
and when the relaxation's bound meets the known seating's cost that seating is proven optimal with
no branch and bound at all. The answer counts only when HiGHS proves every solve optimal within the
time left; otherwise :func:`solve` answers None and the caller keeps the search's seating, not proven.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

Group = tuple[int, ...]
Pair = tuple[int, int]

EXACT_MAX = 48
"""The largest field modelled: past it the tables alone take seconds to list (635,376 at 64)."""

SIDES_MAX = 40
"""The largest partners field modelled: at 48 the relaxation left one round 74,000 of its 194,580
tables and HiGHS's branch and bound overran its 20 s (35 s of CPU, unproven; 350 MB)."""


@dataclass(frozen=True, slots=True)
class Tier:
    """One objective: what a pair (i < j) adds at one table or as partners, each entrant's bye, and
    a table's first-deal clashes (who is ``behind``, and whether they are ``few``)."""

    together: Mapping[Pair, int] = field(default_factory=dict)
    partners: Mapping[Pair, int] = field(default_factory=dict)
    byes: Sequence[int] = ()
    behind: Sequence[bool] = ()  # first-deal clashes (:class:`~games.events.pairing.field.Deals`)
    few: bool = False


@dataclass(frozen=True, slots=True)
class Model:
    """One round's exact model: the tables to fill and the objectives, most significant first."""

    count: int  # entrants
    sizes: tuple[int, ...]  # the table sizes to fill, one per table
    tiers: tuple[Tier, ...]  # most significant first
    sides: bool  # tables of four in two sides of two (partners)
    levels: tuple[int, ...] = ()  # each entrant's points (scaled): the bands of :func:`.highs._bands`


def solve(
    model: Model, time_left: Callable[[], float], known: tuple[Sequence[Group], Group]
) -> tuple[tuple[Group, ...], Group] | None:
    """The seating (tables, byes) that is lexicographically best over ``model.tiers``, proven so by
    HiGHS within ``time_left()`` seconds; None when a solve did not finish or the field is too large.
    ``known`` is a seating (the search's): a tier it meets at its floor needs no solve, and what it
    costs bounds the tables worth a column."""
    largest = SIDES_MAX if model.sides else EXACT_MAX
    if model.count > largest or not model.sizes or time_left() <= 0:
        return None
    from games.events.pairing import highs  # NumPy and SciPy, loaded by the first round that needs them

    return highs.solve(model, time_left, known)
