"""Deleting an account (docs/accounts.md, Deleting one's account): what goes, what stays and with whom,
and every standings table (club standings per season and game, ratings and their history,
head-to-head, player statistics, event standings) reads the same before and after, also once
rebuilt from the stored logs."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from rest_framework.authtoken.models import Token

from games.clubs.services.clubs import club_create, membership_create, season_create
from games.errors import WrongPassword
from games.events.models import Event
from games.events.selectors import event_standings
from games.events.services import entry_add, event_create, round_pair
from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.invitations import invitation_accept, invitation_create
from games.models import Club, GuestClaim, Match, Membership, Player, Season
from games.people.selectors.deletion import deletion_plan
from games.people.services.deletion import account_delete
from games.people.services.players import player_create
from games.stats.players import head_to_head_get, player_stats
from games.stats.selectors import club_players, current_ratings, rating_history, standings_for
from games.stats.services import stats_rebuild
from scorekeeper.models import AccountSession
from tests.factories import MatchFactory
from tests.stats.matches import TABLE, entries, tamlin_match

pytestmark = pytest.mark.django_db

PASSWORD = "tablo-101-tally"


@dataclass(frozen=True, slots=True)
class World:
    mira: User  # the account deleted
    ana: User  # made the Friday club; Mira is an admin there too
    bo: User  # a member of both clubs
    cy: User  # an opponent of Mira's outside any club
    friday: Club
    home: Club  # Mira's own club, with Bo as a plain member
    me: Player
    grandma: Player  # Mira's guest
    alone: Match  # Mira's own notebook: goes
    shared: Match  # Mira's match with Cy outside any club: passes to Cy
    event: Event


def _finish(match: Match, winner: int) -> None:
    hand = hand_start(match=match, table=TABLE)
    hand_summary_record(hand=hand, entries=entries(winner))


@pytest.fixture
def world() -> World:
    mira, ana, bo, cy = (
        User.objects.create_user(name, password=PASSWORD) for name in ("mira", "ana", "bo", "cy")
    )
    friday = club_create(name="Friday", by=ana)
    membership_create(club=friday, user=mira, role=Membership.Role.ADMIN)
    membership_create(club=friday, user=bo)
    home = club_create(name="Home", by=mira)
    membership_create(club=home, user=bo)
    me, pa, pb, pc = (
        player_create(name=name, by=user, user=user)
        for name, user in (("Mira", mira), ("Ana", ana), ("Bo", bo), ("Cy", cy))
    )
    grandma = player_create(name="Grandma", by=mira)
    spring = season_create(club=friday, name="Spring")
    tamlin_match(friday, [me, pa], winner=0, by=ana)
    tamlin_match(friday, [me, pb], winner=1, by=mira, season=spring)
    tamlin_match(friday, [grandma, pa], winner=0, by=mira)
    tamlin_match(friday, [pb, me], winner=0, by=bo, season=spring)
    tamlin_match(friday, [me, grandma], winner=1, by=mira)  # only Mira's people, in a shared club
    tamlin_match(friday, [me, pa, pb, grandma], winner=1, by=mira)  # passes to Ana, the first account
    tamlin_match(friday, [pa, me], winner=0, by=ana)
    tamlin_match(home, [me, pb], winner=0, by=mira)
    event = event_create(club=friday, by=mira, name="Night", game="tamlin", options={"target": 5})
    for player in (me, pa, pb, grandma):
        entry_add(event=event, by=mira, player=player, checked_in=True)
    round_pair(event=event, by=mira)
    for number, table in enumerate(event.event_rounds.get().tables.all()):
        _finish(table.match, winner=number % 2)
    alone = _outside(mira, [me, grandma])  # only Mira's people, in no club
    shared = _outside(mira, [me, player_create(name="Cy?", by=mira)], invite=cy)
    _outside(cy, [pc, player_create(name="Mira?", by=cy)], invite=mira)
    GuestClaim.objects.create(guest=grandma, guest_name="Grandma", match=shared, claimant=cy)
    return World(mira, ana, bo, cy, friday, home, me, grandma, alone, shared, event)


def _outside(by: User, players: list[Player], invite: User | None = None) -> Match:
    """A finished match outside any club; ``invite`` takes seat 1 by accepting an invitation."""
    match = MatchFactory.create(game="tamlin", players=players, created_by=by, options={"target": 5})
    if invite is not None:
        invitation_accept(invitation=invitation_create(match=match, seat=1, by=by, invitee=invite), by=invite)
    _finish(match, winner=0)
    return match


def _tables(clubs: list[Club], event: Event) -> dict[str, object]:
    """Every table that counts a result, computed afresh (the cache emptied first)."""
    cache.clear()
    found: dict[str, object] = {}
    for club in clubs:
        players = sorted(club_players(club=club).values_list("pk", flat=True))
        seasons = [None, *Season.objects.filter(club=club).values_list("pk", flat=True)]
        for season in seasons:
            for game in (None, "tamlin"):
                table = standings_for(club_id=club.pk, season_id=season, game=game)
                found[f"standings {club} {season} {game}"] = table.rows
        found[f"ratings {club}"] = current_ratings(club_id=club.pk, game="tamlin", player_ids=players)
        for player in players:
            found[f"history {club} {player}"] = rating_history(
                club_id=club.pk, game="tamlin", player_id=player
            )
            found[f"stats {club} {player}"] = player_stats(player_id=player, club_ids=[club.pk])
        for a, b in combinations(players, 2):
            found[f"h2h {club} {a} {b}"] = head_to_head_get(club_ids=[c.pk for c in clubs], a=a, b=b)
    found["event"] = event_standings(event=Event.objects.get(pk=event.pk))
    found["names"] = sorted(
        Player.objects.filter(seats__match__club__in=clubs).values_list("pk", "name").distinct()
    )
    return found


def test_every_standings_table_reads_the_same_after_a_deletion(world: World) -> None:
    clubs = [world.friday, world.home]
    stats_rebuild(club_ids=[club.pk for club in clubs])  # every rating stored
    before = _tables(clubs, world.event)
    assert before["event"]
    assert before[f"standings {world.friday} None None"]
    assert before[f"history {world.friday} {world.me.pk}"]

    account_delete(user=world.mira, password=PASSWORD)

    assert _tables(clubs, world.event) == before
    stats_rebuild(club_ids=[club.pk for club in clubs])  # recomputed from the stored logs
    assert _tables(clubs, world.event) == before


def test_what_goes_and_what_passes_on(world: World) -> None:
    Token.objects.create(user=world.mira)
    client = Client()
    client.force_login(world.mira)
    other = Client()
    other.force_login(world.ana)

    plan = account_delete(user=world.mira, password=PASSWORD)

    assert not User.objects.filter(username="mira").exists()
    assert not Match.objects.filter(pk=world.alone.pk).exists()  # only Mira's people: gone
    assert plan.matches_deleted == {world.alone.pk}
    assert Match.objects.get(pk=world.shared.pk).created_by == world.cy  # the other account at the table
    me = Player.objects.get(pk=world.me.pk)  # stays whole, a guest now
    assert (me.name, me.user, me.created_by) == ("Mira", None, world.ana)  # Ana started most of its matches
    grandma = Player.objects.get(pk=world.grandma.pk)
    assert grandma.created_by == world.ana
    home = Club.objects.get(pk=world.home.pk)
    assert home.created_by == world.bo
    assert Membership.objects.get(club=home, user=world.bo).role == Membership.Role.ADMIN
    assert Event.objects.get(pk=world.event.pk).created_by == world.ana
    assert not GuestClaim.objects.filter(claimant=world.mira.pk).exists()
    assert not Token.objects.filter(user_id=world.mira.pk).exists()
    assert list(AccountSession.objects.values_list("user_id", flat=True)) == [world.ana.pk]  # Mira's ended
    assert client.get("/account/delete/").status_code == 302  # signed out: to the sign-in page


def test_a_wrong_password_deletes_nothing(world: World) -> None:
    before = deletion_plan(user=world.mira)
    with pytest.raises(WrongPassword):
        account_delete(user=world.mira, password="not-it")
    assert User.objects.filter(username="mira").exists()
    assert deletion_plan(user=world.mira) == before


def test_a_club_nobody_else_belongs_to_goes_with_its_matches() -> None:
    solo = User.objects.create_user("solo", password=PASSWORD)
    club = club_create(name="Solitaire", by=solo)
    me = player_create(name="Solo", by=solo, user=solo)
    tamlin_match(club, [me, player_create(name="Teddy", by=solo)], by=solo)

    account_delete(user=solo, password=PASSWORD)

    assert not Club.objects.exists()
    assert not Match.objects.exists()
    assert not Player.objects.exists()
