"""Score drawings: Tablo's tally marks (docs/rules/tablo.md B9) and the running-totals chart, as server-side
SVG."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

TALLY_GROUP = 5  # four strokes crossed by the fifth, as scorekeepers draw tablos (docs/rules/tablo.md 4.2)
SERIES_STYLES = 6  # app.css has .series-0 .. .series-5 (colour plus dash pattern)

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 22


def tally_groups(count: int) -> tuple[int, ...]:
    """Strokes per group: 12 -> (5, 5, 2)."""
    full, rest = divmod(max(count, 0), TALLY_GROUP)
    return (TALLY_GROUP,) * full + ((rest,) if rest else ())


TALLY = (
    '<span class="tally" role="img" aria-label="{label}" title="{label}">{groups}'
    '<span class="tally-count" aria-hidden="true">{count}</span></span>\n'
)
TALLY_GROUP_SVG = (
    '<svg class="tally-group" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"'
    ' focusable="false">{strokes}{cross}</svg>'
)
TALLY_STROKE = '<line x1="{x}" y1="3" x2="{x}" y2="21"/>'
TALLY_CROSS = '<line class="tally-cross" x1="1" y1="18" x2="21" y2="6"/>'
NO_TALLY = '<span class="tally-none" aria-hidden="true">\u2013</span>'


@register.simple_tag
def tally(count: int, label: str) -> SafeString:
    """``count`` as tally marks; ``label`` is what a screen reader says instead."""
    return _tally_html(count, label)


@lru_cache(maxsize=512, typed=True)  # typed: a safe label and a plain one of the same text differ
def _tally_html(count: int, label: str) -> SafeString:
    """The marks, drawn once per count and label: the match screen draws one per side in every answer."""
    groups = [
        format_html(
            TALLY_GROUP_SVG,
            strokes=mark_safe(
                "".join(TALLY_STROKE.format(x=3 + 5 * i) for i in range(min(n, TALLY_GROUP - 1)))
            ),
            cross=mark_safe(TALLY_CROSS if n == TALLY_GROUP else ""),  # constant markup
        )
        for n in tally_groups(count)
    ]
    return format_html(TALLY, label=label, groups=mark_safe("".join(groups) or NO_TALLY), count=count)


@dataclass(frozen=True, slots=True)
class Line:
    """A side's running total drawn as an SVG polyline, and its last point."""

    label: str
    points: str  # SVG polyline points
    style: int
    last_x: float
    last_y: float
    last: int


@dataclass(frozen=True, slots=True)
class Tick:
    """A value on the score chart's axis and its height."""

    value: int
    y: float


def _axis(low: int, high: int) -> tuple[int, int, tuple[int, ...]]:
    """The y-axis from ``low`` to ``high`` widened to round ticks (about five, a step of 1, 2, 2.5 or 5
    times a power of ten), so the top tick reaches the highest value (a target of 100 is a tick):
    the axis's ends and its ticks, 0 among them when it is in range."""
    rough = max(1.0, (high - low) / 5)
    magnitude = 10 ** (len(str(int(rough))) - 1)
    step = next(
        int(multiple * magnitude)
        for multiple in (1, 2, 2.5, 5, 10)
        if multiple * magnitude >= rough and float(multiple * magnitude).is_integer()
    )
    bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
    if top == bottom:
        top += step
    return bottom, top, tuple(range(bottom, top + 1, step))


def chart_geometry(series: Sequence[tuple[str, Sequence[int]]], target: int | None) -> dict[str, object]:
    """Coordinates of each side's running totals (one point per hand, starting at 0)."""
    values = [total for _, totals in series for total in totals] + [0]
    low, high, ticks = _axis(min(values), max([*values, target or 0]))
    hands = max((len(totals) for _, totals in series), default=0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(hand: int) -> float:
        return round(LEFT + plot_w * hand / max(hands, 1), 1)

    def y(value: int) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 1)

    lines = []
    for index, (label, totals) in enumerate(series):
        path = [0, *totals]
        points = " ".join(f"{x(hand)},{y(value)}" for hand, value in enumerate(path))
        lines.append(Line(label, points, index % SERIES_STYLES, x(len(totals)), y(path[-1]), path[-1]))
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "lines": lines,
        "ticks": [Tick(value, y(value)) for value in ticks],
        "hands": [(hand, x(hand)) for hand in range(1, hands + 1)],
        "target_y": y(target) if target else None,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "bottom": HEIGHT - BOTTOM,
        "zero_y": y(0),
    }


@register.inclusion_tag("web/components/totals_chart.html")
def totals_chart(
    series: Sequence[tuple[str, Sequence[int]]], target: int | None, title: str
) -> dict[str, object]:
    """A line per side of its running total after each hand; ``series`` is ``(side name, totals)``."""
    return {**chart_geometry(series, target), "title": title, "target": target}
