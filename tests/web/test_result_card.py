"""The result card: a PNG of the score, the share link's og:image, reachable only through the share token
or by whoever may read the match, answered 304 while the match has not changed."""

from __future__ import annotations

import io
import random
import re
from dataclasses import replace
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from PIL import Image

from games.clubs.services.clubs import club_create
from games.matches.services.demo import demo_hand_play
from games.matches.services.matches import match_share, match_start
from games.models import Match
from games.people.services.players import player_create
from web.result_card import HEIGHT, WIDTH, CardSide, ResultCard, result_card_of, result_card_png
from web.screens import match_screen


def _png(response_content: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(response_content))
    image.load()  # decodes the whole image: a broken one raises here
    return image


@pytest.fixture
def finished(owner: User) -> Match:
    players = [player_create(name=name, by=owner) for name in ("Марија", "Dragan")]
    match = match_start(game="tablo", players=players, by=owner, options={"target": 1})
    demo_hand_play(match=match, rng=random.Random(6))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def test_the_shared_card_is_a_png_of_the_expected_size_and_the_og_tags_point_at_it(finished: Match) -> None:
    token = match_share(match=finished).share_token
    visitor = Client()
    page = visitor.get(reverse("match-shared", args=[token])).content.decode()
    image_url = re.search(r'<meta property="og:image" content="([^"]+)"', page)
    assert image_url is not None
    assert image_url.group(1) == f"http://testserver{reverse('match-shared-card', args=[token])}"
    assert 'content="summary_large_image"' in page
    assert re.search(r'<meta property="og:title" content="Tablo: Марија \d+ \u2013 Dragan \d+">', page)
    response = visitor.get(image_url.group(1))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert _png(response.content).size == (WIDTH, HEIGHT)
    assert len(response.content) < 100_000


def test_the_card_is_answered_304_until_the_match_changes(owner: User, tablo: Match) -> None:
    demo_hand_play(match=tablo, rng=random.Random(2))
    token = match_share(match=tablo).share_token
    url = reverse("match-shared-card", args=[token])
    visitor = Client()
    first = visitor.get(url)
    assert first.status_code == 200
    assert "public" in first["Cache-Control"]
    assert visitor.get(url, headers={"if-none-match": first["ETag"]}).status_code == 304
    demo_hand_play(match=tablo, rng=random.Random(1))
    again = visitor.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]


def test_outsiders_without_the_token_get_404(owner: User, outsider: User, tablo: Match) -> None:
    visitor = Client()
    assert visitor.get(reverse("match-shared-card", args=["no-such-link"])).status_code == 404
    assert visitor.get(reverse("match-card", args=[tablo.pk])).status_code == 404  # signed out
    visitor.force_login(outsider)
    assert visitor.get(reverse("match-card", args=[tablo.pk])).status_code == 404
    token = match_share(match=tablo).share_token
    match_share(match=tablo, enabled=False)  # the link revoked
    assert visitor.get(reverse("match-shared-card", args=[token])).status_code == 404


def test_no_card_before_the_first_hand_is_scored(owner_client: Client, tablo: Match) -> None:
    assert owner_client.get(reverse("match-card", args=[tablo.pk])).status_code == 404
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert reverse("match-card", args=[tablo.pk]) not in page
    token = match_share(match=tablo).share_token
    shared = Client().get(reverse("match-shared", args=[token])).content.decode()
    assert "og:image" not in shared


def test_the_card_names_the_hands_the_time_and_the_club_and_carries_the_links_qr(
    owner: User, finished: Match
) -> None:
    club = club_create(name="Klub Zvezda", by=owner)
    Match.objects.filter(pk=finished.pk).update(club=club)
    finished.refresh_from_db()
    screen = match_screen(finished, owner)
    assert finished.finished_at is not None
    began = finished.finished_at - timedelta(minutes=47)
    card = result_card_of(screen, link="https://example.org/shared/abc/", began=began)
    hands = screen.board["hands_closed"]
    assert card.details == f"{hands} hand{'s' if hands != 1 else ''} · 47 minutes · Klub Zvezda"
    with_code, without = _png(result_card_png(card)), _png(result_card_png(replace(card, link="")))
    corner = (WIDTH - 300, 300, WIDTH - 64, HEIGHT - 40)  # where the code sits, right of the sides
    assert with_code.crop(corner).getcolors(1 << 16) != without.crop(corner).getcolors(1 << 16)


def test_whoever_may_read_the_match_gets_its_card_privately(owner_client: Client, tablo: Match) -> None:
    demo_hand_play(match=tablo, rng=random.Random(2))
    response = owner_client.get(reverse("match-card", args=[tablo.pk]))
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
    assert _png(response.content).size == (WIDTH, HEIGHT)
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert f'href="{reverse("match-card", args=[tablo.pk])}" download' in page


def test_a_card_of_six_long_named_sides_stays_within_its_size() -> None:
    side = CardSide("Ljubica the guest from next door, Ђорђе, ♠♥♦♣ " * 4, 101, winner=True)
    card = ResultCard(
        game="Tablo", date="1 December 2026", status="Final score", headline="x " * 200, sides=(side,) * 9
    )
    data = result_card_png(card)
    assert _png(data).size == (WIDTH, HEIGHT)
    assert len(data) < 150_000


def test_an_emoji_the_font_cannot_draw_is_left_out_and_one_it_can_is_drawn() -> None:
    """A seat's emoji beside its name (web/screens.py seat_name): DejaVu Sans has no fox, so the card
    shows the name alone, as without it (the side's colour tells the sides apart); a star it has."""
    card = ResultCard(game="Tablo", date="1 December 2026", status="Final score", headline="", sides=())

    def drawn(*names: str) -> bytes:
        return result_card_png(replace(card, sides=tuple(CardSide(name, 11) for name in names)))

    assert drawn("🦊 Marija & 👩🏽‍🚀 Ana", "Dragan") == drawn("Marija & Ana", "Dragan")
    assert drawn("★ Marija", "Dragan") != drawn("Marija", "Dragan")
