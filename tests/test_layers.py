"""What import-linter cannot see of the layers (docs/architecture.md): ``games.models`` names every model."""

from __future__ import annotations

from django.apps import apps

import games.models


def test_games_models_names_every_model_of_the_app_in_all() -> None:
    models = {model.__name__ for model in apps.get_app_config("games").get_models()}
    assert sorted(games.models.__all__) == sorted(models)
    assert all(getattr(games.models, name).__name__ == name for name in games.models.__all__)
