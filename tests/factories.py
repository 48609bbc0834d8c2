# mypy: disable-error-code="no-untyped-call"
# (factory_boy's declarations are untyped)
"""factory_boy factories and the test personas.

Matches are made through the ``match_start`` service, so every factory-made match is one the engine
accepts; ``games.matches.services.demo`` plays them out with random legal plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from factory.base import Factory
from factory.declarations import Sequence, SubFactory
from factory.django import DjangoModelFactory, Password
from rest_framework.test import APIClient

from games.clubs.services.clubs import club_create
from games.matches.services.invitations import invitation_accept, invitation_create
from games.matches.services.matches import match_start
from games.models import Club, Match, Membership, Player, Season

PASSWORD = "secret-pass-123"


class UserFactory(DjangoModelFactory[User]):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = Sequence(lambda n: f"user{n}")
    password = Password(PASSWORD)


class PlayerFactory(DjangoModelFactory[Player]):
    class Meta:
        model = Player

    name = Sequence(lambda n: f"Player {n}")


class ClubFactory(DjangoModelFactory[Club]):
    """A club; its ``created_by`` becomes its admin (through ``club_create``)."""

    class Meta:
        model = Club

    name = Sequence(lambda n: f"Club {n}")
    created_by = SubFactory(UserFactory)

    @classmethod
    def _create(cls, model_class: type[Club], *args: Any, **kwargs: Any) -> Club:
        return club_create(name=kwargs["name"], by=kwargs["created_by"])


class MembershipFactory(DjangoModelFactory[Membership]):
    class Meta:
        model = Membership

    club = SubFactory(ClubFactory)
    user = SubFactory(UserFactory)
    role = Membership.Role.MEMBER


class SeasonFactory(DjangoModelFactory[Season]):
    class Meta:
        model = Season

    club = SubFactory(ClubFactory)
    name = Sequence(lambda n: f"Season {n}")


class MatchFactory(Factory[Match]):
    """``MatchFactory(game="escoba", players=4, teams=True)``: a started match with fresh players."""

    class Meta:
        model = Match

    game = "tablo"
    players = 2
    teams = False
    options: dict[str, object] = {}
    created_by = SubFactory(UserFactory)
    club = None
    season = None

    @classmethod
    def _create(cls, model_class: type[Match], *args: Any, **kwargs: Any) -> Match:
        players = kwargs["players"]
        seated = players if isinstance(players, list) else PlayerFactory.create_batch(players)
        by = kwargs["created_by"]
        for guest in seated:  # a guest made without an owner belongs to whoever seats it first
            if guest.user_id is None and guest.created_by_id is None:
                guest.created_by = by
                guest.save(update_fields=["created_by"])
        return match_start(
            game=kwargs["game"],
            players=seated,
            by=by,
            options=kwargs["options"],
            teams=kwargs["teams"],
            club=kwargs["club"],
            season=kwargs["season"],
        )


@dataclass(frozen=True, slots=True)
class Personas:
    """The people of every permission test (healthchecks style), at a two-player match.

    ``owner`` created the club (its admin) and the match; ``player`` sits at the match; ``member``
    belongs to the club; ``outsider`` has nothing to do with either.
    """

    owner: User
    player: User
    member: User
    outsider: User
    club: Club
    match: Match


def make_personas(game: str = "tablo", **options: object) -> Personas:
    owner, player, member, outsider = (
        UserFactory.create(username=name) for name in ("owner", "player", "member", "outsider")
    )
    club = ClubFactory.create(created_by=owner)
    MembershipFactory.create(club=club, user=member)
    seated = [PlayerFactory.create(name="Ana"), PlayerFactory.create(name="Bo")]
    match = MatchFactory.create(game=game, players=seated, created_by=owner, club=club, options=options)
    # Not a member of the club: ``player`` takes the seat by accepting the owner's invitation.
    invitation_accept(invitation=invitation_create(match=match, seat=0, by=owner, invitee=player), by=player)
    return Personas(owner=owner, player=player, member=member, outsider=outsider, club=club, match=match)


def api_client(user: User | None = None) -> APIClient:
    """A DRF test client, signed in as ``user`` (when given); errors come back as responses."""
    client = APIClient(raise_request_exception=False)
    if user is not None:
        client.force_authenticate(user)
    return client
