"""Home, sign up (sign in and out are Django's own views), archiving old unfinished matches."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games.rules.registry import GAMES
from games.selectors import claim_list_waiting, invitation_list_waiting, match_groups, player_of
from games.services.matches import matches_archive
from scorekeeper.throttles import SignUpThrottle, throttled
from web.account_forms import SignUpForm
from web.forms import RenameForm

RECENT = 10
ARCHIVE_AFTER = timedelta(days=7)  # an unfinished match this old is offered for archiving


def home(request: HttpRequest) -> HttpResponse:
    """What Scorekeeper is; for a signed-in player, invitations and claims waiting for them, and their
    matches grouped: in progress, finished, abandoned."""
    games = sorted(GAMES.values(), key=lambda game: game.name)
    context: dict[str, object] = {"games": games}
    if request.user.is_authenticated:
        groups = match_groups(user=request.user, recent=RECENT, stale_before=timezone.now() - ARCHIVE_AFTER)
        context |= groups._asdict()
        context["invitations"] = invitation_list_waiting(user=request.user)
        context["claims"] = claim_list_waiting(user=request.user)
        me = player_of(request.user)
        context["me"] = me
        context["rename_form"] = RenameForm(initial={"name": me.name}) if me else None
    return render(request, "web/home.html", context)


@login_required
@require_POST
def matches_archive_view(request: HttpRequest) -> HttpResponse:
    """Archive (abandon) the user's unfinished matches older than a week."""
    assert isinstance(request.user, User)
    count = matches_archive(by=request.user, before=timezone.now() - ARCHIVE_AFTER)
    text = ngettext("%(count)s old match is archived.", "%(count)s old matches are archived.", count)
    messages.success(request, text % {"count": count})
    return redirect("home")


@throttled(SignUpThrottle)
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in with it (a taken name is refused in words that say no more than its
    public handle: web/account_forms.py)."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        login(request, form.save(), backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
