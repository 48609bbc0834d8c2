"""An event's public page (pairings by table and by name, standings, why each table), its TV mode, its
share link and its printable table sheets. The pairings region polls with the event's version, as the
match screen's live region does: an unchanged event answers 204 from its version row alone."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import club_role, event_by_link, event_for, signed_in
from games.clubs.selectors import club_of
from games.events.clock import (
    MINUTES_MAX,
    round_clock,
    round_clock_pause,
    round_clock_reset,
    round_clock_start,
)
from games.events.exports import (
    MEDIA_TYPE,
    SheetFormat,
    round_filename,
    round_lines,
    standings_filename,
    standings_lines,
)
from games.events.models import Event
from games.events.selectors import event_list, event_version, round_find, with_club_and_season
from games.events.services import event_share
from games.events.summary import SummaryBusy
from games.messages import violation_text
from games.models import Membership
from games.people.selectors.players import player_of
from games.rules.errors import CodedError
from scorekeeper.digits import whole_number
from scorekeeper.public import public_url
from web.event_keys import event_key, key_opens
from web.events import Pages, event_screen, print_sheets, round_screen
from web.views import HtmxHttpRequest

POLL_SECONDS = 3
TV_POLL_SECONDS = 5
PAPERS = ("a4", "letter")


def _pages(request: HtmxHttpRequest, tv: bool = False) -> Pages:
    tables, standings = (whole_number(request.GET.get(name, "")) for name in ("tables", "standings"))
    return Pages(tables=tables, standings=standings, tv=tv)


def _context(
    request: HtmxHttpRequest, event: Event, role: str | None, token: str = "", tv: bool = False
) -> dict[str, object]:
    mine = None if token else player_of(request.user)
    player = None if mine is None else mine.pk
    version = event_version(event.pk)
    can_direct = role == Membership.Role.ADMIN and not token
    pages = _pages(request, tv)
    poll = bool(request.GET.get("v"))  # a poll may wait for another request's summary: see _live
    screen = event_screen(
        event, can_direct=can_direct, player=player, version=version, pages=pages, wait=not poll
    )
    pk = event.pk
    live = reverse("event-shared-live", args=[token]) if token else reverse("event-live", args=[pk])
    shown = screen.tables_page.href(screen.tables_page.number) if not tv else ""
    return {
        "event": event,
        "screen": screen,
        "version": version,
        "poll_key": event_key(event.pk),
        "live_url": live + (shown if shown != "?" else ""),
        "push_url": reverse("event-shared-push", args=[token]) if token else reverse("event-push", args=[pk]),
        "token": token,
        "nav": "event",
        "clock": round_clock(event),
    }


def _poll_seconds(request: HtmxHttpRequest) -> int:
    return TV_POLL_SECONDS if request.GET.get("tv") else POLL_SECONDS


def event_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The event as its members see it; its admins also see the director's links."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event, role = event_for(request.user, pk, read=with_club_and_season)
    context = _context(request, event, role) | {"poll_seconds": POLL_SECONDS, "csv_format": SheetFormat.of()}
    return render(request, "web/events/page.html", context)


def event_tv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The room's screen: the current round's tables and the standings in big type, refreshing itself."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event, role = event_for(request.user, pk, read=with_club_and_season)
    context = _context(request, event, role, tv=True) | {"poll_seconds": TV_POLL_SECONDS, "tv": True}
    return render(request, "web/events/tv.html", context)


def _unchanged(request: HtmxHttpRequest) -> HttpResponse | None:
    """204 when the poll's version (``v``) is still that of its event (``e``), whose key it carries
    (``k``); else ``None``, and the poll is answered in full, with every check. A TV going round the
    pages of a big round's tables (``cycle``) is always answered in full."""
    if request.GET.get("cycle"):
        return None
    seen, pk = request.GET.get("v", ""), whole_number(request.GET.get("e", ""))
    if not seen or pk is None or not key_opens(request.GET.get("k", ""), pk):
        return None
    found = event_version(pk)
    return HttpResponse(status=204) if found is not None and str(found) == seen else None


def _live(request: HtmxHttpRequest, event: Event, role: str | None, token: str = "") -> HttpResponse:
    tv = bool(request.GET.get("tv"))
    try:
        context = _context(request, event, role, token, tv)
    except SummaryBusy:  # another request is computing what changed: this poll asks again at its next
        return HttpResponse(status=204)
    context |= {"poll_seconds": _poll_seconds(request), "tv": tv}
    if request.GET.get("v") == str(context["version"]) and not request.GET.get("cycle"):
        return HttpResponse(status=204)
    return render(request, "web/events/_live.html", context)


def event_live(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The event page's live region, polled; 204 when unchanged."""
    if (answer := _unchanged(request)) is not None:
        return answer
    event, role = event_for(request.user, pk, read=with_club_and_season)
    return _live(request, event, role)


def event_shared_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only page for whoever holds the share link (``?tv=1``: the TV mode)."""
    event = event_by_link(token)
    tv = bool(request.GET.get("tv"))
    context = _context(request, event, None, token, tv) | {
        "poll_seconds": TV_POLL_SECONDS if tv else POLL_SECONDS,
        "tv": tv,
        "csv_format": SheetFormat.of(),
    }
    return render(request, "web/events/tv.html" if tv else "web/events/page.html", context)


def event_shared_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The live region of an event read by its share link."""
    if (answer := _unchanged(request)) is not None:
        return answer
    return _live(request, event_by_link(token), None, token)


CLOCK_ACTIONS = {"start": round_clock_start, "pause": round_clock_pause, "reset": round_clock_reset}


@login_required
@require_POST
def event_clock(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The director's round clock: start (``minutes``, else the stopped clock again), pause, reset."""
    event = event_for(request.user, pk, write=True, read=with_club_and_season)[0]
    by = signed_in(request)
    action = request.POST.get("action", "")
    minutes = whole_number(request.POST.get("minutes", ""))
    if action not in CLOCK_ACTIONS or (minutes is not None and not 1 <= minutes <= MINUTES_MAX):
        messages.error(request, _("Give the clock between 1 and %(max)s minutes.") % {"max": MINUTES_MAX})
        return redirect(reverse("event", args=[event.pk]) + "#clock")
    try:
        if action == "start":
            round_clock_start(event=event, by=by, minutes=minutes)
        else:
            CLOCK_ACTIONS[action](event=event, by=by)
    except CodedError as refused:
        messages.error(request, violation_text(refused))
    return redirect(reverse("event", args=[event.pk]) + "#clock")


@login_required
@require_POST
def event_share_view(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new share link (``enabled=1``), or none (``enabled=0``)."""
    event = event_for(request.user, pk, write=True, read=with_club_and_season)[0]
    event_share(event=event, by=signed_in(request), enabled=request.POST.get("enabled", "1") == "1")
    return redirect(reverse("event", args=[event.pk]) + "#share")


def _round(
    request: HtmxHttpRequest, event: Event, number: int, role: str | None = None, token: str = ""
) -> HttpResponse:
    played = round_screen(event, number)
    if played is None:
        raise Http404
    director = role == Membership.Role.ADMIN and not token
    context = {"event": event, "round": played, "token": token, "nav": "event", "director": director}
    template = "web/events/_round.html" if request.htmx else "web/events/round.html"
    return render(request, template, context)


@login_required
def event_round(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Every table of round ``number`` and who sits where, which the event page opens on demand (the
    fragment for htmx, a page of its own without)."""
    event, role = event_for(request.user, pk, read=with_club_and_season)
    return _round(request, event, number, role)


def event_shared_round(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    """A round's tables for whoever holds the share link."""
    return _round(request, event_by_link(token), number, token=token)


def _csv(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type=MEDIA_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _standings_csv(event: Event) -> HttpResponse:
    return _csv(SheetFormat.of().text(standings_lines(event)), standings_filename(event))


def _round_csv(event: Event, number: int) -> HttpResponse:
    played = round_find(event=event, number=number)
    if played is None:
        raise Http404
    return _csv(SheetFormat.of().text(round_lines(event, played)), round_filename(event, number))


@login_required
def event_standings_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The standings as the page shows them, as a CSV file in the reader's language
    (:mod:`games.events.exports`)."""
    return _standings_csv(event_for(request.user, pk)[0])


@login_required
def event_round_csv(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Round ``number``'s pairings and results as a CSV file (404 when there is no such round)."""
    return _round_csv(event_for(request.user, pk)[0], number)


def event_shared_standings_csv(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The standings' CSV file for whoever holds the share link."""
    return _standings_csv(event_by_link(token))


def event_shared_round_csv(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    """A round's CSV file for whoever holds the share link."""
    return _round_csv(event_by_link(token), number)


@login_required
def round_print(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Round ``number``'s printout for A4 or Letter (``paper``): who sits where by name, then six table
    sheets a page, each with the QR code of its match (on ``PUBLIC_URL``), its table code where tables
    have one, and a score and signature line per side."""
    event = event_for(request.user, pk, write=True, read=with_club_and_season)[0]
    sheets = print_sheets(event, number, lambda path: public_url(request, path))
    if sheets is None:
        raise Http404
    paper = request.GET.get("paper", "")
    context = {
        "event": event,
        "number": number,
        "sheets": sheets,
        "paper": paper if paper in PAPERS else PAPERS[0],
    }
    return render(request, "web/events/print.html", context)


@login_required
def club_events(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """The club's events, newest first; its admins also get the link to create one."""
    club = club_of(user=request.user, pk=club_id)
    if club is None:
        raise Http404
    role = club_role(club=club, user=request.user)
    events = event_list(user=request.user, club=club.pk)
    context = {"club": club, "events": list(events), "is_admin": role == Membership.Role.ADMIN}
    return render(request, "web/events/list.html", context)
