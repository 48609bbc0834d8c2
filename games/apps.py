from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Games and matches: the rules engine and what is stored around it."""

    name = "games"
    verbose_name = "Games and matches"

    def ready(self) -> None:
        """Register the Celery tasks, which the services send by name (they import the services)."""
        from games import tasks  # noqa: F401
