from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Games and matches: the rules engine and what is stored around it."""

    name = "games"
    verbose_name = "Games and matches"
