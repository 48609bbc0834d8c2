"""Names are stored NFC-normalized and refused (``name.invalid``) when nothing in them can be seen or
when they hide or reorder text; twins that differ only in normalization or case are one name."""

from __future__ import annotations

import unicodedata

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.clubs.services.clubs import club_create, season_create
from games.matches.services.seating import match_start_seating
from games.models import Club, Player, Season
from tests.factories import api_client

pytestmark = pytest.mark.django_db

INVISIBLE = [
    pytest.param("\u200b\u200b", id="zero-width-spaces"),
    pytest.param("   ", id="spaces"),
    pytest.param("\u3000\u00a0", id="ideographic-and-no-break-spaces"),
    pytest.param("", id="empty"),
    pytest.param("\u200d", id="a-joiner-alone"),
    pytest.param("-- !", id="punctuation-only"),
    pytest.param("\u3164", id="a-hangul-filler-alone"),
    pytest.param("\u115f\u1160 \uffa0\u2800", id="fillers-and-the-braille-blank"),
]
HIDDEN = [
    pytest.param("Ana\u202egnp.exe", id="right-to-left-override"),
    pytest.param("\u2067Ana\u2069", id="right-to-left-isolate"),
    pytest.param("A\u200bna", id="zero-width-space-inside"),
    pytest.param("Ana\u00ad", id="soft-hyphen"),
    pytest.param("\ufeffAna", id="byte-order-mark"),
    pytest.param("Ana\x07", id="control-character"),
]


LOOKS_ALIKE = [
    pytest.param(
        "a" + "\u0301" * 70, "A letter of a name carries at most 4 accents", id="70-accents-on-a-letter"
    ),
    pytest.param("S\u0440ring", "“S\u0440ring” mixes look-alike letters", id="cyrillic-er-inside-latin"),
    pytest.param(
        "Ana P\u0430vlovi\u0107",
        "“P\u0430vlovi\u0107” mixes look-alike letters",
        id="cyrillic-a-in-a-surname",
    ),
]
WRITTEN = ["Ђорђе Đurić", "Nguyễn Thị", "山田たろう", "Zoë Ñoño", "Παύλος"]  # one script a word: stored


@pytest.fixture
def ana() -> User:
    return User.objects.create_user("ana")


@pytest.mark.parametrize("name", [*INVISIBLE, *HIDDEN])
@pytest.mark.parametrize("path", ["/api/v1/players/", "/api/v1/clubs/"])
def test_a_name_without_a_visible_character_or_with_hidden_ones_is_400(
    ana: User, path: str, name: str
) -> None:
    response = api_client(ana).post(path, {"name": name}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "name.invalid"), response.json()
    assert not Player.objects.exists()
    assert not Club.objects.exists()


@pytest.mark.parametrize(("name", "reason"), LOOKS_ALIKE)
def test_a_name_heaped_with_marks_or_imitating_another_word_is_400_saying_why(
    ana: User, name: str, reason: str
) -> None:
    response = api_client(ana).post("/api/v1/players/", {"name": name}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "name.invalid"), response.json()
    assert reason in response.json()["message"]
    assert not Player.objects.exists()


def test_names_in_one_script_a_word_are_stored_whatever_the_script(ana: User) -> None:
    for name in WRITTEN:
        response = api_client(ana).post("/api/v1/players/", {"name": name}, format="json")
        assert response.status_code == 201, response.json()
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted(WRITTEN)


@pytest.mark.parametrize("name", HIDDEN[:2])
def test_a_season_name_with_bidi_controls_is_400(ana: User, name: str) -> None:
    club = club_create(name="Kafana", by=ana)
    response = api_client(ana).post(f"/api/v1/clubs/{club.pk}/seasons/", {"name": name}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "name.invalid")
    assert not Season.objects.exists()


def test_names_are_stored_nfc_with_their_spaces_trimmed_and_joiners_kept(ana: User) -> None:
    decomposed = unicodedata.normalize("NFD", "  José   Đorđević ")
    response = api_client(ana).post("/api/v1/players/", {"name": decomposed}, format="json")
    assert response.status_code == 201
    assert Player.objects.get().name == "José Đorđević" == unicodedata.normalize("NFC", "José Đorđević")
    family = "\U0001f468\u200d\U0001f469 Mila"  # an emoji sequence joined by ZWJ, then letters
    assert api_client(ana).post("/api/v1/players/", {"name": family}, format="json").status_code == 201


def test_season_names_are_unique_whatever_their_normalization_or_case(ana: User) -> None:
    club = club_create(name="Kafana", by=ana)
    season_create(club=club, name="Zima Čačak")
    twin = unicodedata.normalize("NFD", "ZIMA ČAČAK")
    response = api_client(ana).post(f"/api/v1/clubs/{club.pk}/seasons/", {"name": twin}, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "season.name_taken")


def test_a_typed_name_finds_its_twin_guest(ana: User) -> None:
    first = match_start_seating(game="tablo", names=["ana", "José"], by=ana)
    again = match_start_seating(game="tablo", names=["ana", unicodedata.normalize("NFD", "JOSÉ")], by=ana)
    assert first.seats.get(number=1).player == again.seats.get(number=1).player
    assert Player.objects.filter(user__isnull=True).count() == 1


def test_the_web_forms_say_why_a_name_is_refused(ana: User) -> None:
    client = Client()
    client.force_login(ana)
    response = client.post("/clubs/", {"name": "\u202eabc"})
    assert "A name needs a visible letter or digit" in response.content.decode()
    assert not Club.objects.exists()
