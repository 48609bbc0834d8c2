from django.apps import AppConfig


class EventsConfig(AppConfig):
    """Club events: entries, rounds, pairings and standings."""

    name = "games.events"
    label = "events"
    verbose_name = "Club events"

    def ready(self) -> None:
        """Register the Celery task, which the pairing jobs send by name (it imports them)."""
        from games.events import tasks  # noqa: F401
