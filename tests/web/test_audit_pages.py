"""The audit log's pages (docs/audit.md): a match's record with its check, for its readers; a club's
log for its admins; the finished match's result card and an event's results carry the record's code."""

from __future__ import annotations

import random

from django.contrib.auth.models import User
from django.test import Client

from games.audit.chain import short_code
from games.events.services import entry_add, event_create, round_pair, table_result_set
from games.matches.selectors.matches import match_get
from games.matches.services.demo import demo_hand_play
from games.matches.services.matches import match_abandon, match_start
from games.models import AuditEntry, Match, Play, Player
from games.people.services.players import player_create
from tests.factories import UserFactory, make_personas
from web.result_card import result_card_of
from web.screens import match_screen


def test_a_player_sees_the_record_and_its_check_and_a_tampered_one_is_flagged(
    owner: User, owner_client: Client
) -> None:
    players = [player_create(name=name, by=owner) for name in ("Ana", "Bo")]
    match = match_start(game="tablo", players=players, by=owner, options={"target": 1})
    demo_hand_play(match=match, rng=random.Random(6))
    match.refresh_from_db()
    page = owner_client.get(f"/matches/{match.pk}/log/").content.decode()
    assert "Match started" in page
    assert short_code(match.chain_head) in page
    assert f'href="/matches/{match.pk}/log/"' in owner_client.get(f"/matches/{match.pk}/").content.decode()
    Play.objects.filter(match=match).update(seat=0)
    assert "changed outside the app" in owner_client.get(f"/matches/{match.pk}/log/").content.decode()


def test_the_finished_match_card_carries_the_record_code(owner: User) -> None:
    players = [player_create(name=name, by=owner) for name in ("Ana", "Bo")]
    match = match_start(game="tablo", players=players, by=owner, options={"target": 1})
    demo_hand_play(match=match, rng=random.Random(6))
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    card = result_card_of(match_screen(match_get(match.pk), owner))
    assert card.record == f"Record {short_code(match.chain_head)}"


def test_the_club_log_is_for_its_admins(db: None) -> None:
    people = make_personas()
    match_abandon(match=people.match, by=people.owner)
    admin, member = Client(), Client()
    admin.force_login(people.owner)
    member.force_login(people.member)
    page = admin.get(f"/clubs/{people.club.pk}/log/")
    assert page.status_code == 200
    assert "Match abandoned" in page.content.decode()
    assert member.get(f"/clubs/{people.club.pk}/log/").status_code == 403
    assert f"/clubs/{people.club.pk}/log/" in admin.get("/clubs/").content.decode()
    assert f"/clubs/{people.club.pk}/log/" not in member.get("/clubs/").content.decode()


def test_an_events_results_carry_each_tables_record_code(db: None) -> None:
    people = make_personas()
    admin = people.owner
    event = event_create(club=people.club, by=admin, name="Friday", game="tablo", rounds=1)
    for name in ("Ann", "Ben"):
        entry_add(event=event, by=admin, name=name)
    round_pair(event=event, by=admin)
    table = event.event_rounds.get().tables.get()
    table_result_set(table=table, by=admin, winner=0)
    client = Client()
    client.force_login(admin)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert f"Record {short_code(Match.objects.get(pk=table.match_id).chain_head)}" in page


def test_the_event_page_links_its_directors_to_the_club_log(db: None) -> None:
    people = make_personas()
    event = event_create(club=people.club, by=people.owner, name="Friday", game="tablo", rounds=1)
    director, member = Client(), Client()
    director.force_login(people.owner)
    member.force_login(people.member)
    assert f"/clubs/{people.club.pk}/log/" in director.get(f"/events/{event.pk}/").content.decode()
    assert f"/clubs/{people.club.pk}/log/" not in member.get(f"/events/{event.pk}/").content.decode()


def test_the_admin_shows_the_log_read_only_and_records_its_own_edits(db: None) -> None:
    people = make_personas()
    staff = Client()
    staff.force_login(UserFactory.create(username="staff", is_staff=True, is_superuser=True))
    entry = AuditEntry.objects.filter(match=people.match).first()
    assert entry is not None
    assert staff.get("/admin/games/auditentry/").status_code == 200
    assert staff.get(f"/admin/games/auditentry/{entry.pk}/change/").status_code == 200
    assert staff.post(f"/admin/games/auditentry/{entry.pk}/delete/", {"post": "yes"}).status_code == 403
    player = Player.objects.get(name="Bo")
    form = {"name": "Bob", "user": "", "created_by": str(player.created_by_id)}
    assert staff.post(f"/admin/games/player/{player.pk}/change/", form).status_code == 302
    edit = AuditEntry.objects.get(action="admin.changed")
    assert (edit.by_name, edit.object_type, edit.before["name"], edit.after["name"]) == (  # type: ignore[index]
        "staff",
        "player",
        "Bo",
        "Bob",
    )
