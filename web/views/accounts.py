"""Home, sign up (sign in and out are Django's own views)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from games.rules.registry import GAMES


def home(request: HttpRequest) -> HttpResponse:
    games = sorted(GAMES.values(), key=lambda game: game.name)
    return render(request, "web/home.html", {"games": games})


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in with it."""
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        login(request, form.save())
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
