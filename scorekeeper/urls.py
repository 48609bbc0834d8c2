"""Top-level URLs: the web UI, the API (and its schema and docs), admin, health."""

from __future__ import annotations

import sys

from django.contrib import admin
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.urls import include, path
from django.utils.translation import gettext
from django.views import defaults
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from scorekeeper.errors import RETRY_AFTER, UNAVAILABLE, envelope, unavailable_body
from scorekeeper.health import healthz, livez

urlpatterns = [
    path("livez", livez, name="livez"),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/v1/", include("api.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("clubs/", include("web.stats.urls")),
    path("", include("web.urls")),
]


def handler404(request: HttpRequest, exception: Exception) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse(envelope("resource.not_found", gettext("Not found.")), status=404)
    return defaults.page_not_found(request, exception)


def handler500(request: HttpRequest) -> HttpResponse:
    """A 500, or a 503 when a part the request needed failed (Django calls this while handling the
    exception, so ``sys.exc_info()`` holds it)."""
    if isinstance(sys.exc_info()[1], UNAVAILABLE):
        return _unavailable(request)
    if request.path.startswith("/api/"):
        body = envelope("server.error", gettext("Something went wrong on our side; it has been logged."))
        return JsonResponse(body, status=500)
    return defaults.server_error(request)


def _unavailable(request: HttpRequest) -> HttpResponse:
    """``service.unavailable`` on ``/api/``, else the 503 page in the reader's language, drawn without
    the request's context: it reads neither the session nor the account from a database that failed."""
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(unavailable_body(), status=503)
    else:
        response = HttpResponse(loader.render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response
