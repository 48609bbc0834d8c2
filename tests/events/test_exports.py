"""An event's CSV files (standings, each round's pairings and results) from the API and the event page,
in the reader's language with its spreadsheet's delimiter and decimal mark; and the match screen of an
event's table, which names its event, round and table with a link back."""

from __future__ import annotations

import csv
import io

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from games.events.exports import SheetFormat
from games.events.models import Event, Table
from games.events.selectors import table_place
from games.events.services import entry_add, event_share, round_pair, table_result_set
from games.matches.selectors.matches import match_get
from games.matches.services.hands import hand_start, hand_summary_record
from games.models import Hand
from tests.events.helpers import Room, make_room, swiss
from tests.factories import api_client
from tests.web.conftest import start_match

pytestmark = pytest.mark.django_db
WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


def _night() -> tuple[Room, Event]:
    """Five entries, round 1 paired: table 1 finished by its match, table 2 drawn by the director
    (Sonneborn-Berger then has halves), one bye."""
    room = make_room(4)
    event = swiss(room, options={"target": 1}, tiebreaks=["sonneborn_berger", "buchholz"])
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    round_pair(event=event, by=room.director)
    first, second = Table.objects.filter(round__event=event).order_by("number")
    hand_summary_record(hand=hand_start(match=first.match, mode=Hand.Mode.SUMMARY), entries=WIN)
    table_result_set(table=second, by=room.director, winner=None)
    return room, event


def _rows(body: bytes, delimiter: str) -> list[list[str]]:
    text = body.decode("utf-8")
    assert text.startswith("\ufeff")  # Excel reads UTF-8 by its BOM
    return list(csv.reader(io.StringIO(text[1:]), delimiter=delimiter))


def test_standings_csv_in_english_follows_the_standings_order_with_commas_and_decimal_points() -> None:
    room, event = _night()
    member = api_client(room.member)
    answer = member.get(f"/api/v1/events/{event.pk}/standings.csv")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert f'filename="event-{event.pk}-standings.csv"' in answer["Content-Disposition"]
    rows = _rows(answer.content, ",")
    assert rows[0][:8] == ["Rank", "Player", "Points", "Wins", "Draws", "Losses", "Byes", "Sonneborn-Berger"]
    assert rows[0][8:] == ["Buchholz", "Game points scored", "Game points conceded", "Dropped"]
    shown = member.get(f"/api/v1/events/{event.pk}/standings/").json()["rows"]
    assert [row[1] for row in rows[1:]] == [row["name"] for row in shown]
    assert [row[2] for row in rows[1:]] == [str(row["points"]) for row in shown]
    halves = [row[7] for row in rows[1:] if "." in row[7]]
    assert halves == ["0.5", "0.5"]  # the drawn pair: half of the other's point


def test_standings_csv_in_russian_has_semicolons_a_decimal_comma_and_russian_headers() -> None:
    room, event = _night()
    answer = api_client(room.member).get(
        f"/api/v1/events/{event.pk}/standings.csv", HTTP_ACCEPT_LANGUAGE="ru"
    )
    rows = _rows(answer.content, ";")
    assert rows[0][:2] == ["Место", "Игрок"]
    assert "Player" not in rows[0]
    assert sorted(row[7] for row in rows[1:] if "," in row[7]) == ["0,5", "0,5"]


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_both_files_of_the_event_page_are_in_every_language_and_its_spreadsheets_way(language: str) -> None:
    """Headings, results and the bye in the reader's words, split by ``;`` with a decimal comma where
    the language writes one (every language but English)."""
    room, event = _night()
    client = Client()
    client.force_login(room.member)
    accept = {"accept-language": language}
    with translation.override(language):
        sheet = SheetFormat.of()
        words = [str(_(text)) for text in ("Rank", "Player", "Round", "Players", "Win", "Bye")]
    delimiter, point = (",", ".") if language == "en" else (";", ",")
    assert (sheet.delimiter, sheet.decimal) == (delimiter, point)
    standings = _rows(client.get(f"/events/{event.pk}/standings.csv", headers=accept).content, delimiter)
    assert standings[0][:2] == words[:2]
    assert sorted(row[7] for row in standings[1:] if point in row[7]) == [f"0{point}5", f"0{point}5"]
    pairings = _rows(client.get(f"/events/{event.pk}/rounds/1.csv", headers=accept).content, delimiter)
    assert [pairings[0][0], pairings[0][3]] == words[2:4]
    assert words[4] in {row[5] for row in pairings[1:]}
    assert pairings[-1][5] == words[5]
    assert (language == "en") == (standings[0][0] == "Rank")


def test_round_csv_has_a_line_per_side_the_bye_and_a_directors_result_marked() -> None:
    room, event = _night()
    answer = api_client(room.member).get(f"/api/v1/events/{event.pk}/rounds/1.csv")
    assert answer.status_code == 200
    header, *lines = _rows(answer.content, ",")
    assert header == [
        "Round", "Table", "Side", "Players", "Place", "Result", "Game points", "Points", "Set by a director"
    ]  # fmt: skip
    assert [line[:3] for line in lines] == [
        ["1", "1", "1"],
        ["1", "1", "2"],
        ["1", "2", "1"],
        ["1", "2", "2"],
        ["1", "", ""],
    ]
    assert [line[4:] for line in lines[:2]] == [["1", "Win", "15", "3", ""], ["2", "Loss", "10", "0", ""]]
    assert [line[5] for line in lines[2:4]] == ["Draw", "Draw"]
    assert [line[8] for line in lines[2:4]] == ["yes", "yes"]
    assert lines[4][5:8] == ["Bye", "", "3"]
    assert api_client(room.member).get(f"/api/v1/events/{event.pk}/rounds/2.csv").status_code == 404


def test_a_table_still_playing_has_no_result_in_the_round_csv() -> None:
    room = make_room(1)
    event = swiss(room, options={"target": 1})
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    round_pair(event=event, by=room.director)
    answer = api_client(room.director).get(f"/api/v1/events/{event.pk}/rounds/1.csv")
    lines = _rows(answer.content, ",")[1:]
    assert [line[4:8] for line in lines] == [["", "no result", "", ""]] * 2


@pytest.mark.parametrize("path", ["standings.csv", "rounds/1.csv"])
def test_an_outsider_gets_404_and_a_csv_client_still_gets_its_errors_in_json(path: str) -> None:
    room, event = _night()
    answer = api_client(room.outsider).get(f"/api/v1/events/{event.pk}/{path}", HTTP_ACCEPT="text/csv")
    assert (answer.status_code, answer.json()["code"]) == (404, "resource.not_found")


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_quoted() -> None:
    assert SheetFormat.of("en").text([("=HYPERLINK(1)", -3, 2.25, None, True)]) == (
        "\ufeff'=HYPERLINK(1),-3,2.25,,yes\r\n"
    )
    assert SheetFormat.of("pt").text([("a;b", 1.5)]) == '\ufeff"a;b";1,5\r\n'


def test_the_event_page_links_every_csv_and_says_how_they_are_laid_out() -> None:
    room, event = _night()
    client = Client()
    client.force_login(room.member)
    page = client.get(reverse("event", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert reverse("event-standings-csv", args=[event.pk]) in page
    assert reverse("event-round-csv", args=[event.pk, 1]) in page
    with translation.override("es"):
        assert escape(SheetFormat.of().description) in page
    answer = client.get(reverse("event-standings-csv", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="es")
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    rows = _rows(answer.content, ";")
    assert rows[0][1] != "Player"
    assert len(rows) == 6
    english = client.get(reverse("event", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "commas between columns and a decimal point" in english
    assert client.get(reverse("event-round-csv", args=[event.pk, 5])).status_code == 404


def test_the_match_screen_of_an_event_table_names_its_event_round_and_table() -> None:
    room, event = _night()
    table = Table.objects.get(round__event=event, number=1)
    client = Client()
    client.force_login(room.director)
    page = client.get(reverse("match", args=[table.match_id]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    link = f'<a href="{reverse("event", args=[event.pk])}#table-1-1">Tuesday night</a>'
    assert link in page
    assert "Round 1, table 1" in page
    outside = table_place(match=table.match, user=room.outsider)
    assert outside is not None
    assert (outside.name, outside.round, outside.table, outside.readable) == (
        "Tuesday night",
        1,
        1,
        False,
    )
    plain = match_get(start_match(room.director).pk)  # a match of no event, read with its table (none)
    with CaptureQueriesContext(connection) as queries:
        assert table_place(match=plain, user=room.director) is None
    assert not queries.captured_queries


def test_whoever_holds_the_share_link_downloads_the_csv_files_until_it_is_withdrawn() -> None:
    room, event = _night()
    token = event_share(event=event, by=room.director).share_token
    client = Client()  # not signed in
    page = client.get(reverse("event-shared", args=[token]), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    standings = reverse("event-shared-standings-csv", args=[token])
    assert standings in page
    assert reverse("event-shared-round-csv", args=[token, 1]) in page
    rows = _rows(client.get(standings, HTTP_ACCEPT_LANGUAGE="it").content, ";")
    assert (rows[0][0], len(rows)) == ("Posizione", 6)
    assert client.get(reverse("event-shared-round-csv", args=[token, 2])).status_code == 404
    event_share(event=event, by=room.director, enabled=False)
    assert client.get(standings).status_code == 404
