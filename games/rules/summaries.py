"""End-of-hand summary checks (Tablo, Escoba, Tamlin): each side's counts, checked against the deck.

A summary is what players report when they did not record every play: per side, how many cards,
diamonds, sevens... they captured. Every inconsistency is reported at once (STYLE.md 2), so the phone
can show them together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from games.rules.cards import Card
from games.rules.errors import (
    RuleViolation,
    SummaryBadCount,
    SummaryCountTooHigh,
    SummaryHolderLacks,
    SummaryInconsistent,
    SummaryNotHeld,
    SummaryOneCard,
    SummarySideCount,
    SummaryTooFewCards,
    SummaryTotalMismatch,
    SummaryUnknownKey,
    label,
)

Row = Mapping[str, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class SummaryShape:
    """What a game's summary holds and how it must add up.

    ``features`` names the counts that count deck cards (besides ``cards``); ``limits`` caps a
    count per side (flags are capped at 1); ``total_caps`` caps the sum over all sides;
    ``requires`` says a side holding a card (its flag) must report at least one of a count;
    ``least_cards`` is the fewest cards a side with these counts can hold; ``optional`` counts may be
    left out (by every side): the checks that use them run only when they are given.
    """

    keys: tuple[str, ...]
    features: tuple[tuple[str, Callable[[Card], bool]], ...]
    limits: tuple[tuple[str, int], ...] = ()
    total_caps: tuple[tuple[str, int], ...] = ()
    requires: tuple[tuple[str, str, str], ...] = ()  # (flag, card text, count)
    least_cards: Callable[[Row], int]
    held: tuple[str, ...] = ()
    """The counts a side can only have (and score from) by holding cards (docs/rules/shared.md A5)."""
    optional: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Totals:
    """What the whole table's summary must add up to.

    ``captured`` is every card that can be captured, ``unknown`` of them may be out of play unseen
    (Scopone set-aside); ``may_be_empty``: all counts may be 0, when nobody captured and nobody gets
    the leftovers; ``strict``: refuse what cannot happen at a table (edition 2, docs/rules/shared.md A5).
    """

    sides: int
    captured: Sequence[Card]
    unknown: int = 0
    may_be_empty: bool = True
    strict: bool = True


def verified_rows(
    summaries: Sequence[Mapping[str, object]], shape: SummaryShape, totals: Totals
) -> tuple[Row, ...]:
    """Each side's counts, checked against ``shape`` and ``totals``.

    Raises:
        SummaryInconsistent: listing every problem found.
    """
    if len(summaries) != totals.sides:
        raise SummaryInconsistent.of([SummarySideCount(expected=totals.sides, got=len(summaries))])
    shape = _as_given(shape, summaries)
    rows, problems = _read_rows(summaries, shape)
    if all(len(row) == len(shape.keys) for row in rows):  # every count could be read
        problems += [*_side_problems(rows, shape, totals.strict), *_total_problems(rows, shape, totals)]
    if problems:
        raise SummaryInconsistent.of(problems)
    return tuple(rows)


def _as_given(shape: SummaryShape, summaries: Sequence[Mapping[str, object]]) -> SummaryShape:
    """``shape`` with each optional count that a side gives required of every side, and the checks
    of the others dropped."""
    if not shape.optional:
        return shape
    given = tuple(key for key in shape.optional if any(key in summary for summary in summaries))
    left_out = set(shape.optional) - set(given)
    return replace(
        shape,
        keys=(*shape.keys, *given),
        features=tuple(feature for feature in shape.features if feature[0] not in left_out),
        requires=tuple(rule for rule in shape.requires if rule[2] not in left_out),
        held=tuple(key for key in shape.held if key not in left_out),
        optional=(),
    )


def _read_rows(
    summaries: Sequence[Mapping[str, object]], shape: SummaryShape
) -> tuple[list[dict[str, int]], list[RuleViolation]]:
    rows: list[dict[str, int]] = []
    problems: list[RuleViolation] = []
    expected = ", ".join(shape.keys)
    for side, summary in enumerate(summaries):
        row: dict[str, int] = {}
        for key in summary:
            if key not in shape.keys:
                problems.append(SummaryUnknownKey(side=side, key=key, expected=expected))
        for key in shape.keys:
            value = summary.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                row[key] = value
            else:
                problems.append(SummaryBadCount(side=side, key=key, what=label(key), value=value))
        rows.append(row)
    return rows, problems


def _side_problems(rows: Sequence[Row], shape: SummaryShape, strict: bool) -> list[RuleViolation]:
    problems: list[RuleViolation] = []
    for side, row in enumerate(rows):
        for key, limit in shape.limits:
            if row[key] > limit:
                problems.append(
                    SummaryCountTooHigh(side=side, key=key, what=label(key), value=row[key], limit=limit)
                )
        for flag, card, key in shape.requires:
            if row[flag] and not row[key]:
                problems.append(SummaryHolderLacks(side=side, card=card, key=key, what=label(key)))
        problems.extend(_held_problems(side, row, shape) if strict else ())
        least = shape.least_cards(row)
        if row["cards"] < least and not (strict and row["cards"] in {0, 1}):
            problems.append(SummaryTooFewCards(side=side, cards=row["cards"], least=least))
    return problems


def _held_problems(side: int, row: Row, shape: SummaryShape) -> list[RuleViolation]:
    """A side holds 0 cards or at least 2 (a capture takes the played card and a table card), and
    scores from cards only when it holds cards (docs/rules/shared.md A5)."""
    if row["cards"] == 1:
        return [SummaryOneCard(side=side)]
    credited = [key for key in shape.held if row[key]]
    if row["cards"] == 0 and credited:
        return [SummaryNotHeld(side=side, key=credited[0], what=label(credited[0]), value=row[credited[0]])]
    return []


def _total_problems(rows: Sequence[Row], shape: SummaryShape, totals: Totals) -> list[RuleViolation]:
    # nobody captured: nothing is scored, unless someone gets the leftovers (docs/rules/shared.md A5)
    anything = any(row["cards"] for row in rows) or not totals.may_be_empty
    captured, unknown = totals.captured, totals.unknown
    ranges: list[tuple[str, int, int]] = [("cards", len(captured) - unknown, len(captured) - unknown)]
    for key, counts in shape.features:
        held = sum(1 for card in captured if counts(card))
        ranges.append((key, max(held - unknown, 0), held))
    problems: list[RuleViolation] = []
    for key, low, high in ranges:
        low, high = (low, high) if anything else (0, 0)
        total = sum(row[key] for row in rows)
        if not low <= total <= high:
            expected = str(low) if low == high else f"{low} to {high}"
            problems.append(SummaryTotalMismatch(key=key, what=label(key), total=total, expected=expected))
    for key, cap in shape.total_caps:
        total = sum(row[key] for row in rows)
        if total > cap:
            problems.append(
                SummaryTotalMismatch(key=key, what=label(key), total=total, expected=f"0 to {cap}")
            )
    return problems
