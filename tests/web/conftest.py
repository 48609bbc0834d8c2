"""Personas and a started match for the web tests (made through the services, as the UI does)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from games.matches.services.matches import match_start
from games.models import Match
from games.people.services.players import player_create

PASSWORD = "tablo-101-tally"


@pytest.fixture
def session_queries() -> int:
    """The queries of a signed-in web request's session: none when its copy is in Redis (as in CI and
    production), one (its row) without Redis (scorekeeper/sessions.py)."""
    return 0 if settings.REDIS is not None else 1


@pytest.fixture
def owner(db: None) -> User:
    return User.objects.create_user("marija", password=PASSWORD)


@pytest.fixture
def outsider(db: None) -> User:
    return User.objects.create_user("stranger", password=PASSWORD)


@pytest.fixture
def owner_client(client: Client, owner: User) -> Client:
    client.force_login(owner)
    return client


def start_match(
    owner: User, game: str = "tablo", names: tuple[str, ...] = ("Marija", "Dragan"), **options: object
) -> Match:
    players = [player_create(name=name, by=owner) for name in names]
    return match_start(game=game, players=players, by=owner, options=options)


@pytest.fixture
def tablo(owner: User) -> Match:
    return start_match(owner)
