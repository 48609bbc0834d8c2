"""Tally marks (docs/rules/tablo.md B9, TB-19) and the running-totals chart, rendered as templates render
them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from web.templatetags.score_tags import chart_geometry, tally_groups


def render(source: str, **context: object) -> str:
    return Template("{% load score_tags %}" + source).render(Context(context))


@pytest.mark.parametrize(
    ("count", "groups"),
    [
        pytest.param(0, (), id="no-tablos"),
        pytest.param(4, (4,), id="TB-19-four-strokes"),
        pytest.param(5, (5,), id="TB-19-five-is-crossed"),
        pytest.param(9, (5, 4), id="TB-19-nine"),
        pytest.param(10, (5, 5), id="TB-19-ten"),
    ],
)
def test_tablos_are_grouped_by_five(count: int, groups: tuple[int, ...]) -> None:
    assert tally_groups(count) == groups


def test_a_full_group_is_four_strokes_crossed_by_the_fifth() -> None:
    html = render('{% tally 7 "7 tablos" %}')
    assert html.count("<svg") == 2
    assert html.count("<line") == 4 + 1 + 2
    assert html.count("tally-cross") == 1
    assert 'role="img" aria-label="7 tablos"' in html


def test_no_tablos_still_says_so_to_a_screen_reader() -> None:
    html = render('{% tally 0 "no tablos" %}')
    assert "<svg" not in html
    assert 'aria-label="no tablos"' in html


def points(polyline: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in polyline.split())]


def test_each_side_gets_a_line_from_zero_through_every_hand() -> None:
    geometry = chart_geometry([("Ana", [10, 30, 55]), ("Boris", [20, 25, 40])], target=100)
    lines = geometry["lines"]
    assert isinstance(lines, list)
    ana = points(lines[0].points)
    assert len(ana) == 4
    assert [x for x, _ in ana] == sorted(x for x, _ in ana)
    assert ana[0][1] == geometry["zero_y"]
    assert ana[-1][1] < ana[1][1]  # higher totals are drawn higher up


def test_negative_totals_stay_inside_the_chart() -> None:
    geometry = chart_geometry([("Ana", [-20, -5]), ("Boris", [15, 30])], target=None)
    ys = [y for line in geometry["lines"] for _, y in points(line.points)]  # type: ignore[attr-defined]
    assert all(0 <= y <= geometry["height"] for y in ys)  # type: ignore[operator]
    assert geometry["target_y"] is None


def test_the_chart_is_an_svg_with_a_title_legend_and_target() -> None:
    html = render(
        '{% totals_chart series 11 "Running totals" %}', series=[("Ana", [3, 8]), ("Boris", [1, 12])]
    )
    assert re.search(r'<svg[^>]*role="img"', html)
    assert "<title" in html
    assert "Running totals" in html
    assert html.count("<polyline") == 2
    assert "Boris: 12" in html
    assert "chart-target" in html


def test_the_target_line_is_labelled_and_each_legend_swatch_is_drawn_like_its_line() -> None:
    with translation.override("en"):
        html = render(
            '{% totals_chart series 11 "Running totals" %}', series=[("Ana", [3, 8]), ("Boris", [1, 12])]
        )
    assert re.search(r'<text class="chart-target-label"[^>]*>Target 11</text>', html)
    for style in (0, 1):  # the plotted line and its legend swatch share the series' stroke and dashes
        assert html.count(f'class="series series-{style}"') == 1
        assert html.count(f'class="swatch series series-{style}"') == 1


def test_the_tally_shows_its_number_beside_the_strokes() -> None:
    html = render('{% tally 7 "7 tablos" %}')
    assert re.search(r'<span class="tally-count" aria-hidden="true">7</span>', html)


def test_an_empty_match_draws_an_empty_chart() -> None:
    html = render('{% totals_chart series None "Running totals" %}', series=[("Ana", []), ("Boris", [])])
    assert html.count("<polyline") == 2


@pytest.mark.parametrize(
    ("totals", "target", "top"),
    [([55, 40], 100, 100), ([12, 3], 11, 15), ([0, 0], 101, 125), ([130, 20], 100, 150)],
)
def test_the_y_axis_reaches_the_target_with_a_round_tick(totals: list[int], target: int, top: int) -> None:
    geometry = chart_geometry([("Ana", totals[:1]), ("Boris", totals[1:])], target=target)
    ticks = geometry["ticks"]
    assert isinstance(ticks, list)
    assert ticks[-1].value == top
    assert ticks[-1].value >= target
    assert ticks[-1].y <= geometry["target_y"]  # the target is inside the axis
    assert 0 in [tick.value for tick in ticks]


def test_the_target_is_not_drawn_in_a_side_colour() -> None:
    css = (Path(__file__).parents[2] / "static" / "css" / "app.css").read_text()
    target = re.search(r"\.chart-target, \.swatch\.chart-target \{ stroke: ([^;]+);", css)
    assert target is not None
    sides = set(re.findall(r"\.series-\d \{ stroke: ([^;]+);", css))
    assert target.group(1) not in sides
    assert target.group(1) != "var(--danger)"  # red, like the second side's line
