"""The statistics' models, until now the games app's (``games/0002_stats``, ``games/0004_hand_review``): in
Django's state only, on the tables those migrations made."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("games", "0019_statistics_move_to_their_app"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ClubStatsSettings",
                    fields=[
                        (
                            "club",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                related_name="stats_settings",
                                serialize=False,
                                to="games.club",
                            ),
                        ),
                        (
                            "provisional_below",
                            models.PositiveSmallIntegerField(
                                default=5,
                                help_text="Members with fewer finished matches than this are listed as provisional.",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "club statistics settings",
                        "verbose_name_plural": "club statistics settings",
                        "db_table": "games_clubstatssettings",
                    },
                ),
                migrations.CreateModel(
                    name="ClubStandings",
                    fields=[],
                    options={
                        "verbose_name": "club standings",
                        "verbose_name_plural": "club standings",
                        "proxy": True,
                        "indexes": [],
                        "constraints": [],
                    },
                    bases=("games.club",),
                ),
                migrations.CreateModel(
                    name="RatingScope",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("game", models.CharField(max_length=20)),
                        ("replayed_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rating_scopes",
                                to="games.club",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "games_ratingscope",
                        "ordering": ["club", "game"],
                    },
                ),
                migrations.CreateModel(
                    name="RatingSnapshot",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("match_ref", models.BigIntegerField()),
                        ("finished_at", models.DateTimeField()),
                        ("rank", models.PositiveSmallIntegerField()),
                        ("mu", models.FloatField()),
                        ("sigma", models.FloatField()),
                        (
                            "match",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="rating_snapshots",
                                to="games.match",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rating_snapshots",
                                to="games.player",
                            ),
                        ),
                        (
                            "scope",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="snapshots",
                                to="stats.ratingscope",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "games_ratingsnapshot",
                        "ordering": ["scope", "finished_at", "match_ref", "player"],
                    },
                ),
                migrations.CreateModel(
                    name="HandReviewSeat",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("seat", models.PositiveSmallIntegerField()),
                        ("plays", models.PositiveSmallIntegerField()),
                        ("best_plays", models.PositiveSmallIntegerField()),
                        ("points_missed", models.SmallIntegerField()),
                        (
                            "hand",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="review_seats",
                                to="games.hand",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "games_handreviewseat",
                        "ordering": ["hand", "seat"],
                        "constraints": [
                            models.UniqueConstraint(fields=("hand", "seat"), name="hand_review_once_per_seat")
                        ],
                    },
                ),
                migrations.AddConstraint(
                    model_name="ratingscope",
                    constraint=models.UniqueConstraint(
                        fields=("club", "game"), name="rating_scope_once_per_game"
                    ),
                ),
                migrations.AddIndex(
                    model_name="ratingsnapshot",
                    index=models.Index(
                        fields=["scope", "finished_at", "match_ref"], name="snapshot_scope_order"
                    ),
                ),
                migrations.AddIndex(
                    model_name="ratingsnapshot",
                    index=models.Index(
                        fields=["scope", "player", "finished_at", "match_ref"], name="snapshot_player_order"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="ratingsnapshot",
                    constraint=models.UniqueConstraint(
                        fields=("match_ref", "player"), name="snapshot_once_per_match_and_player"
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
