"""Recording a hand from the match screen: start it, play cards, undo, challenge, close, quick summary.

Every write goes through a service, given a reference to the match or hand the phone shows: the
service locks it, checks the visitor there (``games.access.match_writer``), writes, and the answer is
drawn from the rows it returns. With htmx the answer is the refreshed live region (an error is shown in
it, status 409 for a stale phone and 422 for a play the rules refuse), without JavaScript a redirect
back to the match screen.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from games import push
from games.access import TableGuest, match_writer, recording_account
from games.errors import HandNotOpen, RecordConflict
from games.matches.selectors.hands import hand_get, hand_last, hand_open_number, hand_report, hand_with_match
from games.matches.selectors.matches import match_fields, match_get_live, match_seats_load
from games.matches.services.hands import hand_close, hand_start, hand_summary_record
from games.matches.services.locks import HandRef, MatchRef
from games.matches.services.plays import Recorded, hand_challenge_record, hand_play_record, hand_play_undo
from games.messages import problem_texts, verdict_reason, violation_text
from games.models import Challenge, Hand, Match, Play
from games.rule_links import refusal_rule, refusal_url
from games.rules.capture.capturing import capture_check
from games.rules.choices import card_choices
from games.rules.errors import BadCardText, RuleViolation, SummaryInconsistent
from games.rules.wording import NOBODY, Who
from games.screen_keys import WRITE, key_opens
from games.serbian import shown_name
from scorekeeper.digits import whole_number
from web.entries import EntryForm, entry_form
from web.forms import CardField, CardsField, HandStartForm, PlayForm, SeqForm
from web.screens import (
    HandView,
    MatchScreen,
    OptionsScreen,
    TableView,
    match_screen,
    options_screen,
    screen_version,
    summary_preview,
    who_of,
)
from web.views import HtmxHttpRequest
from web.views.live import live_context, live_fragment, match_writable, personal, phone_id

CONFLICT, REFUSED = 409, 422
HAND_OVER = gettext_lazy("This hand is over; the screen now shows where the match stands.")


REFUSALS = (RecordConflict, RuleViolation, forms.ValidationError)


def refusal(error: Exception, who: Who = NOBODY) -> tuple[str, int, list[str]]:
    """A refused write (one of ``REFUSALS``) as the message, the HTTP status and every problem listed."""
    if isinstance(error, RecordConflict):
        return violation_text(error, who), CONFLICT, []
    if isinstance(error, SummaryInconsistent):
        return violation_text(error, who), REFUSED, problem_texts(error, who)
    if isinstance(error, RuleViolation):
        return violation_text(error, who), REFUSED, []
    assert isinstance(error, forms.ValidationError)
    return " ".join(error.messages), REFUSED, []


OUT_OF_DATE = gettext_lazy("This screen is out of date or incomplete; reload it and try again.")
CARD_UNKNOWN = gettext_lazy("A card this screen sent is not one of the pack; reload it and try again.")


def valid(form: forms.Form) -> forms.Form:
    """The form, if valid (else ``ValidationError`` with its messages, a refusal). A field's own
    message is kept; where Django's default would be said ("This field is required." of a hidden
    field the page did not send), the project's sentence is said instead."""
    if not form.is_valid():
        errors = form.errors.as_data().items()
        said = [_said(form.fields.get(name), error) for name, each in errors for error in each]
        raise forms.ValidationError(list(dict.fromkeys(said)))
    return form


def _said(field: forms.Field | None, error: forms.ValidationError) -> str:
    code = error.code or ""
    defaults = [vars(kind).get("default_error_messages", {}).get(code) for kind in type(field).__mro__]
    if field is not None and str(field.error_messages.get(code)) not in map(str, filter(None, defaults)):
        return " ".join(error.messages)  # the field's own words
    if isinstance(field, CardField | CardsField) and code == "invalid_choice":
        return str(CARD_UNKNOWN)
    return str(OUT_OF_DATE)


def _open_hand(match: Match) -> Hand | None:
    last = hand_last(match=match)
    return last if last is not None and last.is_open else None


Keep = Callable[[MatchScreen], dict[str, object]]
P = ParamSpec("P")


def _pushed_once_drawn(
    answer: Callable[Concatenate[HtmxHttpRequest, P], HttpResponse],
) -> Callable[Concatenate[HtmxHttpRequest, P], HttpResponse]:
    """``answer`` (a write and the region it draws) with the write's push held until the region is
    rendered and in the cache, so that each stream carries it to its phone (web/views/push.py), but to
    the phone that wrote (``X-SK-Phone``), which draws the answer."""

    @wraps(answer)
    def answered(request: HtmxHttpRequest, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        with push.held(writer=phone_id(request.headers.get("X-SK-Phone", ""))):
            return answer(request, *args, **kwargs)

    return answered


def _answer(
    request: HtmxHttpRequest, pk: int, write: Callable[[Match], Hand], keep: Keep | None = None
) -> HttpResponse:
    """Run ``write`` with the match its form is drawn from (the seats' names), then answer as
    :func:`_written`."""
    match = _writable_live(request, pk)
    return _written(request, pk, lambda: write(match), keep, match)


@_pushed_once_drawn
def _written(
    request: HtmxHttpRequest,
    pk: int,
    write: Callable[[], Hand],
    keep: Keep | None = None,
    match: Match | None = None,
) -> HttpResponse:
    """Run ``write`` (a start, close or summary, whose service locks and checks the match), then show
    the match as the service left it; if it was refused, with the error and (``keep``) what the phone
    had chosen, so it can be corrected rather than entered again."""
    try:
        hand = write()
    except (Hand.DoesNotExist, HandNotOpen):
        over = forms.ValidationError(HAND_OVER)
        return _refused(request, match or _writable_live(request, pk), over, keep)
    except REFUSALS as refused:
        return _refused(request, match or _writable_live(request, pk), refused, keep)
    if request.htmx:
        return _region(request, hand.match)
    return redirect("match", pk=pk)


def _region(request: HtmxHttpRequest, match: Match, written: Recorded[Any] | None = None) -> HttpResponse:
    """The live region as a write left ``match`` (the row its service returned, at its new version):
    the one every phone of the same kind is served for that version (``live_fragment``), so the other
    phones, told of it by the push, find it rendered."""
    region = live_fragment(request, match, screen_version(match), written=written)
    return HttpResponse(personal(request, region))


def _refused(request: HtmxHttpRequest, match: Match, refused: Exception, keep: Keep | None) -> HttpResponse:
    """The match shown again with the refusal's message, and what the phone had chosen (``keep``)."""
    error, status, problems = refusal(refused, who_of(match))
    code = refused.code if isinstance(refused, RuleViolation) else None
    rule = {"rule": refusal_rule(code, match.game), "url": refusal_url(code, match.game)}
    if request.htmx:
        context = live_context(
            request, match_get_live(match.pk), error=error, problems=problems, error_rule=rule
        )
        screen = context["screen"]
        if keep is not None and isinstance(screen, MatchScreen):
            context |= keep(screen)
        return render(request, "web/matches/_live.html", context, status=status)
    messages.error(request, error)
    for problem in problems:
        messages.error(request, problem)
    return redirect("match", pk=match.pk)


@_pushed_once_drawn
def _recorded(
    request: HtmxHttpRequest,
    pk: int,
    write: Callable[[HandRef], Recorded[Any]],
    keep: Keep | None = None,
    *,
    one_tapped: bool = False,
) -> HttpResponse:
    """Run a play, undo or challenge ``write`` on the hand the phone shows (the form's ``hand``), then
    show the match as the write left it (``one_tapped``: a play recorded at its card's tap, whose undo
    is then offered where the choices would have been): the service finds, locks and checks the hand
    and the visitor in its first query, and its report and plays are shown, not read and replayed
    again. Refused: as :func:`_answer`."""
    hand = _hand_ref(request, pk)
    try:
        recorded = write(hand)
    except (Hand.DoesNotExist, HandNotOpen):
        return _refused(request, _writable_live(request, pk), forms.ValidationError(HAND_OVER), keep)
    except REFUSALS as refused:
        return _refused(request, _writable_live(request, pk), refused, keep)
    if not request.htmx:
        return redirect("match", pk=pk)
    if recorded.change and not recorded.replayed and request.headers.get("X-SK-Draws") == "1":
        return _drawn_by_phone(recorded)
    match = match_seats_load(recorded.hand.match)
    if not (one_tapped or recorded.replayed):  # the region every phone is served at this version
        return _region(request, match, recorded)
    # Its own: the undo offered at the tapped card; a retry's, drawn from the hand as it is now.
    return render(
        request,
        "web/matches/_live.html",
        live_context(request, match, written=recorded, one_tapped=one_tapped),
    )


def _drawn_by_phone(recorded: Recorded[Any]) -> HttpResponse:
    """The answer to a phone whose engine draws the play itself (``X-SK-Draws``, static/js/push.js): no
    region, but the play and the version it made, as the push sends them to the other phones."""
    response = HttpResponse(headers={"HX-Reswap": "none", "X-SK-Change": recorded.change})
    response["X-SK-Version"] = str(recorded.hand.match.screen_version)
    return response


def _writable_live(request: HtmxHttpRequest, pk: int) -> Match:
    """:func:`match_writable`, as the live region shows the match."""
    return match_writable(request, pk, read=match_get_live, record=True)


def _hand_ref(request: HtmxHttpRequest, pk: int) -> HandRef:
    """The hand the phone shows (the form's ``hand``; a form without it: the open hand), for a service
    to find, lock and check the visitor against in its first query."""
    user = request.user  # read now (the account, or a table's guest), not while the hand is locked
    if not (user.is_authenticated or isinstance(user, TableGuest)):
        raise Http404
    number = request.POST.get("hand", "")
    if not number:
        number = str(hand_open_number(match_id=pk) or "")
    return HandRef(match_id=pk, number=whole_number(number) or 0, allow=match_writer(request.user))


def _match_ref(request: HtmxHttpRequest, pk: int) -> MatchRef:
    """The match, for a service to lock and check the visitor against."""
    return MatchRef(match_id=pk, allow=match_writer(request.user))


@require_POST
def hand_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Start the next hand of the match."""

    def write(match: Match) -> Hand:
        seats = {seat.number: shown_name(seat.player.name) for seat in match.seats.all()}
        form = valid(HandStartForm(request.POST, seats=seats))
        data = form.cleaned_data
        mode = data["mode"] or Hand.Mode.PLAYS
        return hand_start(
            match=_match_ref(request, pk),
            dealer=data["dealer"],
            starter=data["starter"] if data["starter"] != "" else None,
            table=data["table"] if mode == Hand.Mode.PLAYS else [],  # hidden when scored from counts
            set_aside=data["set_aside"],
            mode=mode,
        )

    return _answer(request, pk, write)


@require_POST
def play_record(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Record a play: the card and the cards it takes."""
    card, taken = request.POST.get("card", ""), request.POST.getlist("taken")

    def keep(screen: MatchScreen) -> dict[str, object]:
        return {"chosen_card": [card], **play_choices(screen.match, screen.hand, card, taken)}

    def write(hand: HandRef) -> Recorded[Play]:
        form = valid(PlayForm(request.POST))
        assert isinstance(form, PlayForm)
        seat = form.cleaned_data["seat"]
        return hand_play_record(
            hand=hand,
            seat=_turn(hand) if seat is None else seat,
            card=form.cleaned_data["card"],
            taken=form.taken_cards(),
            expected_seq=form.cleaned_data["expected_seq"],
            idempotency_key=form.cleaned_data["key"],
            by=recording_account(request.user),
        )

    # Recorded at the card's tap (its only play, web/one_tap.py): the answer offers the undo there.
    return _recorded(request, pk, write, keep, one_tapped=request.POST.get("one_tap") == "1")


def _turn(hand: HandRef) -> int:
    """Whose turn it is, for a form sent without the seat the phone showed (a page older than that
    field): the stored log replayed."""
    row = hand_with_match(match_id=hand.match_id, number=hand.number)
    next_seat = hand_report(row).next_seat
    return 0 if next_seat is None else next_seat  # a finished hand: the engine says so


@require_POST
def play_undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Undo the hand's latest play."""

    def write(hand: HandRef) -> Recorded[Play]:
        form = valid(SeqForm(request.POST))
        return hand_play_undo(hand=hand, expected_seq=form.cleaned_data["expected_seq"])

    return _recorded(request, pk, write)


@require_POST
def play_challenge(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Challenge the latest play (Escoba manual_capture, docs/rules/escoba.md)."""

    def write(hand: HandRef) -> Recorded[Challenge]:
        data = valid(SeqForm(request.POST)).cleaned_data
        return hand_challenge_record(
            hand=hand,
            seat=data["seat"],
            play_seq=data["play_seq"],
            expected_seq=data["expected_seq"],
            idempotency_key=data["key"],
            by=recording_account(request.user),
        )

    return _recorded(request, pk, write)


@require_POST
def hand_finish(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Close the hand: the engine scores it."""
    hand = _hand_ref(request, pk)
    return _written(request, pk, lambda: hand_close(hand=hand))


def _entry_form(request: HtmxHttpRequest, match: Match) -> EntryForm:
    names = [side.names for side in match_screen(match, request.user).sides]
    data = request.POST if request.method == "POST" else request.GET
    form = entry_form(match.game, match.options, names, data)
    if form is None:
        raise Http404  # no quick entry for this game
    return form


@require_POST
def summary_record(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Score the hand from its quick summary."""

    def write(match: Match) -> Hand:
        form = valid(_entry_form(request, match))
        assert isinstance(form, EntryForm)
        by = recording_account(request.user)
        return hand_summary_record(hand=_hand_ref(request, pk), entries=form.entries(), by=by)

    return _answer(request, pk, write)


def _hand_numbered(match: Match, number: str | None) -> Hand | None:
    """Hand ``number`` of the match (open or closed, e.g. one being corrected), else the open hand."""
    numbered = whole_number(number or "")
    if numbered is None:
        return _open_hand(match)
    try:
        return hand_get(match=match, number=numbered)
    except Hand.DoesNotExist:
        return None


@require_GET
def summary_check(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Live validation of the quick entry (or of a correction): every problem at once, or the points
    each side would get."""
    match = match_writable(request, pk, record=True)
    hand = _hand_numbered(match, request.GET.get("hand"))
    form = _entry_form(request, match)
    context: dict[str, object] = {"form": form}
    if hand is not None and form.is_valid():
        try:
            preview = summary_preview(match, hand, form.entries())
            context["totals"] = [
                (name, side.total) for name, side in zip(form.side_names, preview.sides, strict=True)
            ]
        except SummaryInconsistent as inconsistent:
            context["problems"] = problem_texts(inconsistent, who_of(match))
        except RuleViolation as violation:
            context["problems"] = [violation_text(violation, who_of(match))]
    return render(request, "web/matches/_summary_check.html", context)


def play_choices(
    match: Match, hand: HandView | TableView | None, card: str, taken: list[str]
) -> dict[str, object]:
    """For a tapped card: the engine's legal captures, best first, and its verdict on the cards ticked
    by hand."""
    context: dict[str, object] = {"card": card, "taken": taken}
    if hand is None or not hand.captures or not card:
        return context
    table = [str(each) for each in hand.table]
    try:
        choices = card_choices(match.game, match.options, table, card)
        # Tamlin's Jack onto an empty table costs its side a point (docs/rules/tamlin.md T11): said
        # on the button that records it.
        context |= {"captures": choices.captures, "trail_costs": choices.trail_costs}
        if taken:
            verdict = capture_check(match.game, table, card, taken, match.options)
            context |= {"verdict": verdict, "reason": verdict_reason(verdict, card, taken)}
    except RuleViolation as violation:
        context["options_error"] = violation_text(violation)
    return context


@require_GET
def play_options(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The choices for the card just tapped (an htmx partial of the play form). The form carries the
    table it shows (``table``: the cards' texts) and the screen's write key (``k``,
    :mod:`games.screen_keys`), so only the match's game and options are read, in one query; without
    them the whole screen is built, with every check."""
    screen = _options_screen(request, pk) or match_screen(
        match_writable(request, pk, record=True), request.user
    )
    context = {
        "screen": screen,
        **play_choices(screen.match, screen.hand, request.GET.get("card", ""), request.GET.getlist("taken")),
    }
    return render(request, "web/matches/_play_options.html", context)


def _options_screen(request: HtmxHttpRequest, pk: int) -> OptionsScreen | None:
    if "table" not in request.GET or not key_opens(request.GET.get("k", ""), pk, WRITE):
        return None
    match = match_fields(pk=pk, fields=("game", "options"))
    if match is None:
        return None
    try:
        return options_screen(match, request.GET["table"].split())
    except BadCardText:
        return None
