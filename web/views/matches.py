"""Matches: start one, the match screen (live), the share link, abandoning."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.models import Match
from games.rules.errors import RuleViolation
from games.services.errors import RecordConflict
from games.services.matches import match_abandon, match_share, match_start
from web.forms import MatchForm
from web.people import name_suggestions, seat_players
from web.presets import preset_find, presets_available
from web.views import HtmxHttpRequest
from web.views.live import live_context, live_poll, match_readable, match_writable
from web.violations import violation_text


def _account(request: HtmxHttpRequest) -> User:
    assert isinstance(request.user, User)  # login_required
    return request.user


@login_required
def match_new(request: HtmxHttpRequest) -> HttpResponse:
    """Choose the game and variant, seat the players, start; changing the variant redraws the form."""
    data = request.POST if request.method == "POST" else None
    slug = (data or request.GET).get("variant", "")
    preset = preset_find(slug) or presets_available()[0]
    # A new variant keeps the names typed so far; its target and rules start from the variant's own.
    kept = {key: value for key, value in request.GET.items() if key.startswith("seat_") or key == "teams"}
    form = MatchForm(data, preset=preset, initial=kept if data is None else None)
    if data is not None and form.is_valid():
        try:
            with transaction.atomic():  # guests created for a match that fails to start are not kept
                players = seat_players(names=form.names(), by=_account(request))
                match = match_start(
                    game=preset.game,
                    players=players,
                    by=_account(request),
                    options=form.options(),
                    teams=form.cleaned_data["teams"],
                )
        except RuleViolation as error:
            form.add_error(None, violation_text(error))
        else:
            return redirect("match", pk=match.pk)
    context = {"form": form, "suggestions": name_suggestions(_account(request))}
    template = "web/matches/_new_form.html" if request.htmx and data is None else "web/matches/new.html"
    return render(request, template, context)


def match_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The match screen: score sheet, sides, the hand in progress and the recording controls."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match = match_readable(request, pk)
    return render(request, "web/matches/detail.html", live_context(request, match))


def match_live(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return live_poll(request, match_readable(request, pk))


def _shared(request: HtmxHttpRequest, token: str) -> Match:
    """The match behind a share link (404 for an unknown or withdrawn link)."""
    found = Match.objects.filter(share_token=token).values_list("pk", flat=True).first() if token else None
    if found is None:
        raise Http404
    return match_readable(request, found, token)


def match_shared(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only screen for whoever holds the share link."""
    match = _shared(request, token)
    return render(request, "web/matches/detail.html", live_context(request, match, token=token))


def match_shared_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return live_poll(request, _shared(request, token), token)


@require_POST
def match_share_view(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    match = match_writable(request, pk)
    match_share(match=match, enabled=request.POST.get("enabled", "1") == "1")
    return redirect("match", pk=pk)


@require_POST
def match_abandon_view(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    match = match_writable(request, pk)
    try:
        match_abandon(match=match)
    except RecordConflict as error:
        messages.error(request, violation_text(error))
    return redirect("match", pk=pk)
