from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Games and matches: the rules engine and what is stored around it."""

    name = "games"
    verbose_name = "Games and matches"

    def ready(self) -> None:
        """Register the Celery tasks, which the services send by name (they import the services), and
        end the push streams of every session ended."""
        from games import push, tasks  # noqa: F401
        from scorekeeper.sessions import ended

        ended.connect(push.sessions_ended)
