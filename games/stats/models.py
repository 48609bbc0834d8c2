"""Storage for statistics: a club's settings, and rating snapshots (derived rows, replayed, never patched).

The models of the ``stats`` app, on the tables they had as the games app's (``db_table``: ``games_...``).
Standings themselves are not stored: they are folded from the finished matches and cached.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.clubs.models import Club
from games.matches.models import Hand, Match
from games.people.models import Player

__all__ = ["ClubStandings", "ClubStatsSettings", "HandReviewSeat", "RatingScope", "RatingSnapshot"]

PROVISIONAL_BELOW = 5


class ClubStatsSettings(models.Model):
    """A club's statistics settings (a club without a row uses the defaults)."""

    club = models.OneToOneField(
        Club, primary_key=True, on_delete=models.CASCADE, related_name="stats_settings"
    )
    provisional_below = models.PositiveSmallIntegerField(
        default=PROVISIONAL_BELOW,
        help_text=_("Members with fewer finished matches than this are listed as provisional."),
    )

    class Meta:
        db_table = "games_clubstatssettings"  # the table of when these were models of the games app
        verbose_name = "club statistics settings"
        verbose_name_plural = "club statistics settings"

    def __str__(self) -> str:
        return f"statistics settings of {self.club}"


class ClubStandings(Club):
    """The clubs, as the admin's standings page lists them (rebuild action)."""

    class Meta:
        proxy = True
        verbose_name = "club standings"
        verbose_name_plural = "club standings"


class RatingScope(models.Model):
    """A club's ratings in one game. Its row is locked while they are replayed, one replay at a time."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rating_scopes")
    game = models.CharField(max_length=20)
    replayed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "games_ratingscope"
        ordering = ["club", "game"]
        constraints = [models.UniqueConstraint(fields=["club", "game"], name="rating_scope_once_per_game")]

    def __str__(self) -> str:
        return f"{self.game} ratings of {self.club}"


class RatingSnapshot(models.Model):
    """A player's OpenSkill rating right after a finished match (``games.stats.ratings``).

    ``match_ref`` and ``finished_at`` keep the match's place in time order even once the match is
    deleted (``match`` becomes null), so the replay knows where to start.
    """

    scope = models.ForeignKey(RatingScope, on_delete=models.CASCADE, related_name="snapshots")
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="rating_snapshots"
    )
    match_ref = models.BigIntegerField()
    finished_at = models.DateTimeField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_snapshots")
    rank = models.PositiveSmallIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        db_table = "games_ratingsnapshot"
        ordering = ["scope", "finished_at", "match_ref", "player"]
        constraints = [
            models.UniqueConstraint(fields=["match_ref", "player"], name="snapshot_once_per_match_and_player")
        ]
        indexes = [
            models.Index(fields=["scope", "finished_at", "match_ref"], name="snapshot_scope_order"),
            models.Index(
                fields=["scope", "player", "finished_at", "match_ref"], name="snapshot_player_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} after match {self.match_ref}"


class HandReviewSeat(models.Model):
    """One seat's hand review totals in a hand recorded play by play (``games.matches.reviews``).

    Derived rows: the follow-up task after each closed or corrected hand recomputes a match's rows.
    """

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="review_seats")
    seat = models.PositiveSmallIntegerField()
    plays = models.PositiveSmallIntegerField()
    best_plays = models.PositiveSmallIntegerField()
    points_missed = models.SmallIntegerField()

    class Meta:
        db_table = "games_handreviewseat"
        ordering = ["hand", "seat"]
        constraints = [models.UniqueConstraint(fields=["hand", "seat"], name="hand_review_once_per_seat")]

    def __str__(self) -> str:
        return f"review of seat {self.seat} in {self.hand}"
