"""Server-rendered pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.rules.registry import GAMES


def home(request: HttpRequest) -> HttpResponse:
    games = sorted(GAMES.values(), key=lambda game: game.name)
    return render(request, "web/home.html", {"games": games})
