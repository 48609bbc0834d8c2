"""Recording a hand from the match screen: start it, play cards, undo, challenge, close, quick summary.

Every write goes through a service; with htmx the answer is the refreshed live region (an error is
shown in it, status 409 for a stale phone and 422 for a play the rules refuse), without JavaScript a
redirect back to the match screen.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.models import Hand, Match
from games.rules.capturing import capture_check, capture_list
from games.rules.errors import RuleViolation, SummaryInconsistent
from games.selectors import hand_list, hand_report, match_get
from games.services.errors import RecordConflict
from games.services.hands import hand_close, hand_start, hand_summary_record
from games.services.plays import hand_challenge_record, hand_play_record, hand_play_undo
from web.deals import summary_keys
from web.forms import HandStartForm, PlayForm, SeqForm, SummaryForm
from web.screens import MatchScreen, match_screen, summary_preview
from web.views import HtmxHttpRequest
from web.views.live import live_context, match_writable
from web.violations import problem_texts, verdict_reason, violation_text

CAPTURES_OFFERED = 8
CONFLICT, REFUSED = 409, 422


def _open_hand(match: Match) -> Hand | None:
    last = hand_list(match=match).last()
    return last if last is not None and last.is_open else None


Keep = Callable[[MatchScreen], dict[str, object]]


def _answer(
    request: HtmxHttpRequest, pk: int, write: Callable[[Match], object], keep: Keep | None = None
) -> HttpResponse:
    """Run ``write`` on the match, then show the match again; if it was refused, with the error and
    (``keep``) what the phone had chosen, so it can be corrected rather than entered again."""
    match = match_writable(request, pk)
    error, status, problems = "", 200, []
    try:
        write(match)
    except RecordConflict as conflict:
        error, status = violation_text(conflict), CONFLICT
    except SummaryInconsistent as inconsistent:
        error, status, problems = violation_text(inconsistent), REFUSED, problem_texts(inconsistent)
    except RuleViolation as violation:
        error, status = violation_text(violation), REFUSED
    except forms.ValidationError as invalid:
        error, status = " ".join(invalid.messages), REFUSED
    if request.htmx:
        context = live_context(request, match_get(pk), error=error, problems=problems)
        screen = context["screen"]
        if error and keep is not None and isinstance(screen, MatchScreen):
            context |= keep(screen)
        return render(request, "web/matches/_live.html", context, status=status)
    if error:
        messages.error(request, error)
        for problem in problems:
            messages.error(request, problem)
    return redirect("match", pk=pk)


def _valid(form: forms.Form) -> forms.Form:
    if not form.is_valid():
        raise forms.ValidationError([message for errors in form.errors.values() for message in errors])
    return form


def _current(match: Match, expected_hand: str | None) -> Hand:
    """The open hand the phone was looking at; a phone that missed a new hand is out of sync."""
    hand = _open_hand(match)
    if hand is None or (expected_hand and expected_hand != str(hand.number)):
        raise forms.ValidationError(_("This hand is over; the screen now shows where the match stands."))
    return hand


@require_POST
def hand_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def write(match: Match) -> None:
        seats = {seat.number: seat.player.name for seat in match.seats.all()}
        form = _valid(HandStartForm(request.POST, seats=seats))
        data = form.cleaned_data
        hand_start(
            match=match,
            dealer=data["dealer"],
            starter=data["starter"] if data["starter"] != "" else None,
            table=data["table"],
            set_aside=data["set_aside"],
        )

    return _answer(request, pk, write)


@require_POST
def play_record(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    card, taken = request.POST.get("card", ""), request.POST.getlist("taken")

    def keep(screen: MatchScreen) -> dict[str, object]:
        return {"chosen_card": [card], **play_choices(screen, card, taken)}

    def write(match: Match) -> None:
        hand = _current(match, request.POST.get("hand"))
        form = _valid(PlayForm(request.POST))
        assert isinstance(form, PlayForm)
        next_seat = hand_report(hand).next_seat
        hand_play_record(
            hand=hand,
            seat=0 if next_seat is None else next_seat,  # a finished hand: the engine says so
            card=form.cleaned_data["card"],
            taken=form.taken_cards(),
            expected_seq=form.cleaned_data["expected_seq"],
            idempotency_key=form.cleaned_data["key"],
            by=request.user,  # type: ignore[arg-type]  # match_writable: signed in
        )

    return _answer(request, pk, write, keep)


@require_POST
def play_undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def write(match: Match) -> None:
        hand = _current(match, request.POST.get("hand"))
        form = _valid(SeqForm(request.POST))
        hand_play_undo(hand=hand, expected_seq=form.cleaned_data["expected_seq"])

    return _answer(request, pk, write)


@require_POST
def play_challenge(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def write(match: Match) -> None:
        hand = _current(match, request.POST.get("hand"))
        data = _valid(SeqForm(request.POST)).cleaned_data
        hand_challenge_record(
            hand=hand,
            seat=data["seat"],
            play_seq=data["play_seq"],
            expected_seq=data["expected_seq"],
            idempotency_key=data["key"],
            by=request.user,  # type: ignore[arg-type]  # match_writable: signed in
        )

    return _answer(request, pk, write)


@require_POST
def hand_finish(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def write(match: Match) -> None:
        hand_close(hand=_current(match, request.POST.get("hand")))

    return _answer(request, pk, write)


def _summary_form(request: HtmxHttpRequest, match: Match) -> SummaryForm:
    names = [side.names for side in match_screen(match, request.user).sides]
    data = request.POST if request.method == "POST" else request.GET
    return SummaryForm(data, keys=summary_keys(match.game, match.options), sides=names)


@require_POST
def summary_record(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def write(match: Match) -> None:
        hand = _current(match, request.POST.get("hand"))
        form = _valid(_summary_form(request, match))
        assert isinstance(form, SummaryForm)
        hand_summary_record(hand=hand, entries=form.entries(), by=request.user)  # type: ignore[arg-type]

    return _answer(request, pk, write)


@require_GET
def summary_check(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Live validation of the quick entry: every problem at once, or the points each side would get."""
    match = match_writable(request, pk)
    hand = _open_hand(match)
    form = _summary_form(request, match)
    context: dict[str, object] = {"form": form}
    if hand is not None and form.is_valid():
        try:
            preview = summary_preview(match, hand, form.entries())
            context["totals"] = [
                (name, side.total) for name, side in zip(form.side_names, preview.sides, strict=True)
            ]
        except SummaryInconsistent as inconsistent:
            context["problems"] = problem_texts(inconsistent)
        except RuleViolation as violation:
            context["problems"] = [violation_text(violation)]
    return render(request, "web/matches/_summary_check.html", context)


def play_choices(screen: MatchScreen, card: str, taken: list[str]) -> dict[str, object]:
    """For a tapped card: the engine's legal captures, best first, and its verdict on the cards ticked
    by hand."""
    context: dict[str, object] = {"card": card, "taken": taken}
    hand = screen.hand
    if hand is None or not hand.captures or not card:
        return context
    table = [str(each) for each in hand.table]
    game, options = screen.match.game, screen.match.options
    try:
        context["captures"] = capture_list(game, table, card, options, CAPTURES_OFFERED)
        if taken:
            verdict = capture_check(game, table, card, taken, options)
            context |= {"verdict": verdict, "reason": verdict_reason(verdict, card, taken)}
    except RuleViolation as violation:
        context["options_error"] = violation_text(violation)
    return context


@require_GET
def play_options(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The choices for the card just tapped (an htmx partial of the play form)."""
    screen = match_screen(match_writable(request, pk), request.user)
    context = {
        "screen": screen,
        **play_choices(screen, request.GET.get("card", ""), request.GET.getlist("taken")),
    }
    return render(request, "web/matches/_play_options.html", context)
