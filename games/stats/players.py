"""Reads for one or two players: profile statistics per game, and head-to-head."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, QuerySet

from games.collation import by_name
from games.models import Club, Hand, Match, Play, Seat
from games.stats.reviews import (
    NO_REVIEWS,
    MonthReview,
    ReviewTotals,
    SeasonReview,
    player_review_months,
    player_reviews,
)
from games.stats.selectors import current_ratings, finished_matches, results_of, with_player
from games.stats.standings import HeadToHead, StandingsRow, head_to_head, standings


@dataclass(frozen=True, slots=True, kw_only=True)
class ClubRating:
    """A player's rating in one club."""

    club_id: int
    club: str
    rating: int
    deviation: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStats:
    """A player's record in one game; ``captures`` the captures the engine checked in logged hands,
    ``caught`` the illegal captures the player's challenges caught (Escoba ``manual_capture``);
    ``review`` the hand reviews of the player's logged hands, also per season."""

    game: str
    record: StandingsRow
    captures: int
    caught: int
    ratings: tuple[ClubRating, ...]
    review: ReviewTotals = NO_REVIEWS
    review_seasons: tuple[SeasonReview, ...] = ()
    review_months: tuple[MonthReview, ...] = ()


def player_stats(*, player_id: int, club_ids: Collection[int]) -> list[GameStats]:
    """The player's statistics per game over the finished matches of ``club_ids``."""
    matches = with_player(finished_matches(club_ids=club_ids), player_id)
    results = results_of(matches)
    captures, caught = captures_by_game(matches, player_id), caught_by_game(matches, player_id)
    reviews = player_reviews(matches, player_id)
    months = player_review_months(matches, player_id)
    played = {(club_id, game) for club_id, game in matches.values_list("club_id", "game").distinct()}
    stats = []
    for game in sorted({result.game for result in results}):
        [record] = standings((result for result in results if result.game == game), players={player_id})
        ratings = _club_ratings(
            player_id, game, [club for club, played_game in played if played_game == game]
        )
        review, review_seasons = reviews.get(game, (NO_REVIEWS, ()))
        stats.append(
            GameStats(
                game=game,
                record=record,
                captures=captures[game],
                caught=caught[game],
                ratings=ratings,
                review=review,
                review_seasons=review_seasons,
                review_months=tuple(month for month in months if month.game == game),
            )
        )
    return stats


def _club_ratings(player_id: int, game: str, club_ids: Collection[int]) -> tuple[ClubRating, ...]:
    found = []
    for club in by_name(Club.objects.filter(pk__in=club_ids).order_by("pk"), lambda club: club.name):
        rating = current_ratings(club_id=club.pk, game=game, player_ids=[player_id]).get(player_id)
        if rating is not None:
            found.append(
                ClubRating(club_id=club.pk, club=club.name, rating=rating.display, deviation=rating.deviation)
            )
    return tuple(found)


def captures_by_game(matches: QuerySet[Match], player_id: int) -> Counter[str]:
    """Captures (plays that took cards) the player made in the logged hands of ``matches``."""
    seated = Seat.objects.filter(match=OuterRef("match"), number=OuterRef("seat"), player_id=player_id)
    found = (
        Play.objects.filter(match__in=matches, undone_at__isnull=True)
        .exclude(taken=[])
        .filter(Exists(seated))
        .values("match__game")
        .annotate(count=Count("pk"))
        .order_by()
    )
    return Counter({row["match__game"]: row["count"] for row in found})


def caught_by_game(matches: QuerySet[Match], player_id: int) -> Counter[str]:
    """Correct challenges by the player's seat, from the rulings of the hands' reports (docs/rules/escoba.md
    3.2(g))."""
    seats = dict(
        Seat.objects.filter(match__in=matches, player_id=player_id).values_list("match_id", "number")
    )
    hands = Hand.objects.filter(match__in=matches, report__extra__has_key="rulings").values_list(
        "match_id", "match__game", "report"
    )
    caught: Counter[str] = Counter()
    for match_id, game, report in hands:
        rulings = report["extra"]["rulings"]
        caught[game] += sum(
            1 for ruling in rulings if ruling.get("correct") and ruling.get("by") == seats[match_id]
        )
    return caught


def head_to_head_get(*, club_ids: Collection[int], a: int, b: int, game: str | None = None) -> HeadToHead:
    """How two players fared against each other in the finished matches of ``club_ids``."""
    both = with_player(with_player(finished_matches(club_ids=club_ids, game=game), a), b)
    return head_to_head(results_of(both, hands=False), a, b)
