from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    """The project itself: its deployment checks (``manage.py check --deploy`` and every start), and
    its sessions that know their account (scorekeeper/sessions.py)."""

    name = "scorekeeper"
    verbose_name = "Scorekeeper"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from scorekeeper import checks  # noqa: F401  (registers them)
        from scorekeeper.sessions import signed_in

        user_logged_in.connect(signed_in, dispatch_uid="scorekeeper.sessions.signed_in")
