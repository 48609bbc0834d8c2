"""The statistics pages name games in the reader's language, never by their keys."""

from __future__ import annotations

import random

from django.contrib.auth.models import User
from django.test import Client

from games.clubs.services.clubs import club_create
from games.matches.services.demo import demo_match_play
from games.matches.services.matches import match_start
from games.people.services.players import player_create


def test_head_to_head_and_the_game_filter_name_the_game_in_russian(client: Client, owner: User) -> None:
    club = club_create(name="Friday table", by=owner)
    a, b = (player_create(name=name, by=owner) for name in ("Marija", "Dragan"))
    match = match_start(game="tablo", players=[a, b], by=owner, club=club, options={"target": 1})
    demo_match_play(match=match, rng=random.Random(7))
    client.force_login(owner)
    ru = {"accept-language": "ru"}
    page = client.get(f"/clubs/{club.pk}/head-to-head/", {"a": a.pk, "b": b.pk}, headers=ru).content.decode()
    assert "<td>Табло</td>" in page
    assert "<td>tablo</td>" not in page
    standings = client.get(f"/clubs/{club.pk}/standings/", headers=ru).content.decode()
    assert '<option value="tablo">Табло</option>' in standings
    assert "<td>\u04121</td>" in standings  # the streak, W1 in English (Cyrillic Ve)
    assert "<td>П1</td>" in standings
    assert "<td>W1</td>" not in standings  # (a bare "W1" may be in the random CSRF token)
    for label in ("Сезон", "Игра"):
        assert f'<label class="field">{label} ' in standings
