"""My clubs: the list with links to their statistics, creating a club, adding members and seasons;
one club's page, where admins share invitations, change roles and remove members, and members leave;
an invitation's page, where whoever holds the link joins (signing in or up first)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import club_for, club_invitation_by_link, club_invitation_for, membership_for, signed_in
from games.clubs.selectors import membership_of
from games.clubs.services.clubs import (
    club_create,
    membership_create,
    membership_remove,
    membership_role_set,
    season_create,
)
from games.clubs.services.invitations import (
    club_invitation_check,
    club_invitation_create,
    club_invitation_revoke,
)
from games.errors import SeasonNameTaken
from games.messages import violation_text
from games.models import Club
from games.rules.errors import CodedError
from scorekeeper.throttles import ClubInvitationThrottle, ClubJoinThrottle, throttled
from web.club_invitations import join, role_word
from web.clubs import ClubForm, ClubInvitationForm, MemberForm, RoleForm, SeasonForm, club_page, club_views

REFUSED = 422


def _page(
    request: HttpRequest,
    club_form: ClubForm | None = None,
    bound: dict[tuple[str, int], forms.Form] | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {"clubs": club_views(signed_in(request), bound), "club_form": club_form or ClubForm()}
    return render(request, "web/clubs/list.html", context, status=status)


@login_required
def clubs_page(request: HttpRequest) -> HttpResponse:
    """The user's clubs (GET); a new club, its creator its first admin (POST)."""
    if request.method != "POST":
        return _page(request)
    form = ClubForm(request.POST)
    if not form.is_valid():
        return _page(request, club_form=form, status=REFUSED)
    club = club_create(name=form.cleaned_data["name"], by=signed_in(request))
    messages.success(request, _("Club %(name)s is created; you are its admin.") % {"name": club.name})
    return redirect(reverse("clubs") + f"#club-{club.pk}")


def _admin_club(request: HttpRequest, club_id: int) -> Club:
    """The club, if the user is one of its admins (404 for others' clubs, 403 for its plain members)."""
    return club_for(request.user, club_id, write=True)


@login_required
@require_POST
def club_member_add(request: HttpRequest, club_id: int) -> HttpResponse:
    """An admin adds a member to the club."""
    club = _admin_club(request, club_id)
    form = MemberForm(request.POST, admin=signed_in(request))
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
    """An admin adds a season to the club."""
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


def _club_url(club_id: int, anchor: str = "") -> str:
    return reverse("club", args=[club_id]) + (f"#{anchor}" if anchor else "")


def _club_page(
    request: HttpRequest, club: Club, form: ClubInvitationForm | None = None, status: int = 200
) -> HttpResponse:
    context = {"page": club_page(signed_in(request), club, form)}
    return render(request, "web/clubs/club.html", context, status=status)


@login_required
def club_detail(request: HttpRequest, club_id: int) -> HttpResponse:
    """One club's members, and for its admins its invitations (404 to anyone not a member)."""
    return _club_page(request, club_for(request.user, club_id))


@login_required
@require_POST
@throttled(ClubInvitationThrottle)
def club_invitation_new(request: HttpRequest, club_id: int) -> HttpResponse:
    """An admin makes a link to join the club."""
    club = _admin_club(request, club_id)
    form = ClubInvitationForm(request.POST)
    if not form.is_valid():
        return _club_page(request, club, form, status=REFUSED)
    club_invitation_create(
        club=club,
        by=signed_in(request),
        role=form.cleaned_data["role"],
        days=form.cleaned_data["days"],
        max_uses=form.cleaned_data["max_uses"],
    )
    messages.success(request, _("The invitation link is ready: share it or show its QR code."))
    return redirect(_club_url(club.pk, "invitations"))


@login_required
@require_POST
def club_invitation_revoke_view(request: HttpRequest, club_id: int, invitation_id: int) -> HttpResponse:
    """An admin revokes an invitation: its link no longer works."""
    invitation = club_invitation_for(request.user, club_id, invitation_id)
    club_invitation_revoke(invitation=invitation, by=signed_in(request))
    messages.success(request, _("The invitation is revoked; its link no longer works."))
    return redirect(_club_url(club_id, "invitations"))


@login_required
@require_POST
def club_member_role(request: HttpRequest, club_id: int, membership_id: int) -> HttpResponse:
    """An admin makes a member an admin, or an admin a member (never the last admin)."""
    membership = membership_for(request.user, club_id, membership_id)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a role."))
        return redirect(_club_url(club_id, "members"))
    try:
        changed = membership_role_set(
            membership=membership, role=form.cleaned_data["role"], by=signed_in(request)
        )
    except CodedError as error:
        messages.error(request, violation_text(error))
    else:
        text = _("The role of %(user)s in %(club)s: %(role)s.")
        names = {"user": changed.user.username, "role": role_word(changed.role), "club": changed.club.name}
        messages.success(request, text % names)
    return redirect(_club_url(club_id, "members"))


@login_required
@require_POST
def club_member_remove(request: HttpRequest, club_id: int, membership_id: int) -> HttpResponse:
    """An admin removes a member; a member removes themself (leaves). Never the last admin."""
    membership = membership_for(request.user, club_id, membership_id, remove=True)
    leaving = membership.user_id == request.user.pk
    try:
        membership_remove(membership=membership, by=signed_in(request))
    except CodedError as error:
        messages.error(request, violation_text(error))
        return redirect(_club_url(club_id, "members"))
    if leaving:
        messages.success(request, _("You left %(club)s.") % {"club": membership.club.name})
        return redirect("clubs")
    text = _("%(user)s is no longer a member of %(club)s.")
    messages.success(request, text % {"user": membership.user.username, "club": membership.club.name})
    return redirect(_club_url(club_id, "members"))


@throttled(ClubJoinThrottle)
def club_invitation_page(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation to a club (GET, for whoever holds the link: the club, the role, and signing in or
    up to join) and joining through it (POST, signed in); 404 for an unknown link."""
    invitation = club_invitation_by_link(token)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if join(request, invitation) is not None:
            return redirect(_club_url(invitation.club_id))
        return redirect("club-invitation", token=token)
    problem = ""
    try:
        club_invitation_check(invitation)
    except CodedError as error:
        problem = violation_text(error)
    here = request.path
    context = {
        "invitation": invitation,
        "role": role_word(invitation.role),
        "problem": problem,
        "membership": membership_of(club=invitation.club, user=request.user),
        "here": here,
    }
    return render(request, "web/clubs/invitation.html", context)
