from django.apps import AppConfig


class WebConfig(AppConfig):
    """The web UI: the pages a phone or a browser shows."""

    name = "web"
    verbose_name = "Web UI"
