"""The CSRF cookie, sent only when the secret in it changes."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase


def csrf_cookie_when_changed(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """Drop the CSRF cookie from a response that would send back the one the request came with (Django
    sends it again with every page holding a form, to renew its expiry); a new secret (a first visit, a
    sign-in's rotation) is still sent. Otherwise a page asked for before a sign-in and answered after
    it (the service worker fetching its offline pages while the reader signs in) puts the old secret
    back, and the next form is refused as "CSRF token incorrect". Listed before Django's
    CsrfViewMiddleware, so that it also sees the cookie of views with ``csrf_protect``. The cookie's
    year (CSRF_COOKIE_AGE) runs from the first visit; once it has run out, the next page sets a new one."""

    def middleware(request: HttpRequest) -> HttpResponseBase:
        response = get_response(request)
        sent = response.cookies.get(settings.CSRF_COOKIE_NAME)
        if sent is not None and sent.value == request.COOKIES.get(settings.CSRF_COOKIE_NAME):
            del response.cookies[settings.CSRF_COOKIE_NAME]
        return response

    return middleware
