"""A player's rating chart as SVG geometry (the template draws it): one step per match, a shaded band
of one deviation either side, a line at 1500 (a newcomer's rating)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.stats.ratings import DISPLAY_BASE, Rating
from games.stats.reviews import MonthReview
from games.stats.selectors import RatingPoint

WIDTH, HEIGHT, PAD = 600, 220, 28
TICKS = 4


@dataclass(frozen=True, slots=True)
class Tick:
    """A value on the rating chart's axis and its height."""

    value: int
    y: float


@dataclass(frozen=True, slots=True)
class RatingChart:
    """A rating history drawn as SVG: the line, the deviation band and the axis."""

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


@dataclass(frozen=True, slots=True)
class ReviewChart:
    """Best-play rate (0-100 %, left scale) and points lost per hand (0 to the most, right scale) by month."""

    width: int
    height: int
    rate: str  # polyline points
    lost: str  # polyline points
    ticks: tuple[Tick, ...]  # the rate's scale
    most_lost: float
    months: tuple[tuple[str, float], ...]  # each month's label and x
    last: MonthReview
    dots: tuple[
        tuple[float, float, float], ...
    ] = ()  # each month's x, rate's y and lost's y: one month is seen too


def review_chart(months: Sequence[MonthReview]) -> ReviewChart | None:
    """The chart of one game's ``months``, or ``None`` before any reviewed hand."""
    if not months:
        return None
    most = max(month.totals.points_missed_per_hand for month in months) or 1.0

    def x(index: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * (index / (len(months) - 1) if len(months) > 1 else 0.5), 1)

    def y(share: float) -> float:
        return round(HEIGHT - PAD - (HEIGHT - 2 * PAD) * share, 1)

    return ReviewChart(
        width=WIDTH,
        height=HEIGHT,
        rate=" ".join(f"{x(i)},{y(m.totals.best_play_rate / 100)}" for i, m in enumerate(months)),
        lost=" ".join(f"{x(i)},{y(m.totals.points_missed_per_hand / most)}" for i, m in enumerate(months)),
        ticks=tuple(Tick(25 * n, y(n / TICKS)) for n in range(TICKS + 1)),
        most_lost=most,
        months=tuple((m.month, x(i)) for i, m in enumerate(months)),
        last=months[-1],
        dots=tuple(
            (x(i), y(m.totals.best_play_rate / 100), y(m.totals.points_missed_per_hand / most))
            for i, m in enumerate(months)
        ),
    )
