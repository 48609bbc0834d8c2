"""The audit log's pages (docs/audit.md): a match's record, for whoever may read the match, with the
check of its hash chain; a club's log, for its admins."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.access import club_for, match_for
from games.audit.selectors import audit_list_club, audit_list_match, match_chain_verify
from web.audit import LOG_PAGE, entry_lines


@login_required
def match_log_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The match's log, oldest first, and whether its stored record still adds up to its head."""
    match = match_for(request.user, pk)
    context = {
        "match": match,
        "verification": match_chain_verify(match),
        "entries": entry_lines(audit_list_match(match)[:LOG_PAGE]),
    }
    return render(request, "web/audit/match_log.html", context)


@login_required
def club_log_page(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's log, newest first: its admins' (404 for others' clubs, 403 for its plain members)."""
    club = club_for(request.user, club_id, write=True)
    context = {"club": club, "entries": entry_lines(audit_list_club(club)[:LOG_PAGE])}
    return render(request, "web/audit/club_log.html", context)
