"""Home, sign up (sign in and out are Django's own views)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from api.throttles import SignUpThrottle, throttled
from games.models import Match
from games.rules.registry import GAMES
from games.selectors import match_list

RECENT = 10


def home(request: HttpRequest) -> HttpResponse:
    """What Scorekeeper is; for a signed-in player, the matches in progress and the recent results."""
    games = sorted(GAMES.values(), key=lambda game: game.name)
    context: dict[str, object] = {"games": games}
    if request.user.is_authenticated:
        mine = match_list(user=request.user)
        context["in_progress"] = list(mine.filter(status=Match.Status.IN_PROGRESS)[:RECENT])
        context["finished"] = list(mine.exclude(status=Match.Status.IN_PROGRESS)[:RECENT])
    return render(request, "web/home.html", context)


@throttled(SignUpThrottle)
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in with it."""
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        login(request, form.save())
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
