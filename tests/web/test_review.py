"""The hand review screen: missed plays first with the table as it was, English and Russian;
the finished screen sums the review per player; a hand entered by counts says why it has none."""

from __future__ import annotations

import html
import random
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from games.matches.reviews import hand_review
from games.matches.services.demo import demo_hand_play, demo_match_play
from games.matches.services.hands import hand_start, hand_summary_record
from games.models import Hand
from games.rules.cards import Card, parse_cards
from games.rules.review import Option, PlayReview, Value
from tests.factories import Personas, make_personas
from web.reviews import play_sentence

COUNTS = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]


@pytest.fixture
def people(db: None) -> Personas:
    return make_personas()


def page_of(client: Client, user: User, url: str, language: str = "en") -> Any:
    client.force_login(user)
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_review_lists_the_missed_plays_first_with_the_table(
    people: Personas, client: Client, language: str
) -> None:
    hand = demo_hand_play(match=people.match, rng=random.Random(2))
    hand.match = people.match
    reviewed = hand_review(hand)
    names = {0: "Ana", 1: "Bo"}
    with translation.override(language):
        biggest_first = sorted(
            (play for play in reviewed.plays if play.missed), key=lambda play: -play.points_lost
        )
        missed = [play_sentence(play, names[play.seat], "tablo") for play in biggest_first]
        best = [play_sentence(play, names[play.seat], "tablo") for play in reviewed.plays if not play.missed]
    assert missed
    assert best
    response = page_of(client, people.member, f"/matches/{people.match.pk}/hands/1/review/", language)
    assert response.status_code == 200
    page = response.content.decode()
    positions = [page.index(text) for text in missed + best]  # the biggest misses first, then play order
    assert positions == sorted(positions)
    heading = {"en": "Missed plays", "ru": "Упущенные ходы"}[language]
    assert page.index(heading) < page.index(
        {"en": "The biggest misses", "ru": "Самые большие упущения"}[language]
    )
    assert page.index(heading) < positions[0]
    assert (
        ({"en": "could have taken", "ru": "можно было взять"}[language]) in missed[0]
        or "instead" in missed[0]
    )
    assert page.count('class="review-play missed"') == len(missed)
    # Each miss links to what it missed: a tablo (B9), point cards (B3), or cards of a capture (B8).
    word = {"en": "Rule", "ru": "Правило"}[language]
    by_rule = {"sweep": "B9", "points": "B3", "cards": "B8"}
    for item, rule in by_rule.items():
        count = sum(play.missed_item == item for play in biggest_first)
        assert page.count(f'<a class="rule-link" href="/rules/tablo/#{rule}">{word} {rule}</a>') == count
    assert {play.missed_item for play in biggest_first} >= {"points", "cards"}


def test_a_missed_play_reads_as_the_issue_words_it() -> None:
    play = PlayReview(
        play_index=11,
        seat=0,
        card=Card.parse("7S"),
        taken=(),
        value=Value(False, 0, 0),
        table=parse_cards(["10D", "2C"]),
        best_with_card=Option(card=Card.parse("7S"), taken=(), value=Value(False, 0, 0)),
        best_play=Option(card=Card.parse("KC"), taken=parse_cards(["10D", "2C"]), value=Value(True, 3, 3)),
    )
    with translation.override("en"):
        assert play_sentence(play, "Ana", "tablo") == (
            "Play 12: Ana played 7♠ and took nothing; K♣ could have taken 10♦ 2♣: a tablo missed: "
            "3 points more (and 3 more cards)."
        )
    with translation.override("ru"):
        assert play_sentence(play, "Ана", "tablo") == (
            "Ход 12: Ана играет 7♠ и ничего не берёт; картой К♣ можно было взять 10♦ 2♣: "  # noqa: RUF001 (Cyrillic on purpose)
            "упущено: табло — на 3 очка больше (и на 3 карты больше)."
        )


def test_points_lost_lead_and_cards_only_lines_still_say_what_was_missed() -> None:
    def rated(value: Value, best: Value, *, illegal: bool = False) -> PlayReview:
        return PlayReview(
            play_index=4,
            seat=0,
            card=Card.parse("2H"),
            taken=parse_cards(["10C", "4C"]) if illegal else (),
            value=value,
            table=parse_cards(["10C", "4C", "3D"]),
            best_with_card=Option(card=Card.parse("2H"), taken=(), value=best),
            best_play=Option(card=Card.parse("QC"), taken=parse_cards(["8D", "QS", "5H"]), value=best),
            illegal=illegal,
        )

    with translation.override("en"):
        assert play_sentence(rated(Value(False, 1, 2), Value(False, 2, 4)), "Ana", "tablo").endswith(
            "Q♣ could have taken 8♦ Q♠ 5♥: 1 point more (and 2 more cards)."
        )
        assert play_sentence(rated(Value(False, 0, 2), Value(False, 0, 4)), "Ana", "tablo").endswith(
            ": no more points (and 2 more cards)."
        )
        illegal = play_sentence(rated(Value(False, 0, 3), Value(False, 0, 3), illegal=True), "Ana", "escoba")
        assert "this capture broke the rules (nobody challenged)" in illegal
        assert "the best play" not in illegal


def test_a_round_of_twenty_says_the_card_that_would_have_scored() -> None:
    play = PlayReview(
        play_index=2,
        seat=0,
        card=Card.parse("2D"),
        taken=(),
        value=Value(False, 0, 0),
        table=parse_cards(["9H", "8S"]),
        best_with_card=Option(card=Card.parse("2D"), taken=(), value=Value(False, 0, 0)),
        best_play=Option(card=Card.parse("3S"), taken=(), value=Value(False, 10, 0)),
    )
    with translation.override("en"):
        assert play_sentence(play, "Ana", "twenty") == (
            "Play 3: Ana played 2♦; 3♠ could have been played instead: 10 points more."
        )


def test_a_hand_entered_by_counts_has_no_review_and_says_why(people: Personas, client: Client) -> None:
    hand_summary_record(hand=hand_start(match=people.match, mode=Hand.Mode.SUMMARY), entries=COUNTS)
    match_page = page_of(client, people.member, f"/matches/{people.match.pk}/").content.decode()
    assert "Hand 1 was entered by its counts, so it has no review." in match_page
    page = page_of(client, people.member, f"/matches/{people.match.pk}/hands/1/review/").content.decode()
    assert "was entered by its counts, so there are no plays to review" in page
    assert "Missed plays" not in page


def test_an_outsider_cannot_see_a_review(people: Personas, client: Client) -> None:
    demo_hand_play(match=people.match, rng=random.Random(2))
    assert page_of(client, people.outsider, f"/matches/{people.match.pk}/hands/1/review/").status_code == 404
    assert page_of(client, people.member, f"/matches/{people.match.pk}/hands/9/review/").status_code == 404


def test_the_finished_screen_sums_the_review_per_player(people: Personas, client: Client) -> None:
    people.match.options = {"target": 1}
    people.match.save(update_fields=["options"])
    match = demo_match_play(match=people.match, rng=random.Random(7))
    hands = list(match.hands.order_by("number"))
    for hand in hands:
        hand.match = match
    seats = [seat for hand in hands for seat in hand_review(hand).seats]
    best = [sum(s.best_plays for s in seats if s.seat == seat) for seat in (0, 1)]
    plays = [sum(s.plays for s in seats if s.seat == seat) for seat in (0, 1)]
    page = page_of(client, people.member, f"/matches/{match.pk}/").content.decode()
    section = page[page.index('class="review-totals"') :]
    assert "Hand reviews" in section
    assert f"{best[0]} / {plays[0]}" in section
    assert f"{best[1]} / {plays[1]}" in section
    assert f'href="/matches/{match.pk}/hands/1/review/"' in section


def test_each_play_opens_the_dispute_checker_on_the_table_as_it_was(people: Personas, client: Client) -> None:
    hand = demo_hand_play(match=people.match, rng=random.Random(2))
    hand.match = people.match
    play = next(play for play in hand_review(hand).plays if play.taken and len(play.table) > len(play.taken))
    page = page_of(client, people.member, f"/matches/{people.match.pk}/hands/1/review/").content.decode()
    links = re.findall(r'href="(/disputes/\?[^"]+)"', page)
    assert len(links) == len(hand_review(hand).plays)
    wanted = {
        "table": sorted(map(str, play.table)),
        "card": [str(play.card)],
        "taken": sorted(map(str, play.taken)),
    }
    link = next(
        html.unescape(link)
        for link in links
        if {key: sorted(values) for key, values in parse_qs(urlsplit(html.unescape(link)).query).items()}
        == {"variant": ["tablo"], **wanted}
    )
    checker = client.get(link).content.decode()
    assert "legal" in checker.lower()


def test_a_caught_capture_is_named_with_the_challengers_points() -> None:
    """Escoba 3.2(g): the capture a challenge caught was taken back and scored the challenger +2."""
    play = PlayReview(
        play_index=0,
        seat=1,
        card=Card.parse("2H"),
        taken=(),
        value=Value(False, 0, 0),
        table=parse_cards(["10C", "4C", "3D", "9S"]),
        best_with_card=Option(
            card=Card.parse("2H"), taken=parse_cards(["10C", "3D"]), value=Value(False, 0, 3)
        ),
        best_play=Option(card=Card.parse("2H"), taken=parse_cards(["10C", "3D"]), value=Value(False, 0, 3)),
        caught=True,
        taken_back=parse_cards(["10C", "4C"]),
        penalty=2,
    )
    assert (play.missed_item, play.points_lost) == ("caught", 2)
    with translation.override("en"):
        assert play_sentence(play, "Ana", "escoba") == (
            "Play 1: Ana played 2♥ and took 10♣ 4♣ against the rules: a challenge caught it, the capture "
            "was taken back and the challenger scored 2; 2♥ could have taken 10♣ 3♦: no more points "
            "(and 3 more cards)."
        )


def test_the_review_links_each_player_to_their_statistics_in_the_club(
    people: Personas, client: Client
) -> None:
    demo_hand_play(match=people.match, rng=random.Random(2))
    page = page_of(client, people.member, f"/matches/{people.match.pk}/hands/1/review/").content.decode()
    players = page[page.index('id="players-title"') : page.index('id="missed-title"')]
    for seat in people.match.seats.all():
        link = f'<a href="/clubs/{people.club.pk}/players/{seat.player_id}/">{seat.player.name}</a>'
        assert link in players
        assert (
            page_of(client, people.member, f"/clubs/{people.club.pk}/players/{seat.player_id}/").status_code
            == 200
        )
