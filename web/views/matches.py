"""Matches: start one, the match screen (live), the share link, a rematch, abandoning."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from games.access import signed_in
from games.clubs.selectors import club_list, club_of, season_list
from games.errors import RecordConflict
from games.events.selectors import table_place
from games.matches.selectors.matches import match_last_started, match_row
from games.matches.services.matches import match_abandon, match_rematch, match_share
from games.matches.services.seating import match_start_seating, seating_known
from games.messages import violation_text
from games.models import Club, Match, Season
from games.presentation import Preset
from games.rules.errors import RuleViolation
from scorekeeper.digits import whole_number
from web.drafts import draft_match, offline_start
from web.forms import SEATS, InviteForm, MatchForm, seat_toggled
from web.people import member_names, seat_mark, suggestions, table_people
from web.presets import (
    preset_find,
    preset_for_readers,
    preset_of_match,
    presets_available,
    reader_languages,
)
from web.screens import screen_version
from web.views import HtmxHttpRequest
from web.views.live import (
    Part,
    live_context,
    live_fragment,
    live_poll,
    match_readable,
    match_shared_readable,
    match_writable,
    pass_streams,
    personal,
    shared_url,
    unchanged,
)
from web.views.people import guest_seats
from web.views.table_guests import guest_entry

KEPT = ("teams", "club", "season")  # besides the seats, what a redrawn form keeps
# The emojis a seat's field suggests (any other one may be typed): animals and signs, no faces or hands,
# so none says anything of who sits there.
SEAT_EMOJIS = ("🦊", "🐻", "🐼", "🐸", "🦉", "🐙", "🐢", "🌵", "🍀", "⭐", "🔥", "🌙")


def _current_season(seasons: QuerySet[Season]) -> Season | None:
    """The club's season that includes today (open ends count), to start the evening's matches in."""
    today = timezone.localdate()
    return next(
        (
            season
            for season in seasons
            if (season.starts_on is None or season.starts_on <= today)
            and (season.ends_on is None or today <= season.ends_on)
        ),
        None,
    )


@login_required
def match_new(request: HtmxHttpRequest) -> HttpResponse:
    """Choose the game and variant, the club and season, seat the players, start; changing the variant
    or the club redraws the form, and tapping a club member seats (or unseats) them."""
    account = signed_in(request)
    data = request.POST if request.method == "POST" else None
    source = data or request.GET
    preset = preset_find(source.get("variant", "")) or _first_preset(request, account)
    clubs = club_list(user=account)
    club_id = whole_number(source.get("club", ""))
    club = club_of(user=account, pk=club_id) if club_id is not None else None
    seasons = season_list(club=club) if club is not None else None
    kept = _kept(request, seasons) if data is None else {}
    form = MatchForm(data, preset=preset, clubs=clubs, seasons=seasons, initial=kept or None)
    if data is not None and form.is_valid() and (match := _started(form, preset, account)):
        return redirect("match", pk=match.pk)
    context = _new_form_context(form, data or kept, club, account)
    template = "web/matches/_new_form.html" if request.htmx and data is None else "web/matches/new.html"
    return render(request, template, context)


def _first_preset(request: HtmxHttpRequest, account: User) -> Preset:
    """The variant the form starts on: that of the last match ``account`` started, else the game of
    the reader's country (by language and region), else the first offered."""
    last = match_last_started(user=account)
    return (
        (preset_of_match(last.game, last.options) if last is not None else None)
        or preset_for_readers(reader_languages(get_language(), request.headers.get("Accept-Language", "")))
        or presets_available()[0]
    )


def _kept(request: HtmxHttpRequest, seasons: QuerySet[Season] | None) -> dict[str, str]:
    """What a redrawn form keeps: the names typed so far (a member tapped in or out) and the season,
    today's by default. A new variant's target and rules start from the variant's own."""
    kept = {
        key: request.GET[key] for key in request.GET if key.startswith(("seat_", "emoji_")) or key in KEPT
    }
    if "add" in request.GET:
        kept = seat_toggled(kept, request.GET["add"], SEATS)
    if seasons is not None and not kept.get("season"):
        current = _current_season(seasons)
        kept["season"] = str(current.pk) if current else ""
    return kept


def _started(form: MatchForm, preset: Preset, account: User) -> Match | None:
    """The match the valid ``form`` starts, or ``None`` with the engine's refusal on the form."""
    chosen_club, season = form.club_and_season()
    try:
        return match_start_seating(
            game=preset.game,
            names=form.names(),
            emojis=form.emojis(),
            by=account,
            options=form.options(),
            teams=form.cleaned_data["teams"],
            club=chosen_club,
            season=season,
        )
    except RuleViolation as error:
        form.add_error(None, violation_text(error))
        return None


def _new_form_context(
    form: MatchForm, values: Mapping[str, str], club: Club | None, account: User
) -> dict[str, object]:
    """The form with each seat's mark (account, invited account, guest) and the club's members."""
    seated = {values[key].strip().casefold() for key in values if key.startswith("seat_")}
    members = (
        [(name, typed, typed.casefold() in seated) for name, typed in member_names(club)] if club else []
    )
    known = seating_known(by=account, club=club)
    seats = [(field, emoji, seat_mark(known, field.value())) for field, emoji in form.seat_fields]
    return {
        "form": form,
        "offline_start": offline_start(form.preset, account),
        "seats": seats,
        "suggestions": suggestions(known),
        "seat_emojis": SEAT_EMOJIS,
        "club": club,
        "members": members,
    }


@login_required
def match_draft_view(
    request: HtmxHttpRequest, variant: str, players: int, pairs: bool = False
) -> HttpResponse:
    """The match screen a phone keeps to show a match started offline (``web.drafts``): the match
    screen of an unsaved match, its players named by tokens; 404 for a seating the game refuses."""
    preset = preset_find(variant)
    if preset is None or players > SEATS:  # no game seats more: no names made for a huge number
        raise Http404
    try:
        match = draft_match(preset, players, pairs, signed_in(request))
    except RuleViolation:
        raise Http404 from None
    return render(request, "web/matches/detail.html", {**live_context(request, match), "draft": True})


@login_required
def match_seat_mark(request: HtmxHttpRequest) -> HttpResponse:
    """What the name typed in seat ``mark`` seats (account, invited account, guest), as the phone types."""
    account = signed_in(request)
    club_id = whole_number(request.GET.get("club", ""))
    club = club_of(user=account, pk=club_id) if club_id is not None else None
    name = request.GET.get(f"seat_{request.GET.get('mark', '')}", "")
    mark = seat_mark(seating_known(by=account, club=club), name)
    return render(request, "web/matches/_seat_mark.html", {"mark": mark})


def match_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The match screen: score sheet, sides, the hand in progress and the recording controls."""
    if entry := guest_entry(request, pk):
        return entry  # the table's code page, or sign-in
    match = match_readable(request, pk)
    context = _screen_context(request, match)
    pass_streams(request, match, context)
    return render(request, "web/matches/detail.html", context)


def _screen_context(request: HtmxHttpRequest, match: Match, token: str = "") -> dict[str, object]:
    """The live region's context and the region itself, the one its phones' polls and pushes are served,
    and the offline recording's part (each from the cache: a table's phones open a new match's page
    together, and one renders it), plus who sits at the table (not polled: it holds forms)."""
    context = live_context(request, match, token=token)
    shown, version = dict(context), screen_version(match)
    parts: tuple[Part, ...] = ("live", "offline") if context["writable"] else ("live",)
    for part in parts:  # the offline recording's only for a phone that records
        fragment = live_fragment(request, match, version, token=token, shown=shown, part=part)
        context[f"{part}_part"] = mark_safe(personal(request, fragment))  # as the first phone rendered it
    writer = bool(context["manages"])
    context["people"] = table_people(match, request.user, writer=writer)
    context["writable_people"] = writer
    # A match of an event's table names it, with a link back for those who may read the event.
    context["event_table"] = None if token else table_place(match=match, user=request.user)
    if writer:
        context["invite_form"] = InviteForm(seats=guest_seats(match))
    return context


def match_live(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The match screen's live region, polled; 204 when unchanged."""
    return unchanged(request, pk=pk) or live_poll(request, match_readable(request, pk, read=match_row))


def match_shared(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only screen for whoever holds the share link."""
    match = match_shared_readable(request, token)
    return render(request, "web/matches/detail.html", _screen_context(request, match, token))


def match_shared_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The live region of a match read by its share link."""
    return unchanged(request, token=token) or live_poll(
        request, match_shared_readable(request, token, match_row), token
    )


@require_POST
def match_share_view(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new share link (or none); asked for JSON (the finished screen's Share, static/js/share.js), its
    address, to share at once."""
    match = match_writable(request, pk)
    match = match_share(match=match, enabled=request.POST.get("enabled", "1") == "1", by=request.user)
    if request.headers.get("Accept") == "application/json":
        return JsonResponse({"url": shared_url(request, match)})
    return redirect("match", pk=pk)


@require_POST
def match_abandon_view(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Abandon the match: it stops for good."""
    match = match_writable(request, pk)
    try:
        match_abandon(match=match, by=request.user)
    except RecordConflict as error:
        messages.error(request, violation_text(error))
    return redirect("match", pk=pk)


@require_POST
def match_rematch_view(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The finished match again, same seats and options (one tap; a second opens the same rematch)."""
    match = match_writable(request, pk)
    try:
        rematch, _made = match_rematch(match=match, by=signed_in(request))
    except (RecordConflict, RuleViolation) as error:
        messages.error(request, violation_text(error))
        return redirect("match", pk=pk)
    return redirect("match", pk=rematch.pk)
