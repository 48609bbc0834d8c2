"""The director's repairs of the last round on the desk: one page per round with a swap form and the
two destructive repairs (withdraw the round, pair its unplayed tables again), each confirmed on the
page before it is done. Only the club's admins reach it (members 403, anyone else 404)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import signed_in
from games.events import repair
from games.events.models import Event
from games.events.selectors import entry_names
from games.messages import violation_text
from games.rules.errors import CodedError
from web.repair import RepairView, SwapForm, rematch_names, repair_view
from web.views import HtmxHttpRequest
from web.views.event_desk import REFUSED, _confirmed, _directed

CONFIRMS = ("withdraw", "repair")


def _view(event_pk: int, request: HtmxHttpRequest, number: int) -> tuple[Event, RepairView]:
    event = _directed(request, event_pk)
    view = repair_view(event, number)
    if view is None:
        raise Http404
    return event, view


@login_required
def round_repair_page(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """The round's repairs; ``?confirm=withdraw`` or ``repair`` asks to confirm that one first."""
    event, view = _view(pk, request, number)
    confirm = request.GET.get("confirm", "")
    return _page(request, event, view, SwapForm(movable=view.movable), confirm if confirm in CONFIRMS else "")


def _page(
    request: HtmxHttpRequest,
    event: Event,
    view: RepairView,
    form: SwapForm,
    confirm: str = "",
    error: str = "",
) -> HttpResponse:
    context = {"event": event, "view": view, "form": form, "confirm": confirm, "error": error, "nav": ""}
    status = REFUSED if error or form.errors else 200
    return render(request, "web/events/repair.html", context, status=status)


@login_required
@require_POST
def round_withdraw(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Withdraw the round (confirmed on the page): back to pairing it again."""
    event = _view(pk, request, number)[0]  # 404 for a round it does not have
    try:
        repair.round_withdraw(event=event, number=number, by=signed_in(request))
    except CodedError as refused:
        return _refused(request, event, number, refused)
    messages.success(
        request, _("Round %(number)s is withdrawn; pair it again when ready.") % {"number": number}
    )
    return redirect("event-round-new", pk=pk)


@login_required
@require_POST
def round_swap(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Swap the two players chosen; a rematch it makes is said."""
    event, view = _view(pk, request, number)
    form = SwapForm(request.POST, movable=view.movable)
    if not form.is_valid():
        return _page(request, event, view, form)
    try:
        done = repair.round_swap(event=event, number=number, players=form.players(), by=signed_in(request))
    except CodedError as refused:
        return _refused(request, event, number, refused, form)
    names = entry_names(event=event)
    first, second = form.players()
    text = _("Swapped: %(first)s and %(second)s.") % {"first": names[first], "second": names[second]}
    messages.success(request, text)
    if done.new_rematches:
        messages.warning(
            request, _("They meet again: %(pairs)s.") % {"pairs": rematch_names(done.new_rematches, names)}
        )
    return redirect("event-round-repair", pk=pk, number=number)


@login_required
@require_POST
def round_repair(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Pair the round's unplayed tables again (confirmed on the page)."""
    event = _view(pk, request, number)[0]
    try:
        repair.round_repair(event=event, number=number, by=signed_in(request))
    except CodedError as refused:
        return _refused(request, event, number, refused)
    messages.success(
        request, _("The unplayed tables of round %(number)s are paired again.") % {"number": number}
    )
    return redirect("event", pk=pk)


def _refused(
    request: HtmxHttpRequest, event: Event, number: int, refused: CodedError, form: SwapForm | None = None
) -> HttpResponse:
    """The page as the round is now, with why the repair was refused."""
    view = repair_view(event, number)
    if view is None:  # withdrawn meanwhile
        raise Http404
    return _page(request, event, view, form or SwapForm(movable=view.movable), error=violation_text(refused))


@login_required
def entry_return(request: HtmxHttpRequest, pk: int, entry_id: int) -> HttpResponse:
    """A dropped player back from the next round, in two steps as dropping them."""
    return _confirmed(request, pk, entry_id, "return")
