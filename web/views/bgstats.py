"""Sending a finished match to Board Game Stats (docs/accounts.md, Exporting to BG Stats): the
finished screen's button opens BG Stats' import dialog with the match filled in."""

from __future__ import annotations

from django.http import Http404, HttpResponseRedirect
from django.views.decorators.http import require_GET

from games.matches.selectors.bgstats import bgstats_import_url, bgstats_match, bgstats_play
from web.views import HtmxHttpRequest
from web.views.live import match_readable


@require_GET
def match_bgstats(request: HtmxHttpRequest, pk: int) -> HttpResponseRedirect:
    """To BG Stats' import of this match, for whoever may read it, once it is finished (else 404)."""
    match = bgstats_match(user=request.user, pk=match_readable(request, pk).pk)
    if match is None:
        raise Http404
    return HttpResponseRedirect(bgstats_import_url(bgstats_play(match)))
