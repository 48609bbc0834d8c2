"""Correcting a scored hand from the score sheet: replace its counts, or re-enter its plays.

Nothing is written until the correction is saved; ``hand_correct`` then replays the match from that
hand on, so later hands, the totals and the result follow.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.models import Hand, Match
from games.selectors import hand_get
from games.services.errors import HandStillOpen, MatchNotInProgress
from games.services.hands import hand_correct
from web.corrections import CorrectionScreen, correction_screen
from web.forms import EntryForm, entry_form
from web.views import HtmxHttpRequest
from web.views.hands import REFUSALS, refusal, valid
from web.views.live import match_writable
from web.violations import violation_text


def _account(request: HtmxHttpRequest) -> User:
    assert isinstance(request.user, User)  # match_writable: signed in
    return request.user


def _hand(request: HtmxHttpRequest, pk: int, number: int) -> tuple[Match, Hand]:
    """The match (if the visitor may write it) and its hand ``number`` (404 if there is none)."""
    match = match_writable(request, pk)
    try:
        return match, hand_get(match=match, number=number)
    except Hand.DoesNotExist:
        raise Http404 from None


def _page(
    request: HtmxHttpRequest,
    screen: CorrectionScreen,
    form: EntryForm | None,
    status: int = 200,
    **extra: object,
) -> HttpResponse:
    context = {"screen": screen, "summary_form": form, **extra}
    return render(request, "web/matches/correct.html", context, status=status)


def _done(request: HtmxHttpRequest, hand: Hand) -> HttpResponse:
    messages.success(
        request, _("Hand %(number)s is corrected; the scores are worked out again.") % {"number": hand.number}
    )
    return redirect(reverse("match", args=[hand.match_id]) + "#sheet-title")


@require_GET
def hand_correct_page(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """The hand as recorded and scored, with the ways to correct it."""
    match, hand = _hand(request, pk, number)
    if hand.is_open or match.status == Match.Status.ABANDONED:
        conflict = (
            HandStillOpen(number=hand.number) if hand.is_open else MatchNotInProgress(status=match.status)
        )
        messages.error(request, violation_text(conflict))
        return redirect("match", pk=pk)
    screen = correction_screen(match, hand)
    return _page(
        request, screen, entry_form(match.game, match.options, screen.side_names, entries=screen.entries)
    )


@require_POST
def hand_correct_summary(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Replace the hand's plays or counts with the counts sent."""
    match, hand = _hand(request, pk, number)
    screen = correction_screen(match, hand)
    form = entry_form(match.game, match.options, screen.side_names, request.POST)
    if form is None:
        raise Http404  # the game has no counts to enter
    try:
        valid(form)
        hand_correct(hand=hand, summary=form.entries(), by=_account(request))
    except REFUSALS as refused:
        error, status, problems = refusal(refused)
        return _page(request, screen, form, status, error=error, problems=problems)
    return _done(request, hand)
