from django.apps import AppConfig


class EventsConfig(AppConfig):
    """Club events: entries, rounds, pairings and standings."""

    name = "games.events"
    label = "events"
    verbose_name = "Club events"
