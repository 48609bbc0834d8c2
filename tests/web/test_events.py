"""The event pages: who may see and direct them (outsiders 404, members read, admins direct), entries
and check-in with its confirm step, drops, a draft then a published round, results set by the
director, the polls that answer 204 while nothing changed, the share link and the printed sheets."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.clubs.services.clubs import club_create, membership_create
from games.events.models import Entry, Event, ResultOverride, Round, Table
from games.events.selectors import event_version
from games.events.services import entry_add, entry_check_in, event_create, round_pair, table_result_set
from games.models import Membership, Player
from games.people.services.players import player_create
from web.event_keys import event_key

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@dataclass(frozen=True, slots=True)
class Night:
    admin: User
    member: User
    outsider: User
    event: Event
    players: list[Player]


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def make_night(guests: int = 5, *, game: str = "tablo", format: str = "swiss") -> Night:
    """A club night: its admin directs, a member with a player, an outsider; the admin's guests."""
    admin = User.objects.create_user("director")
    member = User.objects.create_user("mia")
    outsider = User.objects.create_user("stranger")
    club = club_create(name="Kafana", by=admin)
    membership_create(club=club, user=member)
    club_create(name="Elsewhere", by=outsider)
    event = event_create(
        club=club, by=admin, name="Tuesday night", game=game, format=format, rounds=3, seed=7
    )
    players = [player_create(name="Mia", by=member, user=member)]
    players += [player_create(name=f"Guest {n}", by=admin) for n in range(1, guests + 1)]
    return Night(admin, member, outsider, event, players)


def entered(night: Night) -> list[Entry]:
    return [entry_add(event=night.event, by=night.admin, player=player) for player in night.players]


def _pages(night: Night) -> tuple[list[str], list[str]]:
    """(read pages, director's pages) of the night's event, with round 1 published."""
    entered(night)
    round_pair(event=night.event, by=night.admin)
    pk = night.event.pk
    entry = Entry.objects.filter(event=night.event).first()
    assert entry is not None
    read = [reverse(name, args=[pk]) for name in ("event", "event-live", "event-tv")]
    read.append(reverse("club-events", args=[night.event.club_id]))
    direct = [
        reverse("event-entries", args=[pk]),
        reverse("event-check-in", args=[pk, entry.pk]),
        reverse("event-drop", args=[pk, entry.pk]),
        reverse("event-round-new", args=[pk]),
        reverse("event-round-print", args=[pk, 1]),
        reverse("event-table-result", args=[pk, 1, 1]),
        reverse("event-round-repair", args=[pk, 1]),
        reverse("event-new", args=[night.event.club_id]),
    ]
    return read, direct


def test_outsiders_get_404_members_read_and_admins_direct() -> None:
    night = make_night()
    read, direct = _pages(night)
    outsider, member, admin = _client(night.outsider), _client(night.member), _client(night.admin)
    assert {url: outsider.get(url).status_code for url in read + direct} == dict.fromkeys(read + direct, 404)
    assert {url: member.get(url).status_code for url in read} == dict.fromkeys(read, 200)
    assert {url: member.get(url).status_code for url in direct} == dict.fromkeys(direct, 403)
    expected = dict.fromkeys(read + direct, 200) | {reverse("event-round-new", args=[night.event.pk]): 409}
    assert {url: admin.get(url).status_code for url in read + direct} == expected  # round 1 is playing
    anonymous = _client(None).get(read[0])
    assert anonymous.status_code == 302
    assert reverse("login") in anonymous["Location"]


def test_no_write_reaches_the_services_for_a_member_or_an_outsider() -> None:
    night = make_night()
    entry = entered(night)[1]
    pk, version = night.event.pk, event_version(night.event.pk)
    posts = [
        (reverse("event-check-in", args=[pk, entry.pk]), {}),
        (reverse("event-drop", args=[pk, entry.pk]), {}),
        (reverse("event-entry-add", args=[pk]), {"name": "Walk In", "walk_in": "1"}),
        (reverse("event-round-new", args=[pk]), {}),
        (reverse("event-share", args=[pk]), {"enabled": "1"}),
        (reverse("event-new", args=[night.event.club_id]), {"name": "Other", "variant": "tablo"}),
    ]
    for user, status in ((night.outsider, 404), (night.member, 403)):
        client = _client(user)
        assert [client.post(url, data).status_code for url, data in posts] == [status] * len(posts)
    assert event_version(pk) == version
    assert not Round.objects.exists()
    assert Event.objects.count() == 1
    assert Entry.objects.get(pk=entry.pk).checked_in_at is None


def test_an_admin_creates_an_event_for_the_club() -> None:
    night = make_night()
    admin = _client(night.admin)
    url = reverse("event-new", args=[night.event.club_id])
    form = admin.get(url).content.decode()
    assert 'name="tiebreak_0"' in form
    assert "Median Buchholz" in form
    data: dict[str, str | int] = {"name": "Friday cup", "variant": "escoba", "format": "swiss", "rounds": "5"}
    data |= {"win": 3, "draw": 1, "loss": 0, "bye": 3, "tiebreak_0": "buchholz", "tiebreak_1": "points_diff"}
    response = admin.post(url, data)
    event = Event.objects.get(name="Friday cup")
    assert response["Location"] == reverse("event-entries", args=[event.pk])
    assert (event.game, event.rounds, event.tiebreaks) == ("escoba", 5, ["buchholz", "points_diff"])
    twice = admin.post(url, data | {"tiebreak_1": "buchholz"})
    assert twice.status_code == 422
    assert "Each tie-break is listed once." in twice.content.decode()
    pods = admin.post(url, data | {"name": "Pods", "variant": "twenty", "format": "pods"})  # two a table
    assert pods.status_code == 422
    assert not Event.objects.filter(name="Pods").exists()


def test_entries_by_tap_by_name_and_walk_in() -> None:
    night = make_night(guests=2)
    admin = _client(night.admin)
    pk = night.event.pk
    page = admin.get(reverse("event-entries", args=[pk])).content.decode()
    mia = night.players[0]
    assert f'name="player" value="{mia.pk}"' in page  # a member: one tap
    add = reverse("event-entry-add", args=[pk])
    assert admin.post(add, {"player": mia.pk}).status_code == 302
    assert admin.post(add, {"name": "Guest 1"}).status_code == 302  # the director's guest, by name
    assert admin.post(add, {"name": "Ana at the door", "walk_in": "1"}).status_code == 302
    entries = {entry.player.name: entry for entry in Entry.objects.filter(event=night.event)}
    assert set(entries) == {"Mia", "Guest 1", "Ana at the door"}
    assert entries["Guest 1"].player == night.players[1]
    assert entries["Ana at the door"].checked_in_at is not None
    assert entries["Mia"].checked_in_at is None
    again = admin.post(add, {"player": mia.pk}, follow=True)  # no longer offered: not a choice
    assert again.status_code == 404
    twice = admin.post(add, {"name": f"Mia @{night.member.username}"}, follow=True)  # picked by handle
    assert "Mia is already entered in this event." in twice.content.decode()
    typed = admin.post(add, {"name": "Mia"})  # typed: text, the director's new guest, not the member
    assert typed.status_code == 302
    assert Entry.objects.get(event=night.event, player__name="Mia", player__user=None)


def test_the_desk_keeps_two_entrants_apart_and_lets_them_meet_again() -> None:
    night = make_night(guests=3)
    entered(night)
    admin = _client(night.admin)
    pk = night.event.pk
    url = reverse("event-keep-apart", args=[pk])
    mia, guest = night.players[0], night.players[1]
    assert admin.post(url, {"first": mia.pk, "second": guest.pk}).status_code == 302
    page = admin.get(reverse("event-entries", args=[pk])).content.decode()
    assert "Mia · Guest 1" in page
    assert Event.objects.get(pk=pk).keep_apart == [sorted([mia.pk, guest.pk])]
    same = admin.post(url, {"first": mia.pk, "second": mia.pk}, follow=True).content.decode()
    assert "Keep apart two different players entered in this event" in same
    key = "-".join(map(str, sorted([mia.pk, guest.pk])))
    assert admin.post(url, {"remove": key}).status_code == 302
    assert Event.objects.get(pk=pk).keep_apart == []


def test_check_in_searches_filters_and_asks_to_confirm() -> None:
    night = make_night(guests=3)
    entries = entered(night)
    admin = _client(night.admin)
    pk = night.event.pk
    url = reverse("event-entries", args=[pk])
    listed = admin.get(url, {"q": "guest"}, headers=HTMX | {"HX-Target": "entry-list"}).content.decode()
    assert listed.count('<li id="entry-') == 3
    assert "Mia" not in listed
    assert "<html" not in listed
    entry_check_in(event=night.event, player_id=entries[1].player_id, by=night.admin)
    only_list = HTMX | {"HX-Target": "entry-list"}  # the page also names everyone to keep apart
    pending = admin.get(url, {"pending": "on"}, headers=only_list).content.decode()
    assert "Guest 1" not in pending
    assert "Guest 2" in pending
    assert "Mia" in pending
    check_in = reverse("event-check-in", args=[pk, entries[0].pk])
    asked = admin.get(check_in, headers=HTMX).content.decode()
    assert "Check in Mia?" in asked
    assert "Confirm" in asked
    assert Entry.objects.get(pk=entries[0].pk).checked_in_at is None  # asking writes nothing
    row = admin.post(check_in, headers=HTMX).content.decode()
    assert 'class="entry checked-in"' in row
    assert Entry.objects.get(pk=entries[0].pk).checked_in_at is not None
    undo = reverse("event-check-out", args=[pk, entries[0].pk])
    assert "Mark Mia as not here?" in admin.get(undo).content.decode()  # a page without htmx
    assert admin.post(undo).status_code == 302
    assert Entry.objects.get(pk=entries[0].pk).checked_in_at is None


def test_a_drop_is_confirmed_and_the_dropped_player_is_not_paired() -> None:
    night = make_night(guests=3)
    entries = entered(night)
    admin = _client(night.admin)
    drop = reverse("event-drop", args=[night.event.pk, entries[3].pk])
    assert "Drop Guest 3 from the next rounds?" in admin.get(drop, headers=HTMX).content.decode()
    assert Entry.objects.get(pk=entries[3].pk).dropped_round is None
    assert "dropped" in admin.post(drop, headers=HTMX).content.decode()
    assert Entry.objects.get(pk=entries[3].pk).dropped_round == 1
    admin.post(reverse("event-round-new", args=[night.event.pk]))
    seated = {player for table in Round.objects.get().tables.all() for player in table.players}
    assert entries[3].player_id not in seated
    assert len(seated) == 2


def test_the_draft_stores_nothing_and_publishing_shows_every_table_by_number_and_name() -> None:
    night = make_night(guests=4)  # five players: a bye
    entered(night)
    admin = _client(night.admin)
    url = reverse("event-round-new", args=[night.event.pk])
    version = event_version(night.event.pk)
    draft = admin.get(url).content.decode()
    assert "Draft of round 1" in draft
    assert draft.count('class="table-card"') == 2
    assert "Bye" in draft
    assert "Why" in draft
    assert not Round.objects.exists()
    assert event_version(night.event.pk) == version
    assert admin.post(url)["Location"] == reverse("event", args=[night.event.pk])
    played = Round.objects.get()
    page = _client(night.member).get(reverse("event", args=[night.event.pk])).content.decode()
    assert page.count('class="table-card"') == 2
    for table in played.tables.all():
        assert reverse("match", args=[table.match_id]) in page
    assert "By name" in page
    assert re.search(r"Guest 1</span> <span class=\"where\">(table \d, seat \d|bye)", page)
    assert "Median Buchholz" in page
    assert "Game points difference" in page
    assert "Enter the result" not in page  # a member reads
    # Who sits out depends on the entrants' ids (the seeded draw hashes them): Mia may have the bye.
    mine = next((table for table in played.tables.all() if night.players[0].pk in table.players), None)
    where = (
        "bye" if mine is None else f"table {mine.number}, seat {mine.players.index(night.players[0].pk) + 1}"
    )
    assert f"You: {where}" in page  # Mia's own place, first
    assert page.index(f"You: {where}") < page.index("Round 1: tables")
    busy = admin.get(url)
    assert busy.status_code == 409
    assert "2 tables still have no result" in busy.content.decode()


def test_the_director_sets_a_result_shown_with_who_and_when() -> None:
    night = make_night(guests=3)
    entered(night)
    round_pair(event=night.event, by=night.admin)
    admin = _client(night.admin)
    url = reverse("event-table-result", args=[night.event.pk, 1, 1])
    form = admin.get(url).content.decode()
    assert form.count('type="radio" name="result"') == 3  # either side wins, or a draw
    assert admin.post(url, {"result": "nonsense"}).status_code == 422
    assert not ResultOverride.objects.exists()
    assert admin.post(url, {"result": "win-1"}).status_code == 302
    override = ResultOverride.objects.get()
    assert (override.winner, override.by) == (1, night.admin)
    page = _client(night.member).get(reverse("event", args=[night.event.pk])).content.decode()
    assert "set by director at" in page
    assert " won</strong>" in page


def test_a_pods_table_takes_each_place_once() -> None:
    night = make_night(guests=2, game="tablo", format="pods")
    entered(night)
    round_pair(event=night.event, by=night.admin)
    admin = _client(night.admin)
    url = reverse("event-table-result", args=[night.event.pk, 1, 1])
    assert admin.get(url).content.decode().count('name="place_') == 3
    assert admin.post(url, {"place_0": "1", "place_1": "1", "place_2": "3"}).status_code == 422
    assert admin.post(url, {"place_0": "2", "place_1": "3", "place_2": "1"}).status_code == 302
    assert ResultOverride.objects.get().places == [2, 0, 1]


def test_a_poll_answers_204_until_the_event_changes_and_a_bad_key_gets_every_check(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    night = make_night(guests=3)
    entered(night)
    pk = night.event.pk
    url = reverse("event-live", args=[pk])
    member = _client(night.member)
    version = str(event_version(pk))
    query: dict[str, str | int] = {"v": version, "e": pk, "k": event_key(pk)}
    with django_assert_num_queries(1):  # the version alone: no session, no account, no access check
        assert _client(None).get(url, query, headers=HTMX).status_code == 204
    assert member.get(url, query, headers=HTMX).status_code == 204
    assert _client(night.outsider).get(url, query | {"k": "forged"}, headers=HTMX).status_code == 404
    assert _client(night.outsider).get(url, query | {"e": pk + 1}, headers=HTMX).status_code == 404
    round_pair(event=night.event, by=night.admin)
    fresh = member.get(url, query, headers=HTMX)
    assert fresh.status_code == 200
    assert "Round 1: tables" in fresh.content.decode()
    assert f'"v": "{event_version(pk)}"' in fresh.content.decode()


def test_the_share_link_shows_the_event_read_only_until_revoked() -> None:
    night = make_night(guests=3)
    entered(night)
    round_pair(event=night.event, by=night.admin)
    admin = _client(night.admin)
    share = reverse("event-share", args=[night.event.pk])
    admin.post(share, {"enabled": "1"})
    token = Event.objects.get().share_token
    link = reverse("event-shared", args=[token])
    director_page = admin.get(reverse("event", args=[night.event.pk])).content.decode()
    assert link in director_page
    assert f"{link}?tv=1" in director_page
    anyone = _client(None)
    page = anyone.get(link).content.decode()
    assert "Round 1: tables" in page
    assert "Enter the result" not in page
    assert "Open the match" not in page
    assert reverse("event-shared-live", args=[token]) in page
    assert "tv-grid" in anyone.get(link, {"tv": "1"}).content.decode()
    admin.post(share, {"enabled": "0"})
    assert anyone.get(link).status_code == 404
    assert anyone.get(reverse("event-shared-live", args=[token])).status_code == 404


def test_the_print_page_lists_who_sits_where_then_six_tables_a_page_with_qr_code_and_lines() -> None:
    night = make_night(guests=13)
    entered(night)
    round_pair(event=night.event, by=night.admin)
    admin = _client(night.admin)
    page = admin.get(reverse("event-round-print", args=[night.event.pk, 1]), {"paper": "letter"})
    text = page.content.decode()
    tables = list(Round.objects.get().tables.all())
    assert text.count('class="table-sheet"') == len(tables) == 7
    assert text.count('class="sheet-page"') == 2  # six, then one
    assert text.count("<svg") == 7
    assert 'class="sheets paper-letter"' in text
    names = re.findall(r"<li><span>([^<]+)</span> <span class=\"where\">table (\d+)", text)
    assert [name for name, _ in names] == sorted(name for name, _ in names)
    assert len(names) == 14
    assert text.count('<th scope="row">') == 14  # a score and a signature line per side
    for table in tables:
        assert f"http://testserver{reverse('match', args=[table.match_id])}" in text
    assert admin.get(reverse("event-round-print", args=[night.event.pk, 2])).status_code == 404


LINKS_HERE = "These links and QR codes open only on this computer"


def test_sheets_made_on_the_laptop_itself_warn_and_a_public_address_builds_their_codes() -> None:
    night = make_night(guests=3)
    entered(night)
    round_pair(event=night.event, by=night.admin)
    admin = _client(night.admin)
    sheets = reverse("event-round-print", args=[night.event.pk, 1])
    match = reverse("match", args=[Round.objects.get().tables.order_by("number")[0].match_id])
    for host in ("127.0.0.1:8000", "localhost", "[::1]:8000"):
        assert LINKS_HERE in admin.get(sheets, HTTP_HOST=host).content.decode()
    assert (
        LINKS_HERE
        in admin.get(reverse("event", args=[night.event.pk]), HTTP_HOST="127.0.0.1").content.decode()
    )
    assert LINKS_HERE not in admin.get(sheets).content.decode()  # opened at the laptop's network name
    with override_settings(PUBLIC_URL="http://192.168.1.20:8000"):
        text = admin.get(sheets, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert LINKS_HERE not in text
    assert f"http://192.168.1.20:8000{match}" in text


def test_every_event_page_reads_in_russian() -> None:
    night = make_night(guests=3)
    read, direct = _pages(night)
    admin = _client(night.admin)
    english = re.compile(
        r"\b(Round|Table|Standings|Check in|Drop|Entries|Print|Result|Bye|Points|New event)\b"
    )
    for url in read + direct:
        text = admin.get(url, headers={"accept-language": "ru"}).content.decode()
        main = text[text.index("<main") : text.index("</main>")] if "<main" in text else text
        assert not english.findall(main), url


def test_the_clubs_page_links_its_events() -> None:
    night = make_night()
    page = _client(night.member).get(reverse("clubs")).content.decode()
    assert reverse("club-events", args=[night.event.club_id]) in page
    listed = _client(night.member).get(reverse("club-events", args=[night.event.club_id])).content.decode()
    assert "Tuesday night" in listed
    assert reverse("event-new", args=[night.event.club_id]) not in listed
    assert Membership.objects.filter(user=night.admin, role="admin").exists()
    assert (
        reverse("event-new", args=[night.event.club_id])
        in _client(night.admin).get(reverse("club-events", args=[night.event.club_id])).content.decode()
    )


def test_the_event_page_costs_the_same_queries_whatever_the_rounds_played() -> None:
    night = make_night(guests=9)
    entered(night)
    member = _client(night.member)
    counts = []
    for number in (1, 2, 3):
        round_pair(event=night.event, by=night.admin)
        for table in Table.objects.filter(round__number=number):
            table_result_set(table=table, by=night.admin, winner=0)
        with CaptureQueriesContext(connection) as queries:
            assert member.get(reverse("event", args=[night.event.pk])).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] == counts[2] <= 16
