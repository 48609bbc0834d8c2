"""One's own account (docs/accounts.md): the Account page, the password (Django's change and reset
views with the project's templates), the e-mail address resets go to, and the signed-in devices."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext, ngettext

from games.access import signed_in
from games.people.selectors.accounts import WEB, device_id, device_list, email_pending, pending_email_of
from games.people.selectors.players import player_of
from games.people.services.accounts import (
    device_end,
    devices_end,
    email_change_request,
    email_verify,
    password_changed,
)
from scorekeeper.public import public_url
from scorekeeper.sign_in import failures_clear
from scorekeeper.throttles import PasswordResetMailThrottle, refusal_page
from web.account_forms import EmailForm, PasswordResetRequestForm
from web.devices import device_label

OTHERS = "others"  # the devices form's value for every device but this one


@login_required
def account_page(request: HttpRequest) -> HttpResponse:
    """The Account page: who one is, and the links to the password, the e-mail address and the devices."""
    user = signed_in(request)
    context = {
        "me": player_of(user),
        "pending": pending_email_of(user),
        "devices": len(device_list(user=user)),
    }
    return render(request, "web/account/account.html", context)


class PasswordChange(auth_views.PasswordChangeView):
    """Django's password change; every other device of the account is then signed out."""

    template_name = "registration/password_change_form.html"

    def form_valid(self, form: Any) -> HttpResponse:
        """Change the password, keeping this session; the account's other sessions and API token end."""
        response = super().form_valid(form)  # keeps this session (with a new key)
        password_changed(user=form.user, keep_session=self.request.session.session_key)
        return response


class PasswordChangeDone(auth_views.PasswordChangeDoneView):
    """Django's page after a password change."""

    template_name = "registration/password_change_done.html"


class PasswordReset(auth_views.PasswordResetView):
    """Django's reset request: the same answer whether or not an account has the address (only a
    verified address gets a mail), limited per client address and per address mailed."""

    template_name = "registration/password_reset_form.html"
    form_class = PasswordResetRequestForm
    success_url = reverse_lazy("password_reset_done")

    def form_valid(self, form: Any) -> HttpResponse:
        """Send the reset mail unless the address has had too many."""
        throttle = PasswordResetMailThrottle(form.cleaned_data["email"])
        if not throttle.allow_request(self.request, None):  # type: ignore[arg-type]  # reads no view
            return refusal_page(self.request, int(throttle.wait() or 60))
        return super().form_valid(form)


class PasswordResetDone(auth_views.PasswordResetDoneView):
    """Django's page after a reset is asked for."""

    template_name = "registration/password_reset_done.html"


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """Django's reset link: a new password, then every device of the account is signed out and its
    sign-in failures from this address are forgotten; the person then signs in as usual (the sign-in
    limits apply)."""

    template_name = "registration/password_reset_confirm.html"
    post_reset_login = False
    success_url = reverse_lazy("password_reset_complete")

    def form_valid(self, form: Any) -> HttpResponse:
        """Set the new password, sign every device out, forget the sign-in failures."""
        response = super().form_valid(form)
        devices_end(user=form.user)
        failures_clear(self.request, form.user)
        return response


class PasswordResetComplete(auth_views.PasswordResetCompleteView):
    """Django's page after a new password is set."""

    template_name = "registration/password_reset_complete.html"


@login_required
def account_email(request: HttpRequest) -> HttpResponse:
    """The address password resets go to: asking for one mails a link to it, and it is used only once
    the link is followed; the address can also be removed."""
    user = signed_in(request)
    form = EmailForm(request.POST if request.method == "POST" and "remove" not in request.POST else None)
    if request.method == "POST" and "remove" in request.POST:
        email_change_request(user=user, email="", link=str)
        messages.success(request, gettext("Your e-mail address is removed."))
        return redirect("account-email")
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]

        def link(token: str) -> str:
            return public_url(request, reverse("account-email-verify", args=[token]))

        if email_change_request(user=user, email=email, link=link):
            text = gettext("A link was sent to %(email)s: open it to use this address.")
            messages.success(request, text % {"email": email})
        else:
            messages.error(request, gettext("The mail could not be sent; please try again later."))
        return redirect("account-email")
    context = {"form": form, "pending": pending_email_of(user)}
    return render(request, "web/account/email.html", context)


def account_email_verify(request: HttpRequest, token: str) -> HttpResponse:
    """The mailed link: a button that makes the address the account's (so that a mail scanner opening
    the link verifies nothing); an invalid, expired or used link is 404."""
    pending = email_pending(token=token)
    if pending is None:
        return render(request, "web/account/email_link.html", status=404)
    if request.method == "POST":
        if email_verify(token=token) is None:
            raise Http404
        messages.success(request, gettext("%(email)s is verified.") % {"email": pending.email})
        return redirect("account-email" if request.user.is_authenticated else "login")
    return render(request, "web/account/email_verify.html", {"pending": pending})


@login_required
def account_devices(request: HttpRequest) -> HttpResponseBase:
    """The devices signed in to the account (web sessions and the API token): end one, or all but this."""
    user = signed_in(request)
    current = request.session.session_key
    if request.method == "POST":
        chosen = request.POST.get("device", "")
        if chosen == OTHERS:
            count = devices_end(user=user, keep_session=current)
            text = ngettext("%(count)s device is signed out.", "%(count)s devices are signed out.", count)
            messages.success(request, text % {"count": count})
        elif not device_end(user=user, device=chosen):
            raise Http404
        elif current and chosen == device_id(WEB, current):  # this browser: signed out here
            logout(request)
            return redirect("login")
        else:
            messages.success(request, gettext("The device is signed out."))
        return redirect("account-devices")
    devices = [
        (device, device_label(device.device)) for device in device_list(user=user, session_key=current)
    ]
    context = {"devices": devices, "others": OTHERS}
    return render(request, "web/account/devices.html", context)
