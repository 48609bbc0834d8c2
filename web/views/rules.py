"""The rules reference in the reader's language: the index and one page per game (docs/rules/)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.labels import game_title
from games.rule_links import INDEX, PAGES
from web.rulebook import rule_page


def rules_page(request: HttpRequest, page: str = INDEX) -> HttpResponse:
    """A page of the reference; an untranslated one is shown in English, with a note saying so."""
    if page not in PAGES[1:] and not (page == INDEX and request.path.endswith("/rules/")):
        raise Http404
    titles = [(name, _("Shared rules") if name == "shared" else game_title(name)) for name in PAGES[1:]]
    return render(request, "web/rules/page.html", {"page": rule_page(page), "pages": titles})
