"""Correcting a scored hand from the score sheet: replace its counts, or re-enter its plays.

Nothing is written until the correction is saved; ``hand_correct`` then locks the hand, checks the
visitor and the revision the page was drawn from (``expected_revision``: a hand corrected meanwhile is
refused, 409), keeps the version it replaces and replays the match from that hand on, so later hands,
the totals and the result follow. The page shows every earlier version and what changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import push_url

from games.access import match_writer, recording_account
from games.errors import HandStillOpen, MatchNotInProgress
from games.matches.history import hand_history
from games.matches.selectors.hands import hand_get
from games.matches.services.hands import PlayInput, hand_correct
from games.matches.services.locks import HandRef
from games.messages import violation_text
from games.models import Hand, Match
from games.rules.errors import RuleViolation
from scorekeeper.digits import whole_number
from web.corrections import (
    CorrectionScreen,
    DraftScreen,
    correction_screen,
    draft_add,
    draft_back,
    draft_screen,
)
from web.entries import EntryForm, entry_form
from web.forms import DraftForm
from web.history import history_views
from web.screens import who_of
from web.views import HtmxHttpRequest
from web.views.hands import REFUSALS, REFUSED, play_choices, refusal, valid
from web.views.live import match_writable


def _account(request: HtmxHttpRequest) -> User | None:
    return recording_account(request.user)  # None: a table's guest


def _ref(request: HtmxHttpRequest, pk: int, number: int) -> HandRef:
    """The hand for ``hand_correct``, which locks it and checks the visitor under the lock."""
    return HandRef(match_id=pk, number=number, allow=match_writer(request.user))


def _revision(request: HtmxHttpRequest) -> int | None:
    """The hand's revision the correction was drawn from, as its form (or the draft's steps) carry it
    (a form older than that field: ``None``)."""
    return whole_number(
        (request.POST if request.method == "POST" else request.GET).get("expected_revision", "")
    )


def _hand(request: HtmxHttpRequest, pk: int, number: int) -> tuple[Match, Hand]:
    """The match (if the visitor may write it) and its hand ``number`` (404 if there is none)."""
    match = match_writable(request, pk, record=True)
    try:
        return match, hand_get(match=match, number=number)
    except Hand.DoesNotExist:
        raise Http404 from None


def _refused(request: HtmxHttpRequest, match: Match, hand: Hand) -> HttpResponse | None:
    """Back to the match screen, saying why, when the hand cannot be corrected (open, or abandoned)."""
    if not hand.is_open and match.status != Match.Status.ABANDONED:
        return None
    conflict = HandStillOpen(number=hand.number) if hand.is_open else MatchNotInProgress(status=match.status)
    messages.error(request, violation_text(conflict))
    return redirect("match", pk=match.pk)


def _page(
    request: HtmxHttpRequest,
    screen: CorrectionScreen,
    form: EntryForm | None,
    status: int = 200,
    **extra: object,
) -> HttpResponse:
    history = history_views(
        hand_history(screen.hand), screen.seat_names, screen.side_names, game=screen.match.game
    )
    context = {"screen": screen, "summary_form": form, "history": history, **extra}
    return render(request, "web/matches/correct.html", context, status=status)


def _done(request: HtmxHttpRequest, hand: Hand) -> HttpResponse:
    text = _("Hand %(number)s is corrected; the scores are worked out again.") % {"number": hand.number}
    messages.success(request, text)
    return redirect(reverse("match", args=[hand.match_id]) + "#sheet-title")


@require_GET
def hand_correct_page(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """The hand as recorded and scored, with the ways to correct it."""
    match, hand = _hand(request, pk, number)
    if refused := _refused(request, match, hand):
        return refused
    screen = correction_screen(match, hand)
    form = entry_form(match.game, match.options, screen.side_names, entries=screen.entries)
    return _page(request, screen, form)


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
        hand_correct(
            hand=_ref(request, pk, number),
            summary=form.entries(),
            by=_account(request),
            expected_revision=_revision(request),
        )
    except REFUSALS as refused:
        error, status, problems = refusal(refused, who_of(match))
        return _page(request, screen, form, status, error=error, problems=problems)
    return _done(request, hand)


def _draft(
    correction: CorrectionScreen, keep: int, added: Sequence[PlayInput]
) -> tuple[DraftScreen | None, str]:
    """The draft, or when the engine refuses it (an address from before another correction) the
    recorded plays again with the reason; ``None`` when even those cannot be replayed (no table)."""
    try:
        return draft_screen(correction, keep, added), ""
    except RuleViolation as violation:
        error = violation_text(violation)
    try:
        return draft_screen(correction, len(correction.plays), ()), error
    except RuleViolation:
        return None, error


@require_http_methods(["GET", "POST"])
def hand_correct_plays(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Re-enter the hand's plays from a chosen play on (GET: one step of the draft, nothing stored),
    then save them (POST) in place of the recorded ones."""
    match, hand = _hand(request, pk, number)
    if refused := _refused(request, match, hand):
        return refused
    correction = correction_screen(match, hand)
    form = DraftForm(request.POST if request.method == "POST" else request.GET)
    form.is_valid()  # every field is optional: what cannot be read is left out
    draft, error = _draft(correction, *_draft_steps(correction, form.cleaned_data))
    card, taken, status = form.cleaned_data.get("card") or "", form.cleaned_data.get("taken") or [], 200
    if draft is not None and not error and request.method == "POST":
        try:
            hand_correct(
                hand=_ref(request, pk, number),
                plays=list(draft.plays),
                by=_account(request),
                expected_revision=_revision(request),
            )
        except REFUSALS as refused_write:
            error, status, _problems = refusal(refused_write, who_of(match))
        else:
            return _done(request, hand)
    elif draft is not None and not error and card and "capture" in request.GET:
        try:
            draft, card, taken = draft_add(draft, card, form.taken_cards()), "", []
        except RuleViolation as violation:
            error, status = violation_text(violation, who_of(match)), REFUSED
    revision = _revision(request)
    context = {
        "correction": correction,
        "screen": draft,
        "revision": hand.revision if revision is None else revision,
        "error": error,
        "chosen_card": [card] if card else [],
        **play_choices(match, draft.hand if draft else None, card, taken),
    }
    return _draft_page(request, context, status, draft)


def _draft_steps(correction: CorrectionScreen, data: Mapping[str, Any]) -> tuple[int, Sequence[PlayInput]]:
    """How many recorded plays the draft keeps and the plays entered after them (one fewer on "back")."""
    keep = data["keep"] if data.get("keep") is not None else len(correction.plays)
    added: Sequence[PlayInput] = data.get("p") or ()
    return draft_back(correction, keep, added) if data.get("back") else (keep, added)


def _draft_page(
    request: HtmxHttpRequest, context: dict[str, Any], status: int, draft: DraftScreen | None
) -> HttpResponse:
    """The draft (its region alone after an htmx step, whose address then names the step)."""
    template = "web/matches/_draft.html" if request.htmx else "web/matches/correct_plays.html"
    response = render(request, template, context, status=status)
    if request.htmx and draft is not None:
        push_url(response, f"{request.path}?{draft.query}")
    return response
