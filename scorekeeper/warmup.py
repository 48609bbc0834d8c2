"""Work every process would otherwise do on its first requests, done once when the app is loaded.

Django imports the views (through the URLconf), compiles each template and reads each language's
translations the first time a request needs them. With gunicorn's ``--preload`` the master does it
before forking, so no worker (a new one after a deploy or a restart included) answers its first
phones seconds late.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.template import engines
from django.template.backends.django import DjangoTemplates
from django.urls import get_resolver
from django.utils import translation


def warm_up() -> None:
    get_resolver().url_patterns  # noqa: B018  (reading it imports the URLconf and every view)
    templates = engines["django"]
    assert isinstance(templates, DjangoTemplates)
    for directory in map(Path, templates.engine.dirs):
        for path in sorted(file for file in directory.rglob("*") if file.is_file()):
            templates.get_template(str(path.relative_to(directory)))
    for code, _name in settings.LANGUAGES:
        translation.activate(code)  # reads the language's catalogs
    translation.deactivate()
