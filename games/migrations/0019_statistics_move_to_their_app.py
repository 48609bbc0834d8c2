"""The statistics' models leave the games app for their own (``stats``): in Django's state only; their
tables stay as they are, under their old names (``stats/0001_initial`` names them)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0018_seat_emoji"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="clubstatssettings",
                    name="club",
                ),
                migrations.RemoveField(
                    model_name="handreviewseat",
                    name="hand",
                ),
                migrations.RemoveField(
                    model_name="ratingscope",
                    name="club",
                ),
                migrations.RemoveField(
                    model_name="ratingsnapshot",
                    name="scope",
                ),
                migrations.RemoveField(
                    model_name="ratingsnapshot",
                    name="match",
                ),
                migrations.RemoveField(
                    model_name="ratingsnapshot",
                    name="player",
                ),
                migrations.DeleteModel(
                    name="ClubStandings",
                ),
                migrations.DeleteModel(
                    name="ClubStatsSettings",
                ),
                migrations.DeleteModel(
                    name="HandReviewSeat",
                ),
                migrations.DeleteModel(
                    name="RatingScope",
                ),
                migrations.DeleteModel(
                    name="RatingSnapshot",
                ),
            ],
            database_operations=[],
        ),
    ]
