"""The result card (web/result_card.py) of a match, as a PNG: through the share link, or for whoever may
read the match; none (404) before its first hand is scored.

The image changes only with the match, so its ETag is the match's screen version (with the language
it is drawn in): a preview fetched again is answered 304 from one query, before anything is drawn, and
an image once drawn is kept in the cache under that ETag.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from games.matches.selectors.matches import MatchVersion, match_began, match_version
from games.models import Match
from web.result_card import result_card_of, result_card_png
from web.screens import match_screen, polled_version
from web.views import HtmxHttpRequest
from web.views.live import match_readable, shared_url

SHARED_MAX_AGE = 300  # a revoked link's image may be seen that long in a cache
CACHED_SECONDS = 24 * 3600  # drawn once per version and language (about 40 KB)


def _etag(pk: int, version: str) -> str:
    return f'"card-{pk}-{version}-{get_language()}"'


def _answer(
    request: HtmxHttpRequest, load: Callable[[], Match], found: MatchVersion, token: str
) -> HttpResponse:
    """The card of the match ``load`` reads (after the access check), or 304 if the phone has it."""
    etag = _etag(found.pk, polled_version(found))
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        match = load()  # the access check, before the cached image is given
        key = f"result-card:{etag}"
        image = cache.get(key)
        if image is None:
            screen = match_screen(match, request.user)
            if not screen.board["hands_closed"]:
                raise Http404  # no hand scored: a 0 : 0 card says nothing
            card = result_card_of(screen, link=shared_url(request, match), began=match_began(match=match))
            image = result_card_png(card)
            cache.set(key, image, CACHED_SECONDS)
        response = HttpResponse(image, "image/png")
    response["ETag"] = etag
    response["Cache-Control"] = f"public, max-age={SHARED_MAX_AGE}" if token else "private, no-cache"
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


@require_GET
def match_shared_card(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The card behind a share link (404 for an unknown or revoked one)."""
    found = match_version(share_token=token)
    if found is None:
        raise Http404
    return _answer(request, lambda: match_readable(request, found.pk, token), found, token)


@require_GET
def match_card(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The card of a match its visitor may read (404 otherwise)."""
    match = match_readable(request, pk)
    found = match_version(pk=match.pk)
    assert found is not None  # just read
    return _answer(request, lambda: match, found, "")
