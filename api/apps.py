from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "REST API"

    def ready(self) -> None:
        import api.schema  # noqa: F401  (registers the schema's extension for a table's token)
