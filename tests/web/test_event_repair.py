"""The director's repairs on the desk (docs/events.md, "Repairing a round"): the round's repair page,
a swap, the two destructive repairs confirmed first, and a dropped player brought back from the
entries page; nobody else reaches them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.events.models import Entry, Round, Table
from games.events.services import entry_drop, round_pair
from games.matches.services.hands import hand_start
from games.models import Hand, Match
from tests.web.test_events import HTMX, Night, _client, entered, make_night

pytestmark = pytest.mark.django_db


def _round(guests: int = 3) -> Night:
    night = make_night(guests=guests)
    entered(night)
    round_pair(event=night.event, by=night.admin)
    return night


def _tables() -> list[Table]:
    return list(Table.objects.order_by("number"))


def test_the_event_page_links_the_repair_page_which_lists_the_tables() -> None:
    night = _round()
    pk = night.event.pk
    page = _client(night.admin).get(reverse("event", args=[pk])).content.decode()
    assert reverse("event-round-repair", args=[pk, 1]) in page
    assert (
        reverse("event-round-repair", args=[pk, 1])
        not in _client(night.member).get(reverse("event", args=[pk])).content.decode()
    )
    hand_start(match=_tables()[0].match, mode=Hand.Mode.SUMMARY)
    shown = _client(night.admin).get(reverse("event-round-repair", args=[pk, 1])).content.decode()
    assert "started: kept" in shown
    assert "A table has started, so the round can no longer be withdrawn." in shown
    assert 'name="first"' in shown


def test_a_swap_moves_the_players_and_says_so() -> None:
    night = _round()
    one, two = _tables()
    url = reverse("event-round-swap", args=[night.event.pk, 1])
    admin = _client(night.admin)
    response = admin.post(url, {"first": one.players[0], "second": two.players[1]}, follow=True)
    assert "Swapped:" in response.content.decode()
    assert two.players[1] in _tables()[0].players
    same = admin.post(url, {"first": one.players[0], "second": one.players[0]})
    assert same.status_code == 422
    assert "Choose two different players." in same.content.decode()


def test_withdrawing_is_confirmed_first_then_the_round_goes() -> None:
    night = _round()
    pk = night.event.pk
    admin = _client(night.admin)
    confirm = admin.get(reverse("event-round-repair", args=[pk, 1]) + "?confirm=withdraw").content.decode()
    assert "Withdraw round 1 and delete its matches?" in confirm
    assert Round.objects.exists()
    response = admin.post(reverse("event-round-withdraw", args=[pk, 1]))
    assert response["Location"] == reverse("event-round-new", args=[pk])
    assert not Round.objects.exists()
    assert not Match.objects.filter(event_table__isnull=False).exists()
    assert admin.post(reverse("event-round-withdraw", args=[pk, 1])).status_code == 404


def test_pairing_the_unplayed_tables_again_keeps_the_started_one() -> None:
    night = _round(guests=5)
    tables = _tables()
    hand_start(match=tables[0].match, mode=Hand.Mode.SUMMARY)
    pk = night.event.pk
    admin = _client(night.admin)
    confirm = admin.get(reverse("event-round-repair", args=[pk, 1]) + "?confirm=repair").content.decode()
    assert "Pair the unplayed tables of round 1 again?" in confirm
    response = admin.post(reverse("event-round-repair-pair", args=[pk, 1]), follow=True)
    assert "The unplayed tables of round 1 are paired again." in response.content.decode()
    assert _tables()[0].match_id == tables[0].match_id
    assert {table.match_id for table in _tables()[1:]}.isdisjoint({table.match_id for table in tables})
    for table in _tables()[1:]:
        hand_start(match=table.match, mode=Hand.Mode.SUMMARY)
    refused = admin.post(reverse("event-round-withdraw", args=[pk, 1]))
    assert refused.status_code == 422
    assert "has started" in refused.content.decode()


def test_a_dropped_player_is_brought_back_after_a_confirmation() -> None:
    night = make_night(guests=3)
    entries = entered(night)
    entry_drop(event=night.event, player_id=entries[3].player_id, by=night.admin)
    admin = _client(night.admin)
    listed = admin.get(reverse("event-entries", args=[night.event.pk])).content.decode()
    back = reverse("event-return", args=[night.event.pk, entries[3].pk])
    assert back in listed
    assert "Bring Guest 3 back from the next round?" in admin.get(back, headers=HTMX).content.decode()
    admin.post(back, headers=HTMX)
    assert Entry.objects.get(pk=entries[3].pk).dropped_round is None


def test_members_and_outsiders_reach_no_repair() -> None:
    night = _round()
    pk = night.event.pk
    one, two = _tables()
    posts = [
        (reverse("event-round-withdraw", args=[pk, 1]), {}),
        (reverse("event-round-repair-pair", args=[pk, 1]), {}),
        (reverse("event-round-swap", args=[pk, 1]), {"first": one.players[0], "second": two.players[0]}),
        (reverse("event-return", args=[pk, Entry.objects.first().pk]), {}),  # type: ignore[union-attr]
    ]
    for user, status in ((night.outsider, 404), (night.member, 403)):
        client = _client(user)
        assert [client.post(url, data).status_code for url, data in posts] == [status] * len(posts)
        assert client.get(reverse("event-round-repair", args=[pk, 1])).status_code == status
    assert [table.players for table in _tables()] == [one.players, two.players]
