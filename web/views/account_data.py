"""One's own data: downloading it, and deleting one's account (docs/accounts.md).

Linked from the home page's "your table" for now; the account settings page links them too.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from games.access import signed_in
from games.errors import WrongPassword
from games.people.selectors.deletion import deletion_plan
from games.people.selectors.exports import EXPORT_FORMATS, export_filename
from games.people.selectors.players import player_of
from games.people.services.deletion import account_delete
from scorekeeper.throttles import AccountDeleteThrottle, AccountExportThrottle, throttled


class AccountDeleteForm(forms.Form):
    """The password that confirms deleting the account."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        max_length=4096,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )


@login_required
def account_data_page(request: HttpRequest) -> HttpResponse:
    """What a download holds, and the two forms to download it in."""
    return render(request, "web/account/data.html", {"formats": sorted(EXPORT_FORMATS)})


@login_required
@throttled(AccountExportThrottle, methods=("GET",))
def account_data_download(request: HttpRequest, form: str) -> StreamingHttpResponse:
    """The download itself, streamed as it is read."""
    if form not in EXPORT_FORMATS:
        raise Http404
    user = signed_in(request)
    write, media_type, _extension = EXPORT_FORMATS[form]
    response = StreamingHttpResponse(write(user=user), content_type=media_type)
    response["Content-Disposition"] = f'attachment; filename="{export_filename(user=user, form=form)}"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_http_methods(["GET", "POST"])
@throttled(AccountDeleteThrottle)
def account_delete_page(request: HttpRequest) -> HttpResponse:
    """What deleting the account removes and what stays, then the password to confirm it."""
    user = signed_in(request)
    form = AccountDeleteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            account_delete(user=user, password=form.cleaned_data["password"])
        except WrongPassword:
            form.add_error("password", gettext("That is not your password."))
        else:
            logout(request)
            messages.success(request, gettext("Your account is deleted."))
            return redirect("home")
    plan = deletion_plan(user=user)
    me = player_of(user)
    context = {
        "form": form,
        "plan": plan,
        "me": me,
        "me_stays": me is not None and me.pk in plan.players_passed,
        "guests_gone": len(plan.players_deleted - ({me.pk} if me else set())),
        "guests_kept": len(set(plan.players_passed) - ({me.pk} if me else set())),
    }
    return render(request, "web/account/delete.html", context, status=400 if form.errors else 200)
