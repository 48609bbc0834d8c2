"""The director's desk on the phone: a new event, entries and check-in, drops, pairing the next round
(a draft first, then published) and a table's result. Only the club's admins reach it (members 403,
anyone else 404); every write is an event service's."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import club_for, event_for, signed_in
from games.clubs.selectors import season_list
from games.events import jobs, repair, services
from games.events.errors import RoundOpen
from games.events.models import Entry, Event, PairingJob, Table
from games.events.selectors import entry_of, pairing_job_get, pairing_job_running, with_club_and_season
from games.events.services import PlannedRound
from games.messages import violation_text
from games.models import Club, Player
from games.people.selectors.players import player_get
from games.rules.errors import CodedError
from games.serbian import shown_name
from scorekeeper.digits import whole_number
from scorekeeper.throttles import EventCreateThrottle, WalkInThrottle, account_refusal
from web.event_forms import EntryNameForm, EntrySearchForm, EventForm
from web.events import (
    ResultChoices,
    TableView,
    entry_rows,
    keep_apart_changed,
    keep_apart_rows,
    member_choices,
    named_player,
    pairing_view,
    result_choices,
    result_chosen,
    results_view,
    table_of,
)
from web.views import HtmxHttpRequest

REFUSED = 422
THROTTLED = 429
JOB_POLL_SECONDS = 2


def _admin_club(request: HtmxHttpRequest, club_id: int) -> Club:
    return club_for(signed_in(request), club_id, write=True)


def _directed(request: HtmxHttpRequest, pk: int) -> Event:
    """The event, if the visitor is an admin of its club (404 for others, 403 for its plain members)."""
    return event_for(request.user, pk, write=True, read=with_club_and_season)[0]


@login_required
def event_new(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The form (GET); the new event (POST), then its entries."""
    club = _admin_club(request, club_id)
    form = EventForm(request.POST or None, seasons=season_list(club=club))
    if request.method == "POST" and form.is_valid():
        if refused := account_refusal(request, EventCreateThrottle):
            form.add_error(None, refused.text)
            context = {"club": club, "form": form}
            response = render(request, "web/events/new.html", context, status=THROTTLED)
            response["Retry-After"] = str(refused.seconds)
            return response
        try:
            event = services.event_create(club=club, by=signed_in(request), **form.service_arguments())
        except CodedError as error:
            form.add_error(None, violation_text(error))
        else:
            return redirect("event-entries", pk=event.pk)
    status = REFUSED if form.is_bound else 200
    return render(request, "web/events/new.html", {"club": club, "form": form}, status=status)


def _entries_context(request: HtmxHttpRequest, event: Event, **extra: object) -> dict[str, object]:
    search = EntrySearchForm(request.GET)
    found = search.cleaned_data if search.is_valid() else {}
    query, pending = found.get("q", ""), bool(found.get("pending"))
    everyone = entry_rows(event)
    return {
        "event": event,
        "search": search,
        "rows": entry_rows(event, query=query, pending=pending),
        "entrants": everyone,
        "apart": keep_apart_rows(event, everyone),
        "members": member_choices(event, signed_in(request)),
        "name_form": extra.pop("name_form", None) or EntryNameForm(),
        "nav": "entries",
        **extra,
    }


@login_required
def entries_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Entries with their check-in: a search and a "not checked in" filter (the list alone for htmx)."""
    event = _directed(request, pk)
    only = whole_number(request.GET.get("only", ""))
    if request.htmx and only is not None:  # a confirm step cancelled: the row as it was, focused
        (row,) = entry_rows(event, only=_entry(event, only).pk)
        return render(request, "web/events/_entry.html", {"event": event, "row": row, "done": True})
    context = _entries_context(request, event)
    if request.htmx and request.htmx.target == "entry-list":
        return render(request, "web/events/_entry_list.html", context)
    return render(request, "web/events/entries.html", context)


@login_required
@require_POST
def keep_apart(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Keep two entrants apart (``first``, ``second``) or no longer (``remove``: "a-b")."""
    event = _directed(request, pk)
    pairs = keep_apart_changed(event, request.POST)
    if pairs is not None:
        try:
            services.event_keep_apart(event=event, by=signed_in(request), pairs=pairs)
        except CodedError as refused:
            messages.error(request, violation_text(refused))
    return redirect(reverse("event-entries", args=[event.pk]) + "#apart-title")


@login_required
@require_POST
def entry_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A member (``player``) or a guest by name; ``walk_in`` checks the new entry in at once."""
    event = _directed(request, pk)
    account = signed_in(request)
    name_form = EntryNameForm(request.POST) if "name" in request.POST else None
    walk_in = bool(request.POST.get("walk_in"))
    try:
        if name_form is not None:
            if not name_form.is_valid():
                context = _entries_context(request, event, name_form=name_form)
                return render(request, "web/events/entries.html", context, status=REFUSED)
            if refused := account_refusal(request, WalkInThrottle):
                messages.error(request, refused.text)
                context = _entries_context(request, event, name_form=name_form)
                response = render(request, "web/events/entries.html", context, status=THROTTLED)
                response["Retry-After"] = str(refused.seconds)
                return response
            named = named_player(event, account, name_form.cleaned_data["name"])
            entry = services.entry_add(
                event=event,
                by=account,
                player=named.player,
                name=named.name,
                account=named.account,
                checked_in=walk_in,
            )
        else:
            player = _member_player(request, event)
            entry = services.entry_add(event=event, by=account, player=player, checked_in=walk_in)
    except CodedError as error:
        messages.error(request, violation_text(error))
    else:
        messages.success(request, _("%(name)s is entered.") % {"name": shown_name(entry.player.name)})
    return redirect("event-entries", pk=event.pk)


def _member_player(request: HtmxHttpRequest, event: Event) -> Player:
    """The member's player tapped (one of the choices offered, else 404)."""
    chosen = whole_number(request.POST.get("player", ""))
    choices = {choice.player_id for choice in member_choices(event, signed_in(request))}
    if chosen not in choices:
        raise Http404
    return player_get(chosen)


def _entry(event: Event, entry_id: int) -> Entry:
    entry = entry_of(event=event, pk=entry_id)
    if entry is None:
        raise Http404
    return entry


@login_required
def entry_check_in(request: HtmxHttpRequest, pk: int, entry_id: int) -> HttpResponse:
    """Check-in, in two steps: GET asks to confirm (the row alone for htmx), POST checks in."""
    return _confirmed(request, pk, entry_id, "check_in")


@login_required
def entry_check_out(request: HtmxHttpRequest, pk: int, entry_id: int) -> HttpResponse:
    """Undoing a check-in (a mistaken tap), confirmed as check-in is."""
    return _confirmed(request, pk, entry_id, "undo")


@login_required
def entry_drop(request: HtmxHttpRequest, pk: int, entry_id: int) -> HttpResponse:
    """Dropping out, in two steps as check-in: the dropped player is paired no more."""
    return _confirmed(request, pk, entry_id, "drop")


def _confirmed(request: HtmxHttpRequest, pk: int, entry_id: int, action: str) -> HttpResponse:
    event = _directed(request, pk)
    entry = _entry(event, entry_id)
    if request.method == "POST":
        error = ""
        try:
            if action == "drop":
                services.entry_drop(event=event, player_id=entry.player_id, by=signed_in(request))
            elif action == "return":
                repair.entry_return(event=event, player_id=entry.player_id, by=signed_in(request))
            else:
                by, undo = signed_in(request), action == "undo"
                services.entry_check_in(event=event, player_id=entry.player_id, by=by, undo=undo)
        except CodedError as refused:
            error = violation_text(refused)
        if not request.htmx:
            if error:
                messages.error(request, error)
            return redirect("event-entries", pk=event.pk)
        (row,) = entry_rows(event, only=entry.pk)
        context = {
            "event": event,
            "row": row,
            "error": error,
            "done": True,
        }  # done: the focus stays on the row
        return render(request, "web/events/_entry.html", context)
    (row,) = entry_rows(event, only=entry.pk)
    context = {"event": event, "row": row, "confirm": action}
    template = "web/events/_entry.html" if request.htmx else "web/events/confirm.html"
    return render(request, template, context)


@login_required
def round_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The next round's pairing as a draft (GET, nothing stored), published by POST. A field too large
    to pair in a request is paired by a task (POST, ``draft`` for a draft): its progress page follows."""
    event = _directed(request, pk)
    account = signed_in(request)
    if (running := pairing_job_running(event=event)) is not None:
        return redirect("event-job", pk=event.pk, job=running.pk)
    try:
        if request.method == "POST":
            draft = bool(request.POST.get("draft"))
            paired = jobs.round_pair_start(event=event, draft=draft, by=account)
            if isinstance(paired, PairingJob):
                return redirect("event-job", pk=event.pk, job=paired.pk)
            if not draft:
                text = _("Round %(number)s is published.") % {"number": paired.number}
                messages.success(request, text)
                return redirect("event", pk=event.pk)
            return _draft_page(request, event, paired)
        return _draft_page(request, event, jobs.round_draft(event=event, by=account))
    except CodedError as error:
        context = {"event": event, "error": violation_text(error), "nav": "pair"}
        if isinstance(error, RoundOpen):
            context["missing"] = results_view(event).missing
        return render(request, "web/events/round_new.html", context, status=409)


def _draft_page(request: HtmxHttpRequest, event: Event, draft: PlannedRound | None) -> HttpResponse:
    """The draft to publish, or (``None``: a field paired by a task) the buttons that start the task."""
    shown = None if draft is None else pairing_view(event, draft)
    context = {
        "event": event,
        "draft": shown,
        "large": draft is None,
        "checks": results_view(event),
        "nav": "pair",
    }
    return render(request, "web/events/round_new.html", context)


@login_required
def pairing_job(request: HtmxHttpRequest, pk: int, job: int) -> HttpResponse:
    """A pairing task's progress: polled while it runs (the status alone for htmx); once done, the
    event's page (a published round) or the draft; once failed, why."""
    event = _directed(request, pk)
    found = pairing_job_get(event=event, pk=job)
    if found is None:
        raise Http404
    if found.status == PairingJob.Status.DONE and not found.draft:
        messages.success(request, _("Round %(number)s is published.") % {"number": found.number})
        if request.htmx:
            return HttpResponse(headers={"HX-Redirect": reverse("event", args=[event.pk])})
        return redirect("event", pk=event.pk)
    if request.htmx and found.status != PairingJob.Status.RUNNING:
        return HttpResponse(headers={"HX-Refresh": "true"})
    plan = jobs.job_plan(found)
    error = jobs.job_error(found)
    context = {
        "event": event,
        "job": found,
        "draft": None if plan is None else pairing_view(event, plan),
        "error": None if error is None else violation_text(error),
        "poll_seconds": JOB_POLL_SECONDS,
        "nav": "pair",
    }
    template = "web/events/_job_status.html" if request.htmx else "web/events/job.html"
    return render(request, template, context)


@login_required
def table_result(request: HtmxHttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """A table's result as the director enters or overrides it (recorded with who and when): a
    winner or a draw for two sides, each side's place for a pod. The form carries the result's
    version: a result written meanwhile by someone else is shown instead of overwritten."""
    event = _directed(request, pk)
    found, row = _table(event, number, table)
    choices = result_choices(found)
    error = ""
    if request.method == "POST":
        chosen = result_chosen(found, choices, request.POST)
        if chosen is None:
            error = _("Choose the result: each place once.")
        else:
            try:
                services.table_result_set(
                    table=row, by=signed_in(request), expected_version=_version(request), **chosen
                )
            except CodedError as refused:
                error = violation_text(refused)
                found = _table(event, number, table)[0]  # as it is now
            else:
                messages.success(request, _("The result of table %(table)s is saved.") % {"table": table})
                return redirect(reverse("event", args=[event.pk]) + f"#table-{number}-{table}")
    return _result_page(request, event, found, choices, error)


@login_required
@require_POST
def table_result_withdraw(request: HtmxHttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """Withdraw the director's result that stands: the table's match's own result counts again."""
    event = _directed(request, pk)
    row = _table(event, number, table)[1]
    try:
        services.table_result_withdraw(table=row, by=signed_in(request), expected_version=_version(request))
    except CodedError as refused:
        found = _table(event, number, table)[0]
        return _result_page(request, event, found, result_choices(found), violation_text(refused))
    text = _("The director's result of table %(table)s is withdrawn: the match's result counts again.")
    messages.success(request, text % {"table": table})
    return redirect(reverse("event", args=[event.pk]) + f"#table-{number}-{table}")


def _table(event: Event, number: int, table: int) -> tuple[TableView, Table]:
    """Table ``table`` of round ``number`` as the result page shows it, and its row (else 404)."""
    found = table_of(event, number, table)
    if found is None or found.table is None:
        raise Http404
    return found, found.table


def _version(request: HtmxHttpRequest) -> int | None:
    return whole_number(request.POST.get("version", ""))


def _result_page(
    request: HtmxHttpRequest, event: Event, found: TableView, choices: ResultChoices, error: str
) -> HttpResponse:
    places = range(1, len(found.sides) + 1)
    context = {"event": event, "table": found, "choices": choices, "places": places, "error": error}
    return render(request, "web/events/result.html", context, status=REFUSED if error else 200)
