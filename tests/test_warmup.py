"""The app warms up when it is loaded (scorekeeper/warmup.py): templates compiled, views imported."""

from __future__ import annotations

import sys

from django.template import engines
from django.template.backends.django import DjangoTemplates
from django.template.loaders.cached import Loader

from scorekeeper.warmup import warm_up


def test_warming_up_compiles_every_template_and_imports_the_views() -> None:
    templates = engines["django"]
    assert isinstance(templates, DjangoTemplates)
    loader = templates.engine.template_loaders[0]
    assert isinstance(loader, Loader)
    loader.reset()
    warm_up()
    assert {"web/matches/_live.html", "web/matches/_hand.html", "pwa/sw.js"} <= set(loader.get_template_cache)
    assert "web.views.hands" in sys.modules
