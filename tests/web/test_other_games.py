"""Escoba manual capture with a challenge (docs/rules/escoba.md 3.2(g)), a Twenty round (W2) and Tamlin's
time limit (T15) on the match screen."""

from __future__ import annotations

import re
from datetime import timedelta

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.matches.services.hands import hand_start, hand_summary_record
from games.models import Challenge, Hand, Match, Play
from tests.web.conftest import start_match

HTMX = {"HX-Request": "true"}


def test_a_wrong_manual_capture_stands_and_a_challenge_is_ruled(owner: User, owner_client: Client) -> None:
    match = start_match(owner, "escoba", manual_capture=True)
    url = reverse("hand-new", args=[match.pk])
    owner_client.post(url, {"dealer": 0, "table": ["3C", "4D", "5H", "6S"]}, headers=HTMX)
    play = {"hand": 1, "card": "7H", "taken": ["5H"], "expected_seq": 0, "key": "p1"}
    response = owner_client.post(reverse("play", args=[match.pk]), play, headers=HTMX)
    assert response.status_code == 200  # under manual capture the wrong capture stands
    assert "Challenge (Marija)" in response.content.decode()
    challenge = {"hand": 1, "seat": 0, "play_seq": 0, "expected_seq": 1, "key": "c1"}
    response = owner_client.post(reverse("play-challenge", args=[match.pk]), challenge, headers=HTMX)
    assert "Marija challenged rightly" in response.content.decode()
    assert Challenge.objects.get().seat == 0


def test_escoba_offers_no_trail_when_a_capture_is_compulsory(owner: User, owner_client: Client) -> None:
    match = start_match(owner, "escoba")
    url = reverse("hand-new", args=[match.pk])
    owner_client.post(url, {"dealer": 0, "table": ["3C", "4D", "5H", "6S"]}, headers=HTMX)
    page = owner_client.get(reverse("play-options", args=[match.pk]), {"card": "7H"}, headers=HTMX)
    assert 'value="3C 4D"' in page.content.decode()  # E5: two cards that add up to 7
    assert 'value="trail"' not in page.content.decode()


def test_a_twenty_round_starts_with_its_bonus_cards_and_takes_plain_plays(
    owner: User, owner_client: Client
) -> None:
    match = start_match(owner, "twenty")
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "The two bonus cards set aside" in page
    setup = {"dealer": 1, "starter": 0, "set_aside": ["2C", "3D"]}
    owner_client.post(reverse("hand-new", args=[match.pk]), setup, headers=HTMX)
    options = owner_client.get(reverse("play-options", args=[match.pk]), {"card": "10H"}, headers=HTMX)
    assert 'value="trail"' in options.content.decode()
    play = {"hand": 1, "card": "10H", "capture": "trail", "expected_seq": 0}
    response = owner_client.post(reverse("play", args=[match.pk]), play, headers=HTMX)
    assert response.status_code == 200, response.content.decode()
    assert Play.objects.get().seat == 0


def test_tamlin_shows_the_time_left_and_says_when_it_is_up(owner: User, owner_client: Client) -> None:
    match = start_match(owner, "tamlin", time_limit_minutes=30)
    url = reverse("match-live", args=[match.pk])
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(minutes=31))
    assert "30 minutes left" in owner_client.get(url, headers=HTMX).content.decode()  # not started yet
    owner_client.post(reverse("hand-new", args=[match.pk]), {"dealer": 0, "table": ["2C", "3D", "4H", "5S"]})
    live = owner_client.get(url, headers=HTMX).content.decode()
    assert "30 minutes left" in live
    version = live.split('"v": "')[1].split('"')[0]
    Hand.objects.filter(match=match).update(created_at=timezone.now() - timedelta(minutes=31))  # T15
    response = owner_client.get(url, {"v": version}, headers=HTMX)
    assert response.status_code == 200  # the next poll redraws the screen
    assert "Time is up." in response.content.decode()
    assert "This hand is played out" in response.content.decode()  # the first hand is still open


def test_a_twenty_round_started_by_the_wrong_player_is_refused_by_name(
    owner: User, owner_client: Client
) -> None:
    match = start_match(owner, "twenty")
    round_1 = hand_start(match=match, starter=0, set_aside=["2C", "3D"])
    hand_summary_record(hand=round_1, entries=[{"points": 0}, {"points": 0}])
    setup = {"dealer": 0, "starter": 0, "set_aside": ["4C", "5D"]}
    page = owner_client.post(reverse("hand-new", args=[match.pk]), setup, headers=HTMX).content.decode()
    assert "Round 2 is started by seat Dragan, not seat Marija." in page  # docs/rules/shared.md A4
    assert match.hands.count() == 1


def test_tamlin_quick_entry_asks_spades_only_under_cassino(owner: User, owner_client: Client) -> None:
    """docs/rules/tamlin.md T14: ``simplified_cassino`` (the default) scores no spades, so asks none."""
    simplified = start_match(owner, "tamlin")
    hand_start(match=simplified, mode="summary")
    page = owner_client.get(reverse("match", args=[simplified.pk])).content.decode()
    assert 'name="cards_0"' in page
    assert 'name="aces_0"' in page
    assert 'name="spades_0"' not in page
    assert 'name="spades_1"' not in page
    marija: dict[str, str | int] = {"cards_0": 30, "ten_diamonds_0": "on", "aces_0": 2, "tamlins_0": 2}
    check = owner_client.get(
        reverse("summary-check", args=[simplified.pk]),
        {"hand": 1, **marija, "jack_penalties_0": 1, "tamlins_1": 0, "jack_penalties_1": 0},
        headers=HTMX,
    ).content.decode()
    assert "Marija: +8 · Dragan: +3" in check  # Dragan's 22 cards, the 2♠ and 2 aces worked out
    cassino = start_match(owner, "tamlin", scoring="cassino")
    hand_start(match=cassino, mode="summary")
    page = owner_client.get(reverse("match", args=[cassino.pk])).content.decode()
    assert 'name="spades_0"' in page
    assert 'name="spades_1"' not in page  # the deck fixes the second side's


def test_twenty_says_round_and_who_starts_never_hand_or_dealer(owner: User, owner_client: Client) -> None:
    """A Twenty match is two rounds nobody deals (W1, W3): its screen, before and during a round and
    offline, speaks of rounds and of who starts."""
    match = start_match(owner, "twenty")
    pages = [owner_client.get(reverse("match", args=[match.pk])).content.decode()]
    hand_start(match=match, dealer=0, starter=0, set_aside=["3C", "9D"])
    pages.append(owner_client.get(reverse("match", args=[match.pk])).content.decode())
    for page in pages:
        text = re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S)
        said = re.findall(r"\b(?:Hands?|hands?|Dealer)\b [^<.\n]*", text)
        rare = ("hand differs", "hand:", "hand.")  # an offline conflict's explanations
        assert [each for each in said if not any(word in each for word in rare)] == [], said
    assert "Round 1" in pages[1]
    assert "Who starts" in pages[0]


def test_tamlin_s_hand_form_greys_out_the_jacks_it_would_refuse(owner: User, owner_client: Client) -> None:
    """No Jack starts on Tamlin's table (docs/rules/tamlin.md T6): the form does not offer them."""
    match = start_match(owner, "tamlin")
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    offered = re.findall(r'<input class="card-input" type="checkbox" name="table" value="(\w+)"[^>]*>', page)
    greyed = re.findall(
        r'<input class="card-input" type="checkbox" name="table" value="(\w+)"[^>]* disabled>', page
    )
    assert set(greyed) == {"JS", "JH", "JD", "JC"}
    assert set(offered) >= {"QS", "10D"}
