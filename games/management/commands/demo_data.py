"""``manage.py demo_data``: the demo account, a demo club with players, and one finished Tablo match."""

from __future__ import annotations

import random
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from games.clubs.services.clubs import club_create
from games.matches.services.demo import demo_match_play
from games.matches.services.matches import match_start
from games.models import Club, Match, Player
from games.people.services.players import player_create

CLUB = "Demo club"
PLAYERS = ["Ana", "Bo", "Cvetan"]
SEED = 2024  # the same demo match every time


class Command(BaseCommand):
    """``manage.py demo_data``: the demo account, players and a finished Tablo match."""

    help = "Create the demo superuser demo/demo, demo players and a finished Tablo match. Safe to run again."

    def handle(self, *args: Any, **options: Any) -> None:
        """Create what is missing."""
        user, created = User.objects.get_or_create(
            username="demo", defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password("demo")
            user.save()
        self.stdout.write(f"Demo user 'demo' (password 'demo'){' created' if created else ' exists'}.")
        match = _demo_match(user)
        self.stdout.write(f"Demo Tablo match #{match.pk}: {match.status}, totals {match.totals}.")


@transaction.atomic
def _demo_match(user: User) -> Match:
    """The demo club's finished Tablo match between the demo user's player and Ana, made once."""
    club = Club.objects.filter(name=CLUB, created_by=user).first() or club_create(name=CLUB, by=user)
    me = Player.objects.filter(user=user).first() or player_create(name="Demo", by=user, user=user)
    others = [
        Player.objects.filter(name=name, created_by=user).first() or player_create(name=name, by=user)
        for name in PLAYERS
    ]
    existing = Match.objects.filter(club=club, game="tablo", status=Match.Status.FINISHED).first()
    if existing is not None:
        return existing
    match = match_start(game="tablo", players=[me, others[0]], by=user, club=club)
    return demo_match_play(match=match, rng=random.Random(SEED), by=user)
