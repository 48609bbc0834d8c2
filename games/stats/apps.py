from django.apps import AppConfig


class StatsConfig(AppConfig):
    """The statistics: standings, ratings and reviews, on tables of their own."""

    name = "games.stats"
    label = "stats"
    verbose_name = "Statistics"
