"""Hand review statistics: the follow-up task stores each seat's review of every hand recorded
play by play; player statistics sum them per game and season (best-play rate, points missed per hand)."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from games.matches.reviews import hand_review
from games.matches.services.demo import demo_hand_play, demo_match_play
from games.matches.services.hands import hand_correct
from games.models import Hand, Match, Season
from games.stats.models import HandReviewSeat
from games.stats.players import player_stats
from games.stats.reviews import ReviewTotals, reviews_refresh
from tests.factories import MatchFactory
from tests.stats.conftest import ClubWorld, client_for
from tests.stats.matches import tamlin_match

OnCommit = Callable[..., Any]


def tablo_match(world: ClubWorld, season: Season | None = None, target: int = 1000) -> Match:
    return MatchFactory.create(
        game="tablo",
        players=[world.ana, world.bo],
        club=world.club,
        season=season,
        created_by=world.owner,
        options={"target": target},
    )


def stored(match: Match) -> dict[tuple[int, int], tuple[int, int, int]]:
    rows = HandReviewSeat.objects.filter(hand__match=match)
    return {(row.hand.number, row.seat): (row.plays, row.best_plays, row.points_missed) for row in rows}


def test_closing_a_hand_stores_its_review_through_the_follow_up_task(
    world: ClubWorld, django_capture_on_commit_callbacks: OnCommit
) -> None:
    match = tablo_match(world)
    with django_capture_on_commit_callbacks(execute=True):
        hand = demo_hand_play(match=match, rng=random.Random(3))
    hand.match = match
    expected = {
        (1, seat.seat): (seat.plays, seat.best_plays, seat.points_missed) for seat in hand_review(hand).seats
    }
    assert stored(match) == expected
    assert sum(plays for plays, _, _ in expected.values()) == 48


def test_a_refresh_recomputes_and_drops_a_hand_corrected_to_counts(
    world: ClubWorld, django_capture_on_commit_callbacks: OnCommit
) -> None:
    match = tablo_match(world)
    with django_capture_on_commit_callbacks(execute=True):
        demo_hand_play(match=match, rng=random.Random(3))
        demo_hand_play(match=match, rng=random.Random(4))
    before = stored(match)
    assert reviews_refresh(match_id=match.pk) == 4
    assert stored(match) == before  # idempotent
    sides = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    with django_capture_on_commit_callbacks(execute=True):
        hand_correct(hand=Hand.objects.get(match=match, number=1), summary=sides)
    assert {number for number, _ in stored(match)} == {2}


def test_summary_hands_and_a_twenty_match_without_rounds_have_no_review_rows(world: ClubWorld) -> None:
    match = tamlin_match(world.club, [world.ana, world.bo])
    assert reviews_refresh(match_id=match.pk) == 0
    twenty = MatchFactory.create(
        game="twenty", players=[world.ana, world.bo], club=world.club, created_by=world.owner
    )
    assert reviews_refresh(match_id=twenty.pk) == 0


def test_player_statistics_give_the_best_play_rate_and_points_missed_per_hand_per_game_and_season(
    world: ClubWorld, django_capture_on_commit_callbacks: OnCommit
) -> None:
    spring = Season.objects.create(club=world.club, name="Spring")
    with django_capture_on_commit_callbacks(execute=True):
        in_spring = demo_match_play(match=tablo_match(world, spring, target=1), rng=random.Random(5))
        outside = demo_match_play(match=tablo_match(world, target=1), rng=random.Random(6))
    assert in_spring.status == outside.status == Match.Status.FINISHED
    rows = {
        match: [
            row
            for row in HandReviewSeat.objects.filter(hand__match=match)
            if row.seat == match.seats.get(player=world.ana).number
        ]
        for match in (in_spring, outside)
    }
    [tablo] = player_stats(player_id=world.ana.pk, club_ids=[world.club.pk])
    both = ReviewTotals(
        hands=sum(len(found) for found in rows.values()),
        plays=sum(row.plays for found in rows.values() for row in found),
        best_plays=sum(row.best_plays for found in rows.values() for row in found),
        points_missed=sum(row.points_missed for found in rows.values() for row in found),
    )
    assert tablo.review == both
    assert both.plays > 0
    assert tablo.review.best_play_rate == round(100 * both.best_plays / both.plays, 1)
    assert tablo.review.points_missed_per_hand == round(both.points_missed / both.hands, 2)
    assert [(season.season, season.totals.hands) for season in tablo.review_seasons] == [
        ("Spring", len(rows[in_spring])),
        ("", len(rows[outside])),
    ]
    body = client_for(world.member).get(f"/api/v1/players/{world.ana.pk}/stats/").json()
    [game] = body["games"]
    assert game["review"]["best_play_rate"] == tablo.review.best_play_rate
    assert game["review"]["points_missed_per_hand"] == tablo.review.points_missed_per_hand
    assert [season["season"] for season in game["review_seasons"]] == ["Spring", ""]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_player_profile_shows_the_review_statistics(
    world: ClubWorld, django_capture_on_commit_callbacks: OnCommit, client: Any, language: str
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        demo_match_play(match=tablo_match(world, target=1), rng=random.Random(5))
    client.force_login(world.member)
    page = client.get(
        f"/clubs/{world.club.pk}/players/{world.ana.pk}/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    label = {"en": "Best-play rate", "ru": "Доля лучших ходов"}[language]
    assert label in page
    assert {"en": "Points missed per hand", "ru": "Упущено очков за кон"}[language] in page


def test_a_summary_match_counts_no_review(world: ClubWorld) -> None:
    tamlin_match(world.club, [world.ana, world.bo])
    [tamlin] = player_stats(player_id=world.ana.pk, club_ids=[world.club.pk])
    assert tamlin.review == ReviewTotals()
    assert tamlin.review_seasons == ()


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "ru"])
def test_progress_by_month_in_the_api_and_as_a_chart_on_the_profile(
    world: ClubWorld, django_capture_on_commit_callbacks: OnCommit, client: Any, language: str
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        match = demo_match_play(match=tablo_match(world, target=1), rng=random.Random(5))
        later = demo_match_play(match=tablo_match(world, target=1), rng=random.Random(6))
    Hand.objects.filter(match=match).update(closed_at=datetime(2026, 10, 3, tzinfo=UTC))
    Hand.objects.filter(match=later).update(closed_at=datetime(2026, 11, 9, tzinfo=UTC))
    months: dict[str, dict[str, Any]] = {}
    for month, found in (("2026-10", match), ("2026-11", later)):
        seat = found.seats.get(player=world.ana).number
        rows = [row for row in HandReviewSeat.objects.filter(hand__match=found) if row.seat == seat]
        totals = ReviewTotals(
            len(rows),
            sum(row.plays for row in rows),
            sum(row.best_plays for row in rows),
            sum(row.points_missed for row in rows),
        )
        months[month] = {
            "month": month,
            "game": "tablo",
            "hands": totals.hands,
            "best_play_rate": totals.best_play_rate,
            "points_lost_per_hand": totals.points_missed_per_hand,
        }
    body = client_for(world.member).get(f"/api/v1/players/{world.ana.pk}/stats/").json()
    assert body["review_by_month"] == [months["2026-10"], months["2026-11"]]
    assert months["2026-10"]["hands"] > 0
    client.force_login(world.member)
    page = client.get(
        f"/clubs/{world.club.pk}/players/{world.ana.pk}/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert page.count('class="review-lost-line"') == 1
    assert "2026-10" in page
    assert "2026-11" in page
    point = {"en": ".", "ru": ","}[language]  # numbers as the language writes them
    rate, lost = (
        str(months["2026-11"][key]).replace(".", point) for key in ("best_play_rate", "points_lost_per_hand")
    )
    title = {"en": f"Best plays {rate}%", "ru": f"Лучших ходов {rate}%"}[language]
    assert title in page
    assert lost in page
