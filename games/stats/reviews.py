"""Hand review statistics: each seat's review of every hand recorded play by play, stored by
the follow-up task of each closed or corrected hand, and summed per player, game and season.

Idempotent: a refresh recomputes a match's rows from its stored logs and never increments.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import QuerySet

from games.matches.reviews import hand_review
from games.models import Hand, Match, Seat
from games.rules.review import REVIEWED
from games.stats.models import HandReviewSeat


@dataclass(frozen=True, slots=True)
class ReviewTotals:
    """Review totals over some hands: plays, the best ones among them, points missed, hands reviewed."""

    hands: int = 0
    plays: int = 0
    best_plays: int = 0
    points_missed: int = 0

    def __add__(self, other: ReviewTotals) -> ReviewTotals:
        return ReviewTotals(
            self.hands + other.hands,
            self.plays + other.plays,
            self.best_plays + other.best_plays,
            self.points_missed + other.points_missed,
        )

    @property
    def best_play_rate(self) -> float:
        """Plays worth as much as the best play, in percent of the plays reviewed."""
        return round(100 * self.best_plays / self.plays, 1) if self.plays else 0.0

    @property
    def points_missed_per_hand(self) -> float:
        """Points lost per hand reviewed."""
        return round(self.points_missed / self.hands, 2) if self.hands else 0.0


NO_REVIEWS = ReviewTotals()


def reviewable_hands(match: Match) -> QuerySet[Hand]:
    """The match's closed hands recorded play by play, when its game has reviews."""
    if match.game not in REVIEWED:
        return Hand.objects.none()
    return match.hands.filter(closed_at__isnull=False, mode=Hand.Mode.PLAYS).order_by("number")


@transaction.atomic
def reviews_refresh(*, match_id: int) -> int:
    """Recompute the stored review rows of a match's hands (none once it is deleted). Returns the rows."""
    match = Match.objects.filter(pk=match_id).first()
    HandReviewSeat.objects.filter(hand__match_id=match_id).delete()
    if match is None:
        return 0
    rows = [
        HandReviewSeat(
            hand=hand,
            seat=seat.seat,
            plays=seat.plays,
            best_plays=seat.best_plays,
            points_missed=seat.points_missed,
        )
        for hand in reviewable_hands(match).select_related("match")
        for seat in hand_review(hand).seats
    ]
    HandReviewSeat.objects.bulk_create(rows)
    return len(rows)


def totals_of(rows: Iterable[HandReviewSeat]) -> ReviewTotals:
    """The rows added up, each one reviewed hand."""
    return sum(
        (ReviewTotals(1, row.plays, row.best_plays, row.points_missed) for row in rows), ReviewTotals()
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonReview:
    """A player's reviewed hands in one season."""

    season_id: int | None
    season: str
    totals: ReviewTotals


def player_reviews(
    matches: QuerySet[Match], player_id: int
) -> dict[str, tuple[ReviewTotals, tuple[SeasonReview, ...]]]:
    """Per game: the player's review totals over ``matches``, and the same per season (by name)."""
    seated = {
        match_id: number
        for match_id, number in Seat.objects.filter(match__in=matches, player_id=player_id).values_list(
            "match_id", "number"
        )
    }
    rows = HandReviewSeat.objects.filter(hand__match_id__in=seated).select_related("hand__match__season")
    games: dict[str, ReviewTotals] = {}
    seasons: dict[str, dict[int | None, tuple[str, ReviewTotals]]] = {}
    for row in rows:
        match = row.hand.match
        if seated[match.pk] != row.seat:
            continue
        totals = totals_of([row])
        games[match.game] = games.get(match.game, ReviewTotals()) + totals
        season = match.season
        key = season.pk if season else None
        name, before = seasons.setdefault(match.game, {}).get(
            key, (season.name if season else "", ReviewTotals())
        )
        seasons[match.game][key] = (name, before + totals)
    return {
        game: (
            totals,
            tuple(
                SeasonReview(season_id=key, season=name, totals=season_totals)
                for key, (name, season_totals) in sorted(
                    seasons[game].items(), key=lambda item: (item[0] is None, item[1][0])
                )
            ),
        )
        for game, totals in games.items()
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class MonthReview:
    """A player's review totals over the hands of one game closed in one month (``"2026-11"``, UTC)."""

    month: str
    game: str
    totals: ReviewTotals


def player_review_months(matches: QuerySet[Match], player_id: int) -> tuple[MonthReview, ...]:
    """The player's review totals over ``matches`` per month and game, oldest month first."""
    seated = dict(
        Seat.objects.filter(match__in=matches, player_id=player_id).values_list("match_id", "number")
    )
    rows = HandReviewSeat.objects.filter(hand__match_id__in=seated).select_related("hand__match")
    months: dict[tuple[str, str], ReviewTotals] = {}
    for row in rows:
        hand = row.hand
        if seated[hand.match_id] != row.seat or hand.closed_at is None:
            continue
        key = (hand.closed_at.strftime("%Y-%m"), hand.match.game)
        months[key] = months.get(key, ReviewTotals()) + totals_of([row])
    return tuple(
        MonthReview(month=month, game=game, totals=totals) for (month, game), totals in sorted(months.items())
    )


def review_rows(hands: Iterable[Hand]) -> list[HandReviewSeat]:
    """The stored review rows of ``hands``, every seat's."""
    return list(HandReviewSeat.objects.filter(hand__in=hands))
