from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "games.stats"
    label = "stats"
    verbose_name = "Statistics"
