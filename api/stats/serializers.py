"""Serializers of the statistics API: query inputs (validated) and read-only outputs."""

from __future__ import annotations

from rest_framework import serializers

from api.records.base import ID_MAX
from games.rules.registry import GAMES
from games.stats.standings import SORT_KEYS

GAME_CHOICES = sorted(GAMES)


class StandingsQuery(serializers.Serializer[object]):
    """A club's standings: the season, the game, the column to sort by and the order."""

    season = serializers.IntegerField(
        required=False, min_value=1, help_text="A season of the club; all seasons if absent."
    )
    game = serializers.ChoiceField(
        choices=GAME_CHOICES, required=False, help_text="One game; all games if absent."
    )
    sort = serializers.ChoiceField(choices=sorted(SORT_KEYS), default="rank")
    order = serializers.ChoiceField(
        choices=["asc", "desc"],
        required=False,
        help_text="Numbers sort high to low and names A-Z by default.",
    )


class ClubQuery(serializers.Serializer[object]):
    """The club to count in (all of yours when absent)."""

    club = serializers.IntegerField(
        required=False, min_value=1, help_text="One club; all of yours if absent."
    )


class HeadToHeadQuery(ClubQuery):
    """Two players to compare, in one game or all."""

    a = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    b = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    game = serializers.ChoiceField(choices=GAME_CHOICES, required=False)

    def validate(self, attrs: dict[str, object]) -> dict[str, object]:
        """Refuse a player compared with themselves."""
        if attrs["a"] == attrs["b"]:
            raise serializers.ValidationError({"b": "Choose two different players."})
        return attrs


class RatingHistoryQuery(serializers.Serializer[object]):
    """A player's rating in one club and game."""

    club = serializers.IntegerField(min_value=1)
    game = serializers.ChoiceField(choices=GAME_CHOICES)


class RefSerializer(serializers.Serializer[object]):
    """An id and a name."""

    id = serializers.IntegerField()
    name = serializers.CharField()


class PlayerRefSerializer(serializers.Serializer[object]):
    """A player's id and name."""

    id = serializers.IntegerField(source="player_id")
    name = serializers.CharField()


class StandingsRowSerializer(serializers.Serializer[object]):
    """One player's line in a club's standings."""

    player = PlayerRefSerializer(source="*")
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    win_pct = serializers.FloatField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField(help_text="The best opponent's total, summed over the matches.")
    points_diff = serializers.IntegerField()
    hands = serializers.IntegerField()
    points_per_hand = serializers.FloatField()
    sweeps = serializers.IntegerField(help_text="Sweeps (Escoba), tablos (Tablo) or tamlins (Tamlin).")
    sweeps_per_match = serializers.FloatField()
    best_hand = serializers.IntegerField(allow_null=True)
    streak = serializers.CharField(help_text='The current run, like "W3"; empty before any match.')
    last_five = serializers.CharField(help_text='The last five results, oldest first, like "WLDWW".')
    rating = serializers.IntegerField(
        allow_null=True, help_text="OpenSkill on a 1500 scale; with a game only."
    )
    deviation = serializers.IntegerField(
        allow_null=True, help_text='Uncertainty: "1500 ± 500" is two deviations.'
    )
    provisional = serializers.BooleanField()


class StandingsSerializer(serializers.Serializer[object]):
    """A club's standings for a season and a game, sorted as asked."""

    club = RefSerializer()
    season = RefSerializer(allow_null=True)
    game = serializers.CharField(allow_null=True)
    provisional_below = serializers.IntegerField()
    sort = serializers.CharField()
    order = serializers.CharField()
    rows = StandingsRowSerializer(many=True)


class ClubRatingSerializer(serializers.Serializer[object]):
    """A player's rating in one club."""

    club_id = serializers.IntegerField()
    club = serializers.CharField()
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField()


class RecordSerializer(serializers.Serializer[object]):
    """A player's record: matches played, won, drawn and lost, points, hands and sweeps."""

    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    win_pct = serializers.FloatField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    hands = serializers.IntegerField()
    points_per_hand = serializers.FloatField()
    sweeps = serializers.IntegerField()
    sweeps_per_match = serializers.FloatField()
    best_hand = serializers.IntegerField(allow_null=True)
    best_hand_match = serializers.IntegerField(allow_null=True)
    streak = serializers.CharField()
    last_five = serializers.CharField()


class ReviewTotalsSerializer(serializers.Serializer[object]):
    """Reviewed hands added up: plays, best plays, points missed."""

    hands = serializers.IntegerField(help_text="Hands recorded play by play and reviewed.")
    plays = serializers.IntegerField()
    best_plays = serializers.IntegerField(help_text="Plays worth as much as the best play the cards allowed.")
    points_missed = serializers.IntegerField()
    best_play_rate = serializers.FloatField(help_text="best_plays in percent of plays.")
    points_missed_per_hand = serializers.FloatField()


class SeasonReviewSerializer(serializers.Serializer[object]):
    """A player's reviewed hands in one season."""

    season_id = serializers.IntegerField(allow_null=True)
    season = serializers.CharField(help_text="Empty for matches outside any season.")
    totals = ReviewTotalsSerializer()


class GameStatsSerializer(serializers.Serializer[object]):
    """A player's figures in one game."""

    game = serializers.CharField()
    record = RecordSerializer()
    captures = serializers.IntegerField(
        help_text="Captures in logged hands, each checked by the rules engine."
    )
    caught = serializers.IntegerField(help_text="Illegal captures the player's challenges caught (Escoba).")
    ratings = ClubRatingSerializer(many=True)
    review = ReviewTotalsSerializer(help_text="Hand reviews: best-play rate and points missed per hand.")
    review_seasons = SeasonReviewSerializer(many=True)


class MonthReviewSerializer(serializers.Serializer[object]):
    """A player's reviewed hands in one month and game."""

    month = serializers.CharField(help_text="The month the hands closed in, YYYY-MM (UTC).")
    game = serializers.CharField()
    hands = serializers.IntegerField(source="totals.hands")
    best_play_rate = serializers.FloatField(source="totals.best_play_rate", help_text="Percent of plays.")
    points_lost_per_hand = serializers.FloatField(source="totals.points_missed_per_hand")


class PlayerStatsSerializer(serializers.Serializer[object]):
    """A player's figures per game, and their reviews month by month."""

    player = RefSerializer()
    games = GameStatsSerializer(many=True)
    review_by_month = MonthReviewSerializer(
        many=True, help_text="Hand reviews per month and game, oldest first: is the player getting better?"
    )


class MeetingSerializer(serializers.Serializer[object]):
    """One match between two players."""

    match_id = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    game = serializers.CharField()
    score_a = serializers.IntegerField()
    score_b = serializers.IntegerField()
    outcome_a = serializers.CharField()
    outcome_b = serializers.CharField()


class HeadToHeadSerializer(serializers.Serializer[object]):
    """Two players' matches against each other."""

    a = RefSerializer()
    b = RefSerializer()
    matches = serializers.IntegerField()
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()
    average_margin = serializers.FloatField(help_text="a's total minus b's, per match.")
    meetings = MeetingSerializer(many=True, help_text="Newest first.")


class RatingPointSerializer(serializers.Serializer[object]):
    """A player's rating after one match."""

    match_id = serializers.IntegerField(allow_null=True)
    finished_at = serializers.DateTimeField()
    rank = serializers.IntegerField(help_text="The player's side's place in the match, 0 first.")
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField()
    change = serializers.IntegerField()


class RatingHistorySerializer(serializers.Serializer[object]):
    """A player's rating in a club and game, match by match."""

    player = RefSerializer()
    club = RefSerializer()
    game = serializers.CharField()
    points = RatingPointSerializer(many=True)
