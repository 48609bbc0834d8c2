"""Home, sign up (sign in and out are Django's own views), archiving old unfinished matches."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games.access import signed_in
from games.matches.selectors.invitations import claim_list_waiting, invitation_list_waiting
from games.matches.selectors.matches import match_groups
from games.matches.services.matches import matches_archive
from games.people.selectors.players import player_of
from games.rules.registry import GAMES
from scorekeeper.throttles import SignUpThrottle, throttled
from web.account_forms import SignUpForm
from web.club_invitations import invitation_in, join_through, role_word
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
    count = matches_archive(by=signed_in(request), before=timezone.now() - ARCHIVE_AFTER)
    text = ngettext("%(count)s old match is archived.", "%(count)s old matches are archived.", count)
    messages.success(request, text % {"count": count})
    return redirect("home")


class SignInView(LoginView):
    """Django's sign-in; when ``next`` is a club invitation's page, the page says so, and signing in
    joins the club (web/club_invitations.py)."""

    def get_context_data(self, **kwargs: object) -> dict[str, object]:
        """The sign-in page, naming the invitation it leads to, if any."""
        return super().get_context_data(**kwargs) | _invitation_context(self.get_redirect_url())

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        """Sign in, then accept the invitation the link led here from."""
        response = super().form_valid(form)
        join_through(self.request, self.get_redirect_url())
        return response


def _invitation_context(next_url: str) -> dict[str, object]:
    invitation = invitation_in(next_url)
    if invitation is None:
        return {}
    return {"club_invitation": invitation, "club_invitation_role": role_word(invitation.role)}


def _safe_next(request: HttpRequest) -> str:
    """The ``next`` the request names, if it stays on this site (else "")."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    hosts = {request.get_host()}
    return wanted if url_has_allowed_host_and_scheme(wanted, hosts, require_https=request.is_secure()) else ""


@throttled(SignUpThrottle)
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in with it (a taken name is refused in words that say no more than its
    public handle: web/account_forms.py); through a club invitation's page (``next``), join it."""
    form = SignUpForm(request.POST or None)
    after = _safe_next(request)
    if request.method == "POST" and form.is_valid():
        login(request, form.save(), backend="django.contrib.auth.backends.ModelBackend")
        join_through(request, after)
        return redirect(after or "home")
    context = {"form": form, "next": after} | _invitation_context(after)
    return render(request, "registration/signup.html", context)
