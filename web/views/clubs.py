"""My clubs: the list with links to their statistics, creating a club, adding members and seasons."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import club_for
from games.models import Club
from games.services.clubs import club_create, membership_create, season_create
from games.services.errors import SeasonNameTaken
from web.clubs import ClubForm, MemberForm, SeasonForm, club_views

REFUSED = 422


def _account(request: HttpRequest) -> User:
    assert isinstance(request.user, User)  # login_required
    return request.user


def _page(
    request: HttpRequest,
    club_form: ClubForm | None = None,
    bound: dict[tuple[str, int], forms.Form] | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {"clubs": club_views(_account(request), bound), "club_form": club_form or ClubForm()}
    return render(request, "web/clubs/list.html", context, status=status)


@login_required
def clubs_page(request: HttpRequest) -> HttpResponse:
    """The user's clubs (GET); a new club, its creator its first admin (POST)."""
    if request.method != "POST":
        return _page(request)
    form = ClubForm(request.POST)
    if not form.is_valid():
        return _page(request, club_form=form, status=REFUSED)
    club = club_create(name=form.cleaned_data["name"], by=_account(request))
    messages.success(request, _("Club %(name)s is created; you are its admin.") % {"name": club.name})
    return redirect(reverse("clubs") + f"#club-{club.pk}")


def _admin_club(request: HttpRequest, club_id: int) -> Club:
    """The club, if the user is one of its admins (404 for others' clubs, 403 for its plain members)."""
    return club_for(request.user, club_id, write=True)


@login_required
@require_POST
def club_member_add(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _admin_club(request, club_id)
    form = MemberForm(request.POST, admin=_account(request))
    if not form.is_valid():
        return _page(request, bound={("member", club.pk): form}, status=REFUSED)
    account = form.cleaned_data["username"]
    membership_create(club=club, user=account, role=form.cleaned_data["role"], by=request.user)
    text = _("%(user)s is a member of %(club)s.") % {"user": account.username, "club": club.name}
    messages.success(request, text)
    return redirect(reverse("clubs") + f"#club-{club.pk}")


@login_required
@require_POST
def club_season_add(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _admin_club(request, club_id)
    form = SeasonForm(request.POST)
    season = None
    if form.is_valid():
        try:
            season = season_create(club=club, **form.cleaned_data)
        except SeasonNameTaken:
            form.add_error("name", _("This club already has a season with that name."))
    if season is None:
        return _page(request, bound={("season", club.pk): form}, status=REFUSED)
    text = _("Season %(season)s of %(club)s is added.") % {"season": season.name, "club": club.name}
    messages.success(request, text)
    return redirect(reverse("clubs") + f"#club-{club.pk}")
