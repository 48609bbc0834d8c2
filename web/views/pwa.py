"""The installable app: the web app manifest, the service worker (served from the root so that it
controls every page) and the page it shows offline for a page this phone never opened."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from web.templatetags.language_tags import html_lang

THEME = "#0b6e4f"  # --accent in static/css/app.css
ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-512.png", "512x512", "maskable"),
)
SHELL = (
    "css/app.css",
    "vendor/htmx.min.js",
    "js/app.js",
    "js/offline_store.js",
    "js/offline_conflict.js",
    "js/offline_view.js",
    "js/offline_moves.js",
    "js/offline.js",
    "js/offline_engine_view.js",
    "js/offline_hand_end.js",
    "js/offline_start.js",
    "js/offline_draft.js",
    "js/share.js",
    "js/table.js",
    "js/push.js",
    "js/draw.js",
    "js/engine.js",
    "js/engine_worker.js",
    "icons/icon-192.png",
    "icons/favicon-32.png",
)


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest (its icons by their hashed static names)."""
    body = {
        "name": pgettext("installed app name", "Scorekeeper: card game scores"),
        "short_name": "Scorekeeper",
        "description": _("The score sheet for fishing card games, at the table."),
        "lang": html_lang(request.LANGUAGE_CODE),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME,
        "background_color": THEME,
        "icons": [
            {"src": staticfiles_storage.url(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    return JsonResponse(body, content_type="application/manifest+json")


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, with the app shell's URLs; its cache name changes with any of them. The
    offline page is in the shell once per language: the worker shows the one of the reader's language."""
    languages = [code for code, _name in settings.LANGUAGES]
    offline_pages = {code: offline_page(code) for code in languages}
    shell = [staticfiles_storage.url(path) for path in SHELL] + [*offline_pages.values(), reverse("manifest")]
    context = {
        "shell": json.dumps(shell),
        "offline": json.dumps(offline_pages),
        "languages": json.dumps(languages),
        "set_language": json.dumps(reverse("set_language")),
        "manifest": json.dumps(reverse("manifest")),
        "logout": json.dumps(reverse("logout")),
        "static_url": json.dumps(settings.STATIC_URL),  # with the script prefix, as Django gives it
    }
    version = hashlib.sha256(render_to_string("pwa/sw.js", context).encode()).hexdigest()[:12]
    body = render_to_string("pwa/sw.js", {**context, "version": version})
    response = HttpResponse(body, content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


def offline_page(language: str) -> str:
    """The offline page's address in ``language`` (a code of ``settings.LANGUAGES``)."""
    return f"{reverse('offline')}?language={language}"


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker, without a network, for a page this phone has not opened before;
    in the ``language`` the address names (the worker keeps one per language), else the reader's."""
    language = request.GET.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return render(request, "pwa/offline.html")
    with translation.override(language):
        response = render(request, "pwa/offline.html")
    response["Content-Language"] = language
    return response
