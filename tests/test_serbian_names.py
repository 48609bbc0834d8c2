"""Names in the reader's script (games/serbian.py, docs/languages.md): for a Serbian reader a name typed
in the other script is shown transliterated, on pages, the result card and CSV files; the stored name
never changes, and no other language's reader sees a change."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.errors import PlayerSeatedTwice
from games.events.exports import round_lines, standings_lines
from games.events.models import Round
from games.events.services import entry_add, round_pair
from games.matches.services.demo import demo_hand_play
from games.matches.services.matches import match_start
from games.matches.services.seating import match_start_seating
from games.messages import violation_text
from games.models import Match, Player
from games.people.services.players import player_create
from games.serbian import shown_name, to_cyrillic, to_latin
from tests.events.helpers import make_room, swiss
from web.result_card import result_card_of
from web.screens import match_screen

# (Cyrillic, Latin): the digraphs lj, nj and dž are one letter each; capitals, all-capitals and the
# letters with marks.
PAIRS = [
    ("Љиљана", "Ljiljana"),
    ("Његош", "Njegoš"),
    ("Џемал", "Džemal"),
    ("Ђорђе Ђурић", "Đorđe Đurić"),
    ("ЉИЉАНА ЊЕГОШ", "LJILJANA NJEGOŠ"),
    ("Џеџа Шћепановић-Жижић", "Džedža Šćepanović-Žižić"),
    ("Кнез Михаило 7", "Knez Mihailo 7"),
]


@pytest.mark.parametrize(("cyrillic", "latin"), PAIRS, ids=[latin for _, latin in PAIRS])
def test_transliteration_goes_both_ways(cyrillic: str, latin: str) -> None:
    assert to_latin(cyrillic) == latin
    assert to_cyrillic(latin) == cyrillic


@pytest.mark.parametrize(
    ("name", "language", "shown"),
    [
        ("Ђорђе Ђурић", "sr-latn", "Đorđe Đurić"),
        ("Ljiljana & Džemal", "sr", "Љиљана & Џемал"),
        ("Ljiljana", "sr-latn", "Ljiljana"),  # already in the reader's script
        ("Ђорђе Ђурић", "sr", "Ђорђе Ђурић"),
        ("William Ђурић", "sr", "William Ђурић"),  # w is no Serbian letter: the word stays as typed
        ("Андрей Ђурић", "sr-latn", "Андрей Đurić"),  # nor is й
        ("José", "sr", "José"),
        ("Ђорђе", "ru", "Ђорђе"),  # other readers see the name as typed
        ("Ljiljana", "en", "Ljiljana"),
        ("Marija2", "sr", "\u041c\u0430\u0440\u0438\u0458\u04302"),  # Cyrillic, as escapes (RUF001)
    ],
)
def test_a_name_is_shown_in_the_serbian_readers_script_only(name: str, language: str, shown: str) -> None:
    assert shown_name(name, language) == shown


@pytest.fixture
def finished(db: None) -> Match:
    owner = User.objects.create_user("marija")
    players = [player_create(name=name, by=owner) for name in ("Ђорђе Ђурић", "Ljiljana")]
    match = match_start(game="tablo", players=players, by=owner, options={"target": 1})
    demo_hand_play(match=match, rng=random.Random(6))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


@pytest.mark.slow
@pytest.mark.parametrize(
    ("language", "seen", "unseen"),
    [
        ("sr-Latn", ["Đorđe Đurić", "Ljiljana"], ["Ђорђе", "Љиљана"]),
        ("sr", ["Ђорђе Ђурић", "Љиљана"], ["Đorđe", "Ljiljana"]),
        ("ru", ["Ђорђе Ђурић", "Ljiljana"], ["Đorđe", "Љиљана"]),
    ],
)
def test_the_match_page_and_its_result_card_show_the_names_in_the_readers_script(
    finished: Match, language: str, seen: list[str], unseen: list[str]
) -> None:
    client = Client()
    client.force_login(finished.created_by)
    page = client.get(reverse("match", args=[finished.pk]), headers={"accept-language": language})
    text = page.content.decode()
    assert all(name in text for name in seen), language
    assert not any(name in text for name in unseen), language
    with translation.override(language.lower()):
        card = result_card_of(match_screen(finished, finished.created_by))
    assert sorted(side.names for side in card.sides) == sorted(seen)
    assert card.headline.endswith(tuple(seen))  # "Победа: Ђорђе Ђурић", "Pobeda: Đorđe Đurić"
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Ljiljana", "Ђорђе Ђурић"]


def test_the_event_csv_files_name_players_in_the_readers_script(db: None) -> None:
    room = make_room(2)
    event = swiss(room)
    room.guests[0].name, room.guests[1].name = "Njegoš", "Ђорђе"
    for guest in room.guests:
        guest.save()
        entry_add(event=event, by=room.director, player=guest)
    round_pair(event=event, by=room.director)
    with translation.override("sr"):
        assert {line[1] for line in list(standings_lines(event))[1:]} == {"Његош", "Ђорђе"}
        played = Round.objects.get(event=event, number=1)
        assert {line[3] for line in list(round_lines(event, played))[1:]} == {"Његош", "Ђорђе"}
    with translation.override("sr-latn"):
        assert {line[1] for line in list(standings_lines(event))[1:]} == {"Njegoš", "Đorđe"}


def test_a_refusal_names_the_player_in_the_readers_script() -> None:
    error = PlayerSeatedTwice(player="Ђорђе")
    with translation.override("sr-latn"):
        assert "Đorđe" in violation_text(error)
    with translation.override("ru"):
        assert "Ђорђе" in violation_text(error)
    assert error.facts == {"player": "Ђорђе"}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "offered", "same_guest"), [("sr-latn", "Đorđe Đurić", True), ("en", "Ђорђе Ђурић", False)]
)
def test_the_name_picker_offers_a_guest_in_the_readers_script_and_seats_that_guest(
    language: str, offered: str, same_guest: bool
) -> None:
    """A Serbian reader is offered «Đorđe Đurić» for the guest typed «Ђорђе Ђурић», and picking it seats
    that guest (stored as typed), not a new one; for other readers a name in another script is another
    guest, as before."""
    marija = User.objects.create_user("marija")
    guest = player_create(name="Ђорђе Ђурић", by=marija)
    client = Client()
    client.force_login(marija)
    page = client.get(reverse("match-new"), headers={"accept-language": language}).content.decode()
    assert f'<option value="{offered}"' in page
    with translation.override(language):
        match = match_start_seating(game="tablo", names=["Đorđe Đurić", "marija"], by=marija)
    assert (match.seats.get(number=0).player == guest) is same_guest
    assert Player.objects.filter(pk=guest.pk, name="Ђорђе Ђурић").exists()
