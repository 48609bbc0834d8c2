"""A player's rating chart as SVG geometry (the template draws it): one step per match, a shaded band
of one deviation either side, a line at 1500 (a newcomer's rating)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.stats.ratings import DISPLAY_BASE, Rating
from games.stats.selectors import RatingPoint

WIDTH, HEIGHT, PAD = 600, 220, 28
TICKS = 4


@dataclass(frozen=True, slots=True)
class Tick:
    value: int
    y: float


@dataclass(frozen=True, slots=True)
class RatingChart:
    width: int
    height: int
    line: str  # polyline points "x,y x,y ..."
    band: str  # polygon points: the top edge left to right, then the bottom edge back
    base_y: float  # the 1500 line
    ticks: tuple[Tick, ...]
    matches: int
    rating: int
    deviation: int


def rating_chart(points: Sequence[RatingPoint]) -> RatingChart | None:
    """The chart of ``points`` (a newcomer's 1500 first), or ``None`` before any rated match."""
    if not points:
        return None
    start = Rating()
    series = [(start.display, start.deviation), *((point.rating, point.deviation) for point in points)]
    low = min(rating - deviation for rating, deviation in series)
    high = max(rating + deviation for rating, deviation in series)

    def x(index: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * index / (len(series) - 1), 1)

    def y(value: float) -> float:
        return round(HEIGHT - PAD - (HEIGHT - 2 * PAD) * (value - low) / (high - low), 1)

    top = [f"{x(i)},{y(rating + dev)}" for i, (rating, dev) in enumerate(series)]
    bottom = [f"{x(i)},{y(rating - dev)}" for i, (rating, dev) in reversed(list(enumerate(series)))]
    step = (high - low) / TICKS
    return RatingChart(
        width=WIDTH,
        height=HEIGHT,
        line=" ".join(f"{x(i)},{y(rating)}" for i, (rating, _) in enumerate(series)),
        band=" ".join(top + bottom),
        base_y=y(DISPLAY_BASE),
        ticks=tuple(Tick(round(low + step * n), y(low + step * n)) for n in range(TICKS + 1)),
        matches=len(points),
        rating=points[-1].rating,
        deviation=points[-1].deviation,
    )
