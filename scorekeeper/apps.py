from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    """The project itself: its deployment checks (``manage.py check --deploy`` and every start)."""

    name = "scorekeeper"
    verbose_name = "Scorekeeper"

    def ready(self) -> None:
        from scorekeeper import checks  # noqa: F401  (registers them)
