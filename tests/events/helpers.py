"""The people and players of the event tests: a club whose admin directs, a member, an outsider."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from games.events.models import Event, Table
from games.events.services import PlannedTable, event_create
from games.models import Club, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory


@dataclass(frozen=True, slots=True)
class Room:
    """``director`` created the club (its admin); ``member`` belongs to it and has a player;
    ``outsider`` has nothing to do with it; ``guests`` are the director's own guests."""

    director: User
    member: User
    outsider: User
    club: Club
    member_player: Player
    guests: list[Player]


def make_room(guests: int = 11) -> Room:
    director, member, outsider = (
        UserFactory.create(username=name) for name in ("director", "member", "outsider")
    )
    club = ClubFactory.create(created_by=director)
    MembershipFactory.create(club=club, user=member)
    member_player = PlayerFactory.create(name="Mia", user=member, created_by=member)
    players = [PlayerFactory.create(name=f"Guest {n:02}", created_by=director) for n in range(1, guests + 1)]
    return Room(director, member, outsider, club, member_player, players)


def swiss(room: Room, rounds: int = 4, **kwargs: Any) -> Event:
    return event_create(
        club=room.club, by=room.director, name="Tuesday night", game="tablo", rounds=rounds, seed=7, **kwargs
    )


def stored(table: PlannedTable) -> Table:
    """The stored table of a published one, with its match."""
    assert table.match is not None
    return Table.objects.select_related("match", "round__event").get(match_id=table.match)
