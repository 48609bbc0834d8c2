"""Numbers and percentages as each language writes them, also on the match screen, which turns Django's
localization off for its counts and form values (docs/languages.md)."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import User
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.events.models import Table
from games.events.services import entry_add, round_pair, table_result_set
from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.matches import match_start
from games.models import Hand, Match
from games.people.services.players import player_create
from tests.events.helpers import make_room, swiss

NBSP = "\u00a0"
WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
# The best-play rates of the demo match below (20.8 and 58.3), as each reader writes them.
RATES = {
    "en": ("20.8%", "58.3%"),
    "ru": (f"20,8{NBSP}%", f"58,3{NBSP}%"),
    "sr": ("20,8%", "58,3%"),
    "sr-Latn": ("20,8%", "58,3%"),
    "es": (f"20,8{NBSP}%", f"58,3{NBSP}%"),
    "it": ("20,8%", "58,3%"),
    "pt": ("20,8%", "58,3%"),
}


@pytest.mark.parametrize(("language", "written"), [("en", "43.2%"), ("es", f"43,2{NBSP}%"), ("it", "43,2%")])
def test_a_percentage_has_the_readers_decimal_mark_even_where_localization_is_off(
    language: str, written: str
) -> None:
    template = Template("{% load l10n language_tags %}{% localize off %}{{ rate|percent }}{% endlocalize %}")
    with translation.override(language):
        assert template.render(Context({"rate": 43.2})) == written


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize("language", list(RATES))
def test_the_finished_match_page_writes_its_review_rates_in_the_readers_way(language: str) -> None:
    owner = User.objects.create_user("marija")
    players = [player_create(name=name, by=owner) for name in ("Marija", "Dragan")]
    match = match_start(game="tablo", players=players, by=owner, options={"target": 1})
    demo_hand_play(match=match, rng=random.Random(2))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    client = Client()
    client.force_login(owner)
    page = client.get(reverse("match", args=[match.pk]), headers={"accept-language": language})
    text = page.content.decode()
    assert all(f"<dd>{rate}</dd>" in text for rate in RATES[language]), language


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "mark"), [("en", "."), ("sr", ","), ("es", ",")])
def test_the_event_standings_write_half_points_of_tie_breaks_with_the_readers_decimal_mark(
    language: str, mark: str
) -> None:
    room = make_room(4)
    event = swiss(room, options={"target": 1}, tiebreaks=["sonneborn_berger", "buchholz"])
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    round_pair(event=event, by=room.director)
    first, second = Table.objects.filter(round__event=event).order_by("number")
    hand_summary_record(hand=hand_start(match=first.match, mode=Hand.Mode.SUMMARY), entries=WIN)
    table_result_set(table=second, by=room.director, winner=None)  # a draw: Sonneborn-Berger has halves
    client = Client()
    client.force_login(room.director)
    page = client.get(reverse("event", args=[event.pk]), headers={"accept-language": language})
    cells = re.findall(r'<td class="tiebreak">([^<]+)</td>', page.content.decode())
    halves = [cell for cell in cells if not cell.isdigit()]
    assert halves, cells
    assert all(re.fullmatch(rf"\d+{re.escape(mark)}5", cell) for cell in halves), cells
