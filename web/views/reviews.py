"""A hand's review screen: every play rated, missed plays first, with the table as it was."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import render

from games.access import TableGuest
from games.matches.selectors.hands import hand_get
from games.models import Hand
from web.reviews import review_screen
from web.views import HtmxHttpRequest
from web.views.live import match_readable


def hand_review_page(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Read like the match: whoever may see the match may see its hands' reviews."""
    if not (request.user.is_authenticated or isinstance(request.user, TableGuest)):
        return redirect_to_login(request.get_full_path())
    match = match_readable(request, pk)  # a table's guest: its own match alone
    try:
        hand = hand_get(match=match, number=number)
    except Hand.DoesNotExist:
        raise Http404 from None
    hand.match = match
    return render(request, "web/matches/review.html", {"match": match, "screen": review_screen(match, hand)})
