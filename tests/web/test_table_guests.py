"""Guests' tables on the web (docs/events.md): a phone not signed in that opens a table's match is
asked for its code; the right code lets it record that match (its session, no account); wrong codes
are limited; the code is printed on the sheet; a confirmed event's finished table offers the
confirmation and the desk lists the tables awaiting one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games.events.models import Event, Table
from games.events.services import round_pair, table_result_set
from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.matches import match_start
from games.models import Hand
from scorekeeper.throttles import TableCodeThrottle
from tests.web.test_events import Night, _client, entered, make_night

pytestmark = pytest.mark.django_db

WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


@pytest.fixture(autouse=True)
def _fresh_counts() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def _night(confirm: bool = False) -> tuple[Night, list[Table]]:
    """Four players to 1 point, round 1 of 3 published."""
    night = make_night(guests=3)
    night.event.options = {**night.event.options, "target": 1}
    night.event.confirm_results = confirm
    night.event.save(update_fields=["options", "confirm_results"])
    entered(night)
    round_pair(event=night.event, by=night.admin)
    return night, list(
        Table.objects.filter(round__event=night.event).select_related("match").order_by("number")
    )


def test_a_phone_not_signed_in_enters_the_code_and_records_that_match_alone() -> None:
    night, tables = _night()
    phone = Client()
    match = reverse("match", args=[tables[0].match_id])
    code_page = reverse("table-code", args=[tables[0].match_id])
    assert phone.get(match)["Location"] == code_page
    page = phone.get(code_page).content.decode()
    assert "Table code" in page
    assert "Round 1, table 1" in page
    wrong = phone.post(code_page, {"code": "ABCD-EFGH"})
    assert wrong.status_code == 422
    assert "This is not the code of this table." in wrong.content.decode()
    assert phone.post(code_page, {"code": tables[0].code.lower()})["Location"] == match
    screen = phone.get(match).content.decode()
    assert reverse("hand-new", args=[tables[0].match_id]) in screen  # the recording controls
    assert reverse("match-share", args=[tables[0].match_id]) not in screen  # nothing else
    assert reverse("match-rematch", args=[tables[0].match_id]) not in screen
    other = reverse("match", args=[tables[1].match_id])
    assert phone.get(other)["Location"] == reverse("table-code", args=[tables[1].match_id])
    assert phone.get(reverse("event", args=[night.event.pk])).status_code in (302, 404)
    plain = match_start(game="tablo", players=night.players[:2], by=night.admin)
    assert phone.get(reverse("match", args=[plain.pk]))["Location"].startswith("/accounts/login/")


def test_wrong_codes_from_one_address_are_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TableCodeThrottle, "THROTTLE_RATES", {"table_codes": "2/hour"})
    tables = _night()[1]
    phone = Client()
    code_page = reverse("table-code", args=[tables[0].match_id])
    for _ in range(2):
        assert phone.post(code_page, {"code": "ABCDEFGH"}).status_code == 422
    refused = phone.post(code_page, {"code": tables[0].code})
    assert refused.status_code == 429
    assert "Too many attempts" in refused.content.decode()


def test_the_code_is_printed_beside_the_qr_and_refused_once_the_event_ends() -> None:
    night, tables = _night()
    sheets = _client(night.admin).get(reverse("event-round-print", args=[night.event.pk, 1])).content.decode()
    assert all(table.code in sheets for table in tables)
    desk = _client(night.admin).get(reverse("event", args=[night.event.pk])).content.decode()
    assert all(table.code in desk for table in tables)
    read = _client(night.member).get(reverse("event", args=[night.event.pk])).content.decode()
    assert not any(table.code in read for table in tables)  # the director's alone
    night.event.rounds = 1
    night.event.save(update_fields=["rounds"])
    for table in tables:
        table_result_set(table=table, by=night.admin, winner=0)
    code_page = reverse("table-code", args=[tables[0].match_id])
    ended = Client().post(code_page, {"code": tables[0].code})
    assert ended.status_code == 200
    assert "The event has ended" in ended.content.decode()


def test_a_confirmed_event_asks_the_second_person_and_the_desk_lists_the_table() -> None:
    night, tables = _night(confirm=True)
    phone = Client()
    phone.post(reverse("table-code", args=[tables[0].match_id]), {"code": tables[0].code})
    hand_summary_record(
        hand=hand_start(match=tables[0].match, mode=Hand.Mode.SUMMARY), entries=WIN
    )  # by nobody
    match = reverse("match", args=[tables[0].match_id])
    assert "Waiting for a second person" in phone.get(match).content.decode()  # the code recorded it
    desk = _client(night.admin).get(reverse("event", args=[night.event.pk])).content.decode()
    assert "awaiting-confirmation" in desk
    director = _client(night.admin)
    assert "Confirm the result" in director.get(match).content.decode()
    director.post(reverse("match-confirm", args=[tables[0].match_id]))
    assert "Result confirmed by a second person" in director.get(match).content.decode()
    desk = _client(night.admin).get(reverse("event", args=[night.event.pk])).content.decode()
    assert "awaiting-confirmation" not in desk


def test_the_director_asks_for_confirmed_results_when_creating_the_event() -> None:
    night = make_night()
    url = reverse("event-new", args=[night.event.club_id])
    data = {
        "name": "Friday cup",
        "variant": "tablo",
        "format": "swiss",
        "rounds": "3",
        "confirm_results": "on",
    }
    response = _client(night.admin).post(url, data | {"win": 3, "draw": 1, "loss": 0, "bye": 3})
    assert response.status_code == 302
    assert Event.objects.get(name="Friday cup").confirm_results is True
