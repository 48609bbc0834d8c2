"""The club's statistics pages and CSV exports, for members."""

from __future__ import annotations

import codecs
import csv
import io
import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _

from games.events.exports import SheetFormat, spreadsheet_safe
from games.stats.reviews import MonthReview, ReviewTotals
from games.stats.selectors import RatingPoint
from games.stats.sheets import STANDINGS_COLUMNS
from tests.factories import PlayerFactory, SeasonFactory
from tests.stats.conftest import ClubWorld
from tests.stats.matches import tamlin_match
from web.stats.charts import rating_chart, review_chart

pytestmark = pytest.mark.django_db(transaction=True)  # the follow-up task runs on commit


def signed_in(world: ClubWorld, who: str = "member") -> Client:
    client = Client()
    client.force_login(getattr(world, who))
    return client


def csv_rows(response: object, delimiter: str = ",") -> list[list[str]]:
    """The rows of a CSV export, which starts with a UTF-8 BOM (so spreadsheets read it as UTF-8)."""
    content = b"".join(response.streaming_content)  # type: ignore[attr-defined]
    assert content.startswith(codecs.BOM_UTF8)
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=delimiter))


def test_the_standings_page_lists_the_members_results_with_sortable_columns(world: ClubWorld) -> None:
    tamlin_match(world.club, [world.ana, world.bo])
    response = signed_in(world).get(f"/clubs/{world.club.pk}/standings/", {"game": "tamlin", "sort": "lost"})
    page = response.content.decode()
    assert response.status_code == 200
    assert page.index(">Bo</a>") < page.index(">Ana</a>")  # most losses first
    assert 'aria-sort="descending"><a href="?game=tamlin&amp;sort=lost&amp;order=asc"' in page
    assert "± " in page  # ratings are shown for one game
    assert "provisional: fewer than 5 matches" in page


@pytest.mark.parametrize(
    ("who", "status"),
    [
        pytest.param("outsider", 404, id="outsider-as-if-none"),
        pytest.param(None, 302, id="anonymous-to-sign-in"),
    ],
)
def test_only_members_see_the_statistics_pages(world: ClubWorld, who: str | None, status: int) -> None:
    client = signed_in(world, who) if who else Client()
    for path in (
        "standings/",
        f"players/{world.ana.pk}/",
        "head-to-head/",
        "standings.csv",
        "score-sheets.csv",
    ):
        assert client.get(f"/clubs/{world.club.pk}/{path}").status_code == status


def test_a_profile_shows_stats_per_game_and_a_rating_chart(world: ClubWorld) -> None:
    tamlin_match(world.club, [world.ana, world.bo])
    tamlin_match(world.club, [world.bo, world.ana], winner=1)
    page = signed_in(world).get(f"/clubs/{world.club.pk}/players/{world.ana.pk}/").content.decode()
    assert '<h2 id="game-tamlin">Tamlin</h2>' in page
    svg = page[page.index("<svg") : page.index("</svg>") + len("</svg>")]
    chart = ET.fromstring(svg)
    line = chart.find("{*}polyline") if chart.tag.startswith("{") else chart.find("polyline")
    assert line is not None
    assert len(line.attrib["points"].split()) == 3  # 1500 first, then one point per match


def test_head_to_head_compares_two_players_of_the_club(world: ClubWorld) -> None:
    tamlin_match(world.club, [world.ana, world.bo])
    query = {"a": world.ana.pk, "b": world.bo.pk}
    page = signed_in(world).get(f"/clubs/{world.club.pk}/head-to-head/", query).content.decode()
    assert "Ana won</dt><dd>1</dd>" in page
    assert "Average margin for Ana</dt><dd>10.0</dd>" in page


def test_the_standings_csv_is_the_table_shown(world: ClubWorld) -> None:
    season = SeasonFactory.create(club=world.club, name="Autumn")
    tamlin_match(world.club, [world.ana, world.bo], season=season)
    response = signed_in(world).get(f"/clubs/{world.club.pk}/standings.csv", {"season": season.pk})
    assert (
        response["Content-Disposition"]
        == f'attachment; filename="standings-club-{world.club.pk}-season-{season.pk}.csv"'
    )
    header, ana, bo = csv_rows(response)
    assert header[:4] == ["Position", "Player", "Played", "Won"]
    assert ana[:4] == ["1", "Ana", "1", "1"]
    assert bo[:2] == ["2", "Bo"]


def test_the_score_sheets_csv_has_every_hand_of_every_match_with_running_totals(world: ClubWorld) -> None:
    match = tamlin_match(world.club, [world.ana, world.bo])
    header, *lines = csv_rows(signed_in(world).get(f"/clubs/{world.club.pk}/score-sheets.csv"))
    assert header == [
        "Match", "Game", "Season", "Status", "Finished at", "Hand", "Side", "Players", "Cards", "Sweeps",
        "Points", "Hand total", "Running total", "Match total", "Result",
    ]  # fmt: skip
    assert (lines[0][1], lines[0][3]) == ("Tamlin", "Finished")
    assert lines[0][4] == localtime(match.finished_at).strftime("%Y-%m-%d %H:%M")  # a spreadsheet's date
    assert [(line[0], line[5], line[7], line[11], line[12], line[14]) for line in lines] == [
        (str(match.pk), "1", "Ana", "11", "11", "W"),
        (str(match.pk), "1", "Bo", "1", "1", "L"),
    ]
    assert "tamlins=2" in lines[0][10]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("language", "delimiter", "name", "win_pct"),
    [
        pytest.param("en", ",", "Đorđe", "66.7", id="en"),
        pytest.param("ru", ";", "Đorđe", "66,7", id="ru"),
        pytest.param("sr", ";", "Ђорђе", "66,7", id="sr"),
        pytest.param("sr-latn", ";", "Đorđe", "66,7", id="sr-latn"),
        pytest.param("es", ";", "Đorđe", "66,7", id="es"),
        pytest.param("it", ";", "Đorđe", "66,7", id="it"),
        pytest.param("pt", ";", "Đorđe", "66,7", id="pt"),
    ],
)
def test_the_standings_csv_is_in_the_readers_language_and_spreadsheet_format(
    world: ClubWorld, language: str, delimiter: str, name: str, win_pct: str
) -> None:
    """Headings and result letters translated, the delimiter and decimal mark the reader's spreadsheet
    expects (and the page says which), names in the reader's script."""
    world.ana.name = "Đorđe"
    world.ana.save()
    for winner in (0, 0, 1):
        tamlin_match(world.club, [world.ana, world.bo], winner=winner)
    client = signed_in(world)
    accept = {"accept-language": language}
    page = client.get(f"/clubs/{world.club.pk}/standings/", headers=accept).content.decode()
    response = client.get(f"/clubs/{world.club.pk}/standings.csv", headers=accept)
    header, first, _second = csv_rows(response, delimiter)
    with translation.override(language):
        assert SheetFormat.of().description in page
        assert header == [str(heading) for _, heading in STANDINGS_COLUMNS]
        assert first[header.index(str(_("Win %")))] == win_pct
        assert first[header.index(str(_("Last five")))] == "".join(map(str, (_("W"), _("W"), _("L"))))
    assert (language == "en") == (header[0] == "Position")
    assert first[1] == name


def test_csv_cells_a_spreadsheet_would_run_are_shown_as_text(world: ClubWorld) -> None:
    """A name like ``=HYPERLINK(...)`` is quoted so the spreadsheet shows it, not runs it."""
    names = ['=HYPERLINK("http://x")', "@SUM(A1)"]
    for player, name in zip((world.ana, world.bo), names, strict=True):
        player.name = name
        player.save()
    tamlin_match(world.club, [world.ana, world.bo])
    _, *lines = csv_rows(signed_in(world).get(f"/clubs/{world.club.pk}/score-sheets.csv"))
    assert [line[7] for line in lines] == [f"'{name}" for name in names]
    assert [line[11] for line in lines] == ["11", "1"]  # numbers stay numbers


@pytest.mark.parametrize(
    ("cell", "shown"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-Bo", "'-Bo"),
        ("@x", "'@x"),
        ("\tx", "'\tx"),
        ("Ana", "Ana"),
        (-3, -3),
    ],
)
def test_spreadsheet_safe_quotes_formula_starts_only(cell: object, shown: object) -> None:
    assert spreadsheet_safe(cell) == shown


def test_a_rating_chart_starts_at_1500_and_draws_one_step_per_match() -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    points = [
        RatingPoint(match_id=1, finished_at=at, rank=0, rating=1580, deviation=220, change=80),
        RatingPoint(match_id=2, finished_at=at, rank=1, rating=1530, deviation=200, change=-50),
    ]
    chart = rating_chart(points)
    assert chart is not None
    assert len(chart.line.split()) == 3
    assert len(chart.band.split()) == 6
    assert (chart.rating, chart.deviation, chart.matches) == (1530, 200, 2)
    assert chart.ticks[0].value == 1500 - 250
    assert rating_chart([]) is None


def test_the_head_to_head_picker_lists_players_in_the_readers_order(world: ClubWorld) -> None:
    players = [
        PlayerFactory.create(name=name, created_by=world.owner) for name in ("Zoran", "Čedomir", "Ђурђа")
    ]
    players += [PlayerFactory.create(name=name, created_by=world.owner) for name in ("Cvijan", "Dragan")]
    for first, second in zip(players[::2], players[1::2], strict=False):
        tamlin_match(world.club, [first, second])
    tamlin_match(world.club, [players[-1], world.ana])
    client = Client()
    client.force_login(world.member)
    for language, order in {
        "sr-Latn": ["Ana", "Cvijan", "Čedomir", "Dragan", "Đurđa", "Zoran"],  # each in the reader's script
        "sr": ["Ана", "Драган", "Ђурђа", "Зоран", "Цвијан", "Чедомир"],
        "en": ["Ana", "Čedomir", "Cvijan", "Dragan", "Zoran", "Ђурђа"],
    }.items():
        page = client.get(f"/clubs/{world.club.pk}/head-to-head/", headers={"Accept-Language": language})
        select = page.content.decode().split('name="a"', 1)[1].split("</select>", 1)[0]
        assert re.findall(r'<option value="\d+">([^<]+)</option>', select) == order, language
        labels = [label.strip() for label in re.findall(r"<label[^>]*>([^<]+)", page.content.decode())]
        with translation.override(language.lower()):
            assert str(_("Game")) in labels, labels  # the game filter's label, translated too


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_trend_of_one_month_is_drawn_as_points(language: str) -> None:
    """One month is a line of one point, which draws nothing: each month has its dots too, their
    coordinates written with a point in every language."""
    totals = ReviewTotals(hands=2, plays=40, best_plays=30, points_missed=6)
    chart = review_chart([MonthReview(month="2026-11", game="tablo", totals=totals)])
    assert chart is not None
    with translation.override(language):
        svg = render_to_string("stats/_review_chart.html", {"chart": chart, "id": "tablo"})
    dots = re.findall(r'<circle class="(rating-dot|review-lost-dot)" cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert [kind for kind, _x, _y in dots] == ["rating-dot", "review-lost-dot"]
