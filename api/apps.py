from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The REST API (``/api/v1/``): records, events, stats, accounts and the rules."""

    name = "api"
    verbose_name = "REST API"

    def ready(self) -> None:
        """Register the schema's extension for a table's token."""
        import api.schema  # noqa: F401  (registers the schema's extension for a table's token)
