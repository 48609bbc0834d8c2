"""Guests' tables on the web (docs/events.md, "Guests' tables"): a phone not signed in that opens a
table's match (its printed QR) is asked for the table's code; the right code lets it record that match
alone, until the event ends. The second person at a table confirms its result here too."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from games.access import TableGuest
from games.errors import RecordConflict
from games.events.confirmations import table_result_confirm
from games.events.selectors import table_of_match
from games.events.table_codes import LENGTH, SESSION_KEY, code_matches, event_over, table_session_open
from games.messages import violation_text
from scorekeeper.throttles import TableCodeThrottle, refusal_page
from web.views import HtmxHttpRequest
from web.views.live import match_writable


class TableCodeForm(forms.Form):
    """The code printed beside a table's QR."""

    code = forms.CharField(
        label=gettext_lazy("Table code"),
        max_length=LENGTH * 2,
        help_text=gettext_lazy("Printed beside the table's QR code."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )


def guest_entry(request: HtmxHttpRequest, pk: int) -> HttpResponse | None:
    """For a visitor neither signed in nor this table's guest: the code page of an event table's match,
    else the sign-in page (``None``: the visitor goes on to the match)."""
    user = request.user
    if user.is_authenticated or (isinstance(user, TableGuest) and user.match == pk):
        return None
    if table_of_match(match_id=pk) is None:
        return redirect_to_login(request.get_full_path())
    return redirect("table-code", pk=pk)


def table_code(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Enter the code of the table whose match is ``pk``; wrong codes from one address are limited."""
    table = table_of_match(match_id=pk)
    if table is None:
        raise Http404
    over = event_over(table.round.event)
    form = TableCodeForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and not over:
        throttle = TableCodeThrottle()
        if (seconds := throttle.refusal(request)) is not None:
            return refusal_page(request, seconds)
        if form.is_valid() and code_matches(table, form.cleaned_data["code"]):
            token = table_session_open(table=table, web=True)
            request.session.cycle_key()
            request.session[SESSION_KEY] = token
            return redirect("match", pk=pk)
        if form.is_valid():
            throttle.failed(request)
            form.add_error("code", gettext("This is not the code of this table."))
    context = {"form": form, "table": table, "over": over, "event": table.round.event}
    return render(request, "web/tables/code.html", context, status=422 if form.errors else 200)


@require_POST
def match_confirm(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The second person at an event table confirms its match's result."""
    match = match_writable(request, pk, record=True)
    table = table_of_match(match_id=match.pk)
    if table is None:
        raise Http404
    try:
        table_result_confirm(table=table, by=request.user)
    except RecordConflict as error:
        messages.error(request, violation_text(error))
    else:
        messages.success(request, gettext("Result confirmed."))
    return redirect("match", pk=pk)
