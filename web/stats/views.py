"""Statistics pages of a club, for its members: the table, a player's profile with a rating chart,
head-to-head, and the CSV exports. Views read through selectors (``games.stats``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict, StreamingHttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.access import club_for, player_for
from games.events.exports import MEDIA_TYPE, Cell, SheetFormat
from games.models import Club
from games.people.selectors.players import merge_list
from games.rules.registry import GAMES
from games.stats.players import head_to_head_get, player_stats
from games.stats.selectors import StandingsTable, club_players, rating_history, standings_for
from games.stats.sheets import score_sheet_lines, standings_lines
from games.stats.standings import ASCENDING_BY_DEFAULT
from web.forms import RenameForm
from web.stats.charts import rating_chart, review_chart
from web.stats.forms import HeadToHeadForm, StandingsForm

COLUMNS = (
    ("name", _("Player")),
    ("played", _("P")),
    ("won", _("W")),
    ("drawn", _("D")),
    ("lost", _("L")),
    ("win_pct", _("Win %")),
    ("points_for", _("For")),
    ("points_against", _("Against")),
    ("points_per_hand", _("Per hand")),
    ("sweeps_per_match", _("Sweeps per match")),
    ("rating", _("Rating")),
)
"""Sortable columns of the table: (sort key, heading)."""


def _table(request: HttpRequest, club: Club) -> tuple[StandingsForm, StandingsTable]:
    form = StandingsForm(request.GET or None, club=club)
    data = form.cleaned_data if form.is_valid() else {}
    season, order = data.get("season"), data.get("order")
    table = standings_for(
        club_id=club.pk,
        season_id=season.pk if season else None,
        game=data.get("game") or None,
        sort=data.get("sort") or "rank",
        descending=None if not order else order == "desc",
    )
    return form, table


def _sort_links(query: QueryDict, current: str, order: str) -> list[tuple[str, str, str]]:
    """(heading, link, aria-sort) per column: a click sorts by it, a second click flips the order."""
    if order not in ("asc", "desc"):
        order = "asc" if current in ASCENDING_BY_DEFAULT else "desc"
    links = []
    for key, heading in COLUMNS:
        params = query.copy()
        params["sort"] = key
        params.pop("order", None)
        state = "none"
        if key == current:
            params["order"] = "asc" if order == "desc" else "desc"
            state = "ascending" if order == "asc" else "descending"
        links.append((str(heading), f"?{params.urlencode()}", state))
    return links


@login_required
def club_standings(request: HttpRequest, club_id: int) -> HttpResponse:
    """A club's standings page, for its members."""
    club = club_for(request.user, club_id)
    form, table = _table(request, club)
    sort = request.GET.get("sort") or "rank"
    context = {
        "club": club,
        "form": form,
        "table": table,
        "game": GAMES.get(table.game or ""),
        "columns": _sort_links(request.GET, sort, request.GET.get("order", "")),
        "query": request.GET.urlencode(),
        "csv_format": SheetFormat.of(),
    }
    return render(request, "stats/standings.html", context)


@login_required
def player_profile(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    """A player's statistics page in a club: figures per game and rating charts."""
    club = club_for(request.user, club_id)
    player = player_for(request.user, player_id)
    games = player_stats(player_id=player.pk, club_ids=[club.pk])
    charts = [
        (
            GAMES[stats.game].title,
            rating_chart(rating_history(club_id=club.pk, game=stats.game, player_id=player.pk)),
        )
        for stats in games
    ]
    rows = [
        (GAMES[stats.game].title, stats, chart, review_chart(stats.review_months))
        for stats, (_, chart) in zip(games, charts, strict=True)
    ]
    rename_form = RenameForm(initial={"name": player.name})
    merges = merge_list(player_id=player.pk, user=request.user)
    context = {"club": club, "player": player, "games": rows, "rename_form": rename_form, "merges": merges}
    return render(request, "stats/profile.html", context)


@login_required
def head_to_head(request: HttpRequest, club_id: int) -> HttpResponse:
    """Two players of a club compared, match by match."""
    club = club_for(request.user, club_id)
    form = HeadToHeadForm(request.GET or None, players=club_players(club=club))
    record = None
    if form.is_valid():
        a, b = form.cleaned_data["a"], form.cleaned_data["b"]
        record = head_to_head_get(club_ids=[club.pk], a=a.pk, b=b.pk, game=form.cleaned_data["game"] or None)
    context = {"club": club, "form": form, "record": record, "games": GAMES}
    return render(request, "stats/head_to_head.html", context)


def _in_language(chunks: Iterator[str], language: str) -> Iterator[str]:
    """``chunks`` made in ``language`` however late the server reads them (the response streams)."""
    with translation.override(language):
        yield from chunks


def _csv(lines: Iterable[Sequence[Cell]], filename: str) -> StreamingHttpResponse:
    """The file in the reader's language, with the delimiter and decimal mark of its spreadsheets."""
    chunks = _in_language(SheetFormat.of().chunks(lines), translation.get_language())
    response = StreamingHttpResponse(chunks, content_type=MEDIA_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def standings_csv(request: HttpRequest, club_id: int) -> StreamingHttpResponse:
    """The table shown on the standings page (same query), as CSV."""
    club = club_for(request.user, club_id)
    _, table = _table(request, club)
    parts = [f"club-{club.pk}", f"season-{table.season_id}" if table.season_id else "", table.game or ""]
    return _csv(standings_lines(table.rows), "-".join(filter(None, ["standings", *parts])) + ".csv")


@login_required
def score_sheets_csv(request: HttpRequest, club_id: int) -> StreamingHttpResponse:
    """Every match's score sheet of the club (or of ``?season=``), hand by hand and side by side."""
    club = club_for(request.user, club_id)
    form = StandingsForm(request.GET or None, club=club)
    season = form.cleaned_data.get("season") if form.is_valid() else None
    suffix = f"-season-{season.pk}" if season else ""
    lines = score_sheet_lines(club_id=club.pk, season_id=season.pk if season else None)
    return _csv(lines, f"score-sheets-club-{club.pk}{suffix}.csv")
